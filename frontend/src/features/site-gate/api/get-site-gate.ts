import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { SITE_GATE_QUERY_KEY } from '../../../lib/auth';

export const siteGateStateSchema = z.object({ required: z.boolean(), unlocked: z.boolean() });
export type SiteGateState = z.infer<typeof siteGateStateSchema>;

export const getSiteGate = () => apiRequest('/api/site-gate', siteGateStateSchema);

export const siteGateQueryOptions = () =>
  queryOptions({ queryKey: SITE_GATE_QUERY_KEY, queryFn: getSiteGate, staleTime: Infinity });

export const useSiteGate = (enabled: boolean) => useQuery({ ...siteGateQueryOptions(), enabled });
