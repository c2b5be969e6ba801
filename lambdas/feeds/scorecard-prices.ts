/**
 * What a real provider's scorecard signals are valued at (./scorecards): the stage's live quotes
 * (QUOTES_PROVIDER, the same source the market-data route reads: Polygon, or CBOE's chains'
 * underlying through the shared snapshot) near a horizon, and a session's recorded close (the
 * chain snapshot job's, ../market/recorded-closes) at a horizon that is a close. With simulated
 * quotes there is no live price, and without a snapshot store no recorded close.
 */
import { CappedMap } from '@shared/cache/capped-map';
import { configuredQuoteSource } from '../market/quote-source';
import { configuredCloses } from '../market/recorded-closes';
import type { ScorecardDeps } from './scorecards';

/** A ticker's quote is asked once this long: a run values many signals of one ticker at once. */
export const QUOTE_KEPT_MS = 60_000;

type LivePrice = NonNullable<ScorecardDeps['livePrice']>;

export function scorecardPrices(
  env: NodeJS.ProcessEnv = process.env,
  now: () => number = Date.now,
): Pick<ScorecardDeps, 'livePrice' | 'recordedClose'> {
  const quotes = configuredQuoteSource(env);
  const closes = configuredCloses(env);
  const kept = new CappedMap<string, { at: number; answer: ReturnType<LivePrice> }>(500);
  const livePrice: LivePrice = (ticker) => {
    const held = kept.get(ticker);
    if (held && now() - held.at < QUOTE_KEPT_MS) return held.answer;
    const answer = (async () => {
      const [quote] = await quotes.provider.quotes([ticker], new Date(now()));
      const price = quote ? Number(quote.price) : NaN;
      return quote && price > 0 ? { price, at: quote.timestamp } : null;
    })();
    kept.set(ticker, { at: now(), answer });
    // A failed ask is not kept: the next signal (or run) asks again.
    answer.catch(() => kept.delete(ticker));
    return answer;
  };
  return {
    ...(quotes.source === 'live' ? { livePrice } : {}),
    ...(closes
      ? {
          recordedClose: async (ticker: string, day: string) =>
            (await closes.close(ticker, day))?.price ?? null,
        }
      : {}),
  };
}
