import { queryOptions, useQuery } from '@tanstack/react-query';
import { MARKET_OVERVIEW_SYMBOLS, TICKER_BAR_SYMBOLS } from '@shared/constants/symbols';
import { marketDataApiError, tickerDataApiError } from '@shared/constants/texts';
import { MARKET_OVERVIEW_REFRESH_MS, TICKER_BAR_REFRESH_MS } from '@shared/constants/timings';
import { marketDataResponseSchema, type MarketDataResponse, type QuoteType } from '@shared/market/schemas';
import { apiPath } from '@shared/routes';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { fallbackTickerQuotes } from '../utils/fallback-quotes';

export function getQuotes(
  symbols: readonly string[],
  type: QuoteType,
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiRequest(apiPath('getMarketData'), marketDataResponseSchema, {
    method: 'POST',
    body: { symbols, type },
    signal,
  });
}

const statusOf = (error: unknown) => (error instanceof ApiError ? error.status : 0);

/**
 * The Market Overview panel's ten quotes (the Market Summary card reads SPY, QQQ, IWM and VIX
 * from the same request). Every 30 s while the page is visible. Spec 8: a failure is logged as
 * 'Market data API error: {status}' and the panel keeps the quotes it had.
 */
export function getMarketOverviewQueryOptions() {
  return queryOptions({
    queryKey: ['market', 'quotes', 'dashboard', MARKET_OVERVIEW_SYMBOLS] as const,
    queryFn: async ({ signal }) => {
      try {
        return await getQuotes(MARKET_OVERVIEW_SYMBOLS, 'dashboard', { signal });
      } catch (error) {
        if (signal.aborted) throw error;
        console.error(marketDataApiError(statusOf(error)), error);
        throw error;
      }
    },
    refetchInterval: MARKET_OVERVIEW_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}

export function useMarketOverview() {
  return useQuery(getMarketOverviewQueryOptions());
}

export type TickerBarData = MarketDataResponse | { data: MarketDataResponse['data']; source: 'fallback' };

/**
 * The ticker bar's 20 quotes, every 30 s while visible. Spec 8: on failure it logs
 * 'Ticker data API error: {status}' and shows randomly generated quotes for 16 symbols, named
 * '{symbol} Corp.', marked as a fallback.
 */
export function getTickerBarQueryOptions() {
  return queryOptions({
    queryKey: ['market', 'quotes', 'ticker', TICKER_BAR_SYMBOLS] as const,
    queryFn: async ({ signal }): Promise<TickerBarData> => {
      try {
        return await getQuotes(TICKER_BAR_SYMBOLS, 'ticker', { signal });
      } catch (error) {
        if (signal.aborted) throw error;
        console.error(tickerDataApiError(statusOf(error)), error);
        return { data: fallbackTickerQuotes(new Date()), source: 'fallback' };
      }
    },
    refetchInterval: TICKER_BAR_REFRESH_MS,
    refetchIntervalInBackground: false,
    retry: false,
  });
}

export function useTickerBar() {
  return useQuery(getTickerBarQueryOptions());
}
