import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { siteGateQueryOptions, siteGateStateSchema } from './get-site-gate';

export const unlockSiteGateInput = z.object({ password: z.string().min(1) });
export type UnlockSiteGateInput = z.infer<typeof unlockSiteGateInput>;

export const unlockSiteGate = (input: UnlockSiteGateInput) =>
  apiRequest('/api/site-gate', siteGateStateSchema, { method: 'POST', body: input });

export function useUnlockSiteGate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockSiteGate,
    onSuccess: (state) => queryClient.setQueryData(siteGateQueryOptions().queryKey, state),
  });
}
