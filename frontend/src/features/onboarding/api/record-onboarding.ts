import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileSchema, type UpdateProfileInput } from '@shared/profiles/schemas';
import { apiPath } from '@shared/routes';
import { apiRequest } from '../../../lib/api-client';

/** The profile's query key (GET /api/profile is cached under it wherever it is read). */
const PROFILE_QUERY_KEY = ['profile'] as const;

export type OnboardingRecord = Pick<UpdateProfileInput, 'onboarding_completed_at' | 'onboarding_skipped_at'>;

/** PATCH /api/profile with when the tour was finished or skipped, so other browsers know. */
export const recordOnboarding = (record: OnboardingRecord) =>
  apiRequest(apiPath('updateProfile'), profileSchema, { method: 'PATCH', body: record });

export function useRecordOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordOnboarding,
    onSuccess: (profile) => queryClient.setQueryData(PROFILE_QUERY_KEY, profile),
    // Spec 8: profile save failures are logged only; this device's own keys still hold it.
    onError: (error) => console.warn('The onboarding state could not be saved to the profile', error),
  });
}
