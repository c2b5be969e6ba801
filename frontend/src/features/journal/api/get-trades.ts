import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPath } from '@shared/routes';
import { tradeListResponseSchema, type TradeFilters } from '@shared/trades/schemas';
import { apiRequest } from '../../../lib/api-client';

/** Rows per page: enough to fill a tall screen twice, small enough to arrive in one quick read. */
export const TRADES_PAGE_SIZE = 100;

/** One page of the journal, newest trade date first; `cursor` from the previous page. */
export function getTrades(
  filters: TradeFilters,
  cursor: string | null,
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiRequest(
    apiPath('listTrades', {}, { ...filters, limit: TRADES_PAGE_SIZE, cursor }),
    tradeListResponseSchema,
    { signal },
  );
}

export function getTradesInfiniteQueryOptions(filters: TradeFilters) {
  return infiniteQueryOptions({
    queryKey: ['trades', 'list', filters] as const,
    queryFn: ({ pageParam, signal }) => getTrades(filters, pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.cursor,
  });
}

/** The journal's trades, a page at a time as the table scrolls. */
export function useTrades(filters: TradeFilters) {
  return useInfiniteQuery(getTradesInfiniteQueryOptions(filters));
}
