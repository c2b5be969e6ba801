/**
 * What a real provider's scorecard signals are valued at (./scorecards): the stage's live quotes
 * (QUOTES_PROVIDER, the same source the market-data route reads: Polygon, or CBOE's chains'
 * underlying through the shared snapshot) near a horizon, and a session's recorded close (the
 * chain snapshot job's, ../market/recorded-closes) at a horizon that is a close. With simulated
 * quotes there is no live price, and without a snapshot store no recorded close. On a real chain
 * stage the default scan's picks are recorded and valued from the snapshot's past minutes
 * (./scorecard-scan, ../market/snapshot-minutes).
 */
import { CappedMap } from '@shared/cache/capped-map';
import type { ChainSnapshotStore, StoredChain } from '@shared/providers/chains/shared-snapshot';
import { marketClock } from '../common/clock';
import { configuredQuoteSource } from '../market/quote-source';
import { configuredCloses } from '../market/recorded-closes';
import { storedHistory } from '../market/snapshot-chains';
import { manifestNear, storedChainAt } from '../market/snapshot-minutes';
import { configuredSnapshotStore } from '../market/snapshot-store';
import type { ScanChains } from './scorecard-scan';
import { LIVE_VALUE_WINDOW_MS, scorecardSource, type ScorecardDeps } from './scorecards';

/** A ticker's quote is asked once this long: a run values many signals of one ticker at once. */
export const QUOTE_KEPT_MS = 60_000;

type LivePrice = NonNullable<ScorecardDeps['livePrice']>;

export function scorecardPrices(
  env: NodeJS.ProcessEnv = process.env,
  now: () => number = Date.now,
): Pick<ScorecardDeps, 'livePrice' | 'recordedClose' | 'scanChains'> {
  const quotes = configuredQuoteSource(env);
  const store = configuredSnapshotStore(env);
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
    ...(store && scorecardSource('scan', env) !== 'simulated'
      ? { scanChains: snapshotScanChains(store, () => marketClock().offsetMs()) }
      : {}),
    ...(closes
      ? {
          recordedClose: async (ticker: string, day: string) =>
            (await closes.close(ticker, day))?.price ?? null,
        }
      : {}),
  };
}

/** Chains decoded and kept per container: a run values a day's picks (a few symbols) at one minute. */
const CHAINS_KEPT = 16;

/**
 * The snapshot's past minutes for the scan's picks. Market instants are turned into the wall
 * clock's (the snapshot's slots) with the market clock's offset; a chain counts only when it was
 * fetched within LIVE_VALUE_WINDOW_MS of the instant asked (a stale symbol keeps an older one).
 */
export function snapshotScanChains(store: ChainSnapshotStore, offsetMs: () => number): ScanChains {
  const kept = new CappedMap<string, Promise<StoredChain | null>>(CHAINS_KEPT);
  return {
    history: (symbol, provider) => storedHistory(store, symbol, provider),
    async minuteNear(at, notAfter) {
      const wallAt = new Date(at.getTime() - offsetMs());
      const wallLimit = new Date(notAfter.getTime() - offsetMs());
      const manifest = await manifestNear(store, wallAt, LIVE_VALUE_WINDOW_MS, wallLimit);
      if (!manifest) return null;
      return {
        provider: manifest.provider,
        symbols: Object.keys(manifest.symbols),
        async chain(symbol) {
          const entry = manifest.symbols[symbol.toUpperCase()];
          if (!entry || Math.abs(Date.parse(entry.fetchedAt) - wallAt.getTime()) > LIVE_VALUE_WINDOW_MS)
            return null;
          let stored = kept.get(entry.key);
          if (!stored) {
            stored = storedChainAt(store, entry.key);
            kept.set(entry.key, stored);
            stored.catch(() => kept.delete(entry.key));
          }
          return (await stored)?.priced ?? null;
        },
      };
    },
  };
}
