import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath } from '@shared/routes';
import { profileSchema, type Profile } from '@shared/profiles/schemas';
import { apiRequest } from '../../../lib/api-client';

export function getProfile({ signal }: { signal?: AbortSignal } = {}): Promise<Profile> {
  return apiRequest(apiPath('getProfile'), profileSchema, { signal });
}

export const profileQueryKey = ['profile'] as const;

export function getProfileQueryOptions() {
  return queryOptions({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => getProfile({ signal }),
  });
}

export function useProfile() {
  return useQuery(getProfileQueryOptions());
}
