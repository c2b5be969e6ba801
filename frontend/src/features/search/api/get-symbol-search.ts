import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { symbolSearchResponseSchema, type SymbolSearchResponse } from '@shared/market/symbol-search';
import { apiPath } from '@shared/routes';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/symbols: the universe's matches, and the quotes provider's tickers where it has a search. */
export function getSymbolSearch(q: string, signal?: AbortSignal): Promise<SymbolSearchResponse> {
  return apiRequest(apiPath('searchSymbols', {}, { q }), symbolSearchResponseSchema, { signal });
}

export const symbolSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['symbols', 'search', q] as const,
    queryFn: ({ signal }) => getSymbolSearch(q, signal),
    // Tickers change rarely; a failure leaves the search's own (universe) results, so no retry.
    staleTime: 10 * 60_000,
    placeholderData: keepPreviousData,
    retry: false,
  });

/** The answer for `q` (already debounced by the caller); off while the dropdown is closed or empty. */
export const useSymbolSearch = (q: string, enabled: boolean) =>
  useQuery({ ...symbolSearchQueryOptions(q), enabled: enabled && q.length > 0 });
