import { queryOptions, useQuery } from '@tanstack/react-query';
import { RECENT_ACTIVITY_LIMIT } from '@shared/constants/caps';
import { TRADES_REFRESH_MS } from '@shared/constants/timings';
import { apiPath } from '@shared/routes';
import { tradeListResponseSchema } from '@shared/trades/schemas';
import { apiRequest } from '../../../lib/api-client';

/** The most recently updated trades (spec 7: ordered by updated_at, limit 5). */
export function getRecentTrades(limit: number, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(apiPath('listTrades', {}, { sort: 'updated', limit }), tradeListResponseSchema, {
    signal,
  });
}

export function getRecentTradesQueryOptions(limit: number = RECENT_ACTIVITY_LIMIT) {
  return queryOptions({
    queryKey: ['trades', 'recent', { limit }] as const,
    queryFn: async ({ signal }) => {
      try {
        return (await getRecentTrades(limit, { signal })).trades;
      } catch (error) {
        if (signal.aborted) throw error;
        console.error('Recent trades failed to load:', error);
        throw error;
      }
    },
    refetchInterval: TRADES_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}

export function useRecentTrades() {
  return useQuery(getRecentTradesQueryOptions());
}
