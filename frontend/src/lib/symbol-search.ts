import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { symbolSearchResponseSchema, type SymbolSearchResponse } from '@shared/market/symbol-search';
import { apiPath } from '@shared/routes';
import { apiRequest } from './api-client';
import { useDebouncedValue } from './use-debounced-value';

/**
 * GET /api/symbols for global search and the journal's ticker (issue 23): the universe's matches,
 * and the quotes provider's tickers where it has a search (Polygon), each marked scannable or not.
 */

/** How long the text must rest before the provider's tickers are asked for. */
export const SYMBOL_SEARCH_DEBOUNCE_MS = 250;

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

/** The answer for `text` once it has rested SYMBOL_SEARCH_DEBOUNCE_MS, with the text it answers. */
export function useDebouncedSymbolSearch(text: string, enabled: boolean) {
  const settled = useDebouncedValue(text.trim(), SYMBOL_SEARCH_DEBOUNCE_MS);
  const query = useSymbolSearch(settled, enabled);
  // Only the answer for the text on screen (not the previous text's, kept while the next loads).
  const current = settled === text.trim() && !query.isPlaceholderData ? (query.data ?? null) : null;
  return { answer: current, query };
}
