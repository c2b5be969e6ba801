import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '@shared/routes';
import { profileSchema, type Profile, type UpdateProfileInput } from '@shared/profiles/schemas';
import { apiRequest } from '../../../lib/api-client';
import { profileQueryKey } from './get-profile';

export function updateProfile(changes: UpdateProfileInput): Promise<Profile> {
  return apiRequest(apiPath('updateProfile'), profileSchema, { method: 'PATCH', body: changes });
}

/**
 * Saves profile fields. Notification switches move at once (optimistically) and move back if
 * the save fails; the saved profile then replaces the cached one.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onMutate: async (changes) => {
      await queryClient.cancelQueries({ queryKey: profileQueryKey });
      const previous = queryClient.getQueryData<Profile>(profileQueryKey);
      if (previous && changes.notification_prefs)
        queryClient.setQueryData<Profile>(profileQueryKey, {
          ...previous,
          notification_prefs: { ...previous.notification_prefs, ...changes.notification_prefs },
        });
      return { previous };
    },
    onError: (_error, _changes, context) => {
      if (context?.previous) queryClient.setQueryData(profileQueryKey, context.previous);
    },
    onSuccess: (profile) => queryClient.setQueryData(profileQueryKey, profile),
  });
}
