import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingStatusSchema, type BillingStatus } from '@shared/billing/schemas';
import { apiPath } from '@shared/routes';
import { apiRequest } from '../../../lib/api-client';

/** Whether this stage takes payments online (otherwise the UI says how to reach sales). */
export function getBilling({ signal }: { signal?: AbortSignal } = {}): Promise<BillingStatus> {
  return apiRequest(apiPath('getBilling'), billingStatusSchema, { signal });
}

export const billingStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['billing', 'status'],
    queryFn: ({ signal }) => getBilling({ signal }),
    staleTime: 5 * 60_000,
  });

export function useBillingStatus() {
  return useQuery(billingStatusQueryOptions());
}
