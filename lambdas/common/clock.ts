/**
 * The market clock of this function (shared/src/market/clock.ts), read from its environment on
 * first use. A malformed setting fails the request with the reason, and every request after it,
 * rather than run on another clock.
 */
import { marketClockFrom, type MarketClock } from '@shared/market/clock';

let clock: MarketClock | undefined;

export function marketClock(): MarketClock {
  clock ??= marketClockFrom(process.env);
  return clock;
}

/** The market's now: the default `at` of every market, feed and assistant service. */
export const marketNow = (): Date => marketClock().now();
