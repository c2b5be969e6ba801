import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { marketDataResponseSchema, type Quote } from '@shared/market/schemas';
import { apiPath } from '@shared/routes';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/market-data for the symbols the dropdown shows (spec 7: the quote list is `data`). */
export async function getSearchQuotes(symbols: readonly string[], signal?: AbortSignal): Promise<Quote[]> {
  const { data } = await apiRequest(apiPath('getMarketData'), marketDataResponseSchema, {
    method: 'POST',
    body: { symbols, type: 'dashboard' },
    signal,
  });
  return data;
}

export const searchQuotesQueryOptions = (symbols: readonly string[]) =>
  queryOptions({
    queryKey: ['market-data', 'search', symbols] as const,
    queryFn: ({ signal }) => getSearchQuotes(symbols, signal),
    enabled: symbols.length > 0,
    // Keep the last prices on screen while the next set loads, and do not retry: the dropdown
    // shows '--' placeholders on failure (spec 8) rather than waiting.
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useSearchQuotes = (symbols: readonly string[], enabled: boolean) =>
  useQuery({ ...searchQuotesQueryOptions(symbols), enabled: enabled && symbols.length > 0 });
