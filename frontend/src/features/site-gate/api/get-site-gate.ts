import { queryOptions, useQuery } from '@tanstack/react-query';
import { boolean, object, type infer as Infer } from 'zod/mini';
import { apiRequest } from '../../../lib/api-client';
import { SITE_GATE_QUERY_KEY } from '../../../lib/auth';

// zod/mini: the gate is checked before the first paint, from the entry bundle.
export const siteGateStateSchema = object({ required: boolean(), unlocked: boolean() });
export type SiteGateState = Infer<typeof siteGateStateSchema>;

export const getSiteGate = () => apiRequest('/api/site-gate', siteGateStateSchema);

export const siteGateQueryOptions = () =>
  queryOptions({ queryKey: SITE_GATE_QUERY_KEY, queryFn: getSiteGate, staleTime: Infinity });

export const useSiteGate = (enabled: boolean) => useQuery({ ...siteGateQueryOptions(), enabled });
