import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { noContentSchema } from '@shared/api/responses';
import { apiPath } from '@shared/routes';
import { watchedTickerSchema, watchlistSchema, type Watchlist } from '@shared/watchlist/schemas';
import { ApiError, apiRequest } from './api-client';

export const WATCHLIST_KEY = ['watchlist'] as const;

/** GET /api/watchlist: the user's tickers, in the order they were added. */
export const useWatchlist = () =>
  useQuery({
    queryKey: WATCHLIST_KEY,
    queryFn: ({ signal }) => apiRequest(apiPath('getWatchlist'), watchlistSchema, { signal }),
  });

/**
 * PUT or DELETE /api/watchlist/{ticker}. The list changes at once (every Watch control and the
 * dashboard card agree), and is read again after the request, whatever it answered.
 */
export function useToggleWatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ticker, watch }: { ticker: string; watch: boolean }) =>
      watch
        ? apiRequest(apiPath('watchTicker', { ticker }), watchedTickerSchema, { method: 'PUT' })
        : apiRequest(apiPath('unwatchTicker', { ticker }), noContentSchema, { method: 'DELETE' }),
    onMutate: async ({ ticker, watch }) => {
      await queryClient.cancelQueries({ queryKey: WATCHLIST_KEY });
      const previous = queryClient.getQueryData<Watchlist>(WATCHLIST_KEY);
      if (previous)
        queryClient.setQueryData<Watchlist>(WATCHLIST_KEY, {
          ...previous,
          tickers: watch
            ? [
                ...previous.tickers.filter((t) => t.ticker !== ticker),
                { ticker, addedAt: new Date().toISOString() },
              ]
            : previous.tickers.filter((t) => t.ticker !== ticker),
        });
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(WATCHLIST_KEY, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: WATCHLIST_KEY }),
  });
}

/** What a failed watch or unwatch says: the API's reason (e.g. the list is full), else a generic line. */
export const watchErrorText = (error: Error | null): string | null =>
  error instanceof ApiError ? error.message : error ? 'Could not change the watchlist' : null;
