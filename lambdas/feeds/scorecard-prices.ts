/**
 * What a real provider's scorecard signals are valued at (./scorecards): the stage's live quotes
 * (QUOTES_PROVIDER, the same source the market-data route reads: Polygon, or CBOE's chains'
 * underlying through the shared snapshot) near a horizon, and a session's recorded close (the
 * chain snapshot job's, ../market/recorded-closes) at a horizon that is a close. With simulated
 * quotes there is no live price, and without a snapshot store no recorded close.
 */
import { configuredQuoteSource } from '../market/quote-source';
import { configuredCloses } from '../market/recorded-closes';
import type { ScorecardDeps } from './scorecards';

export function scorecardPrices(
  env: NodeJS.ProcessEnv = process.env,
): Pick<ScorecardDeps, 'livePrice' | 'recordedClose'> {
  const quotes = configuredQuoteSource(env);
  const closes = configuredCloses(env);
  return {
    ...(quotes.source === 'live'
      ? {
          livePrice: async (ticker: string) => {
            const [quote] = await quotes.provider.quotes([ticker], new Date());
            const price = quote ? Number(quote.price) : NaN;
            return quote && price > 0 ? { price, at: quote.timestamp } : null;
          },
        }
      : {}),
    ...(closes
      ? {
          recordedClose: async (ticker: string, day: string) =>
            (await closes.close(ticker, day))?.price ?? null,
        }
      : {}),
  };
}
