import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath } from '@shared/routes';
import { siteGateStateSchema } from '@shared/site-gate/schemas';
import { apiRequest } from '../../../lib/api-client';
import { SITE_GATE_QUERY_KEY } from '../../../lib/auth';

export const getSiteGate = () => apiRequest(apiPath('getSiteGate'), siteGateStateSchema);

export const siteGateQueryOptions = () =>
  queryOptions({ queryKey: SITE_GATE_QUERY_KEY, queryFn: getSiteGate, staleTime: Infinity });

export const useSiteGate = (enabled: boolean) => useQuery({ ...siteGateQueryOptions(), enabled });
