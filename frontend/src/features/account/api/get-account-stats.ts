import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountStatsSchema, type AccountStats } from '@shared/account/schemas';
import { apiPath } from '@shared/routes';
import { apiRequest } from '../../../lib/api-client';

export function getAccountStats({ signal }: { signal?: AbortSignal } = {}): Promise<AccountStats> {
  return apiRequest(apiPath('getAccountStats'), accountStatsSchema, { signal });
}

export const accountStatsQueryOptions = () =>
  queryOptions({ queryKey: ['account', 'stats'], queryFn: ({ signal }) => getAccountStats({ signal }) });

export function useAccountStats() {
  return useQuery(accountStatsQueryOptions());
}
