import { useMutation, useQueryClient } from '@tanstack/react-query';
import { minLength, object, string, type infer as Infer } from 'zod/mini';
import { apiRequest } from '../../../lib/api-client';
import { siteGateQueryOptions, siteGateStateSchema } from './get-site-gate';

export const unlockSiteGateInput = object({ password: string().check(minLength(1)) });
export type UnlockSiteGateInput = Infer<typeof unlockSiteGateInput>;

export const unlockSiteGate = (input: UnlockSiteGateInput) =>
  apiRequest('/api/site-gate', siteGateStateSchema, { method: 'POST', body: input });

export function useUnlockSiteGate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockSiteGate,
    onSuccess: (state) => queryClient.setQueryData(siteGateQueryOptions().queryKey, state),
  });
}
