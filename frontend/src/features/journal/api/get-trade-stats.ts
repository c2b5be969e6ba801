import { queryOptions, useQuery } from '@tanstack/react-query';
import { TRADES_REFRESH_MS } from '@shared/constants/timings';
import { apiPath } from '@shared/routes';
import { tradeStatsSchema, type TradeFilters } from '@shared/trades/schemas';
import { apiRequest } from '../../../lib/api-client';

/** The spec's four figures and the analytics, for the trades the filters select. */
export function getTradeStats(filters: TradeFilters, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(apiPath('getTradeStats', {}, filters), tradeStatsSchema, { signal });
}

export function getTradeStatsQueryOptions(filters: TradeFilters) {
  return queryOptions({
    queryKey: ['trades', 'stats', filters] as const,
    queryFn: ({ signal }) => getTradeStats(filters, { signal }),
    // Spec 9: trades refresh every 30 seconds (only while the page is visible).
    refetchInterval: TRADES_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}

export function useTradeStats(filters: TradeFilters) {
  return useQuery(getTradeStatsQueryOptions(filters));
}
