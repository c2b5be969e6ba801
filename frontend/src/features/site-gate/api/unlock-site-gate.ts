import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '@shared/routes';
import { siteGateStateSchema, type UnlockSiteGateInput } from '@shared/site-gate/schemas';
import { apiRequest } from '../../../lib/api-client';
import { siteGateQueryOptions } from './get-site-gate';

export const unlockSiteGate = (input: UnlockSiteGateInput) =>
  apiRequest(apiPath('unlockSiteGate'), siteGateStateSchema, { method: 'POST', body: input });

export function useUnlockSiteGate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockSiteGate,
    onSuccess: (state) => queryClient.setQueryData(siteGateQueryOptions().queryKey, state),
  });
}
