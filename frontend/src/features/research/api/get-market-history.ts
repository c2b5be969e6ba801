import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { marketHistorySchema, type HistoryRange } from '@shared/market/history';
import { MARKET_OVERVIEW_REFRESH_MS } from '@shared/constants/timings';
import { apiPath } from '@shared/routes';
import { apiRequest } from '../../../lib/api-client';

export function getMarketHistory(
  symbol: string,
  range: HistoryRange,
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiRequest(apiPath('getMarketHistory', {}, { symbol, range }), marketHistorySchema, { signal });
}

export function getMarketHistoryQueryOptions(symbol: string, range: HistoryRange) {
  return queryOptions({
    queryKey: ['market', 'history', symbol, range] as const,
    queryFn: ({ signal }) => getMarketHistory(symbol, range, { signal }),
    staleTime: MARKET_OVERVIEW_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

/** A chart card's prices for a range other than the one stored with the reply. */
export function useMarketHistory(symbol: string, range: HistoryRange, enabled: boolean) {
  return useQuery({ ...getMarketHistoryQueryOptions(symbol, range), enabled });
}
