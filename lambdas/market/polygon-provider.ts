/**
 * A real quote provider: Polygon's stock snapshot API (one request for up to 50 tickers).
 * Names, market caps and the supported universe stay ours (shared/src/market/universe.ts);
 * prices, changes and volume come from the provider. Tested against a recorded response served
 * by a local HTTP stub (tests/fixtures/providers/polygon/, sources in tests/fixtures/SOURCES.md).
 */
import * as z from 'zod';
import type { Quote } from '@shared/market/schemas';
import { formatMarketCap, signed } from '@shared/market/quotes';
import { universeEntry } from '@shared/market/universe';
import { formatVolume } from '@shared/format/volume';

const snapshotSchema = z.object({
  status: z.string(),
  tickers: z.array(
    z.object({
      ticker: z.string(),
      todaysChange: z.number(),
      todaysChangePerc: z.number(),
      updated: z.number(),
      day: z.object({ c: z.number(), v: z.number() }),
      prevDay: z.object({ c: z.number() }),
      lastTrade: z.object({ p: z.number() }).optional(),
    }),
  ),
});

export class ProviderError extends Error {
  override name = 'ProviderError';
}

export interface QuoteProvider {
  quotes(symbols: readonly string[], at: Date): Promise<Quote[]>;
  /** Quotes any listed ticker, not only the universe's (Polygon; GET /api/symbols offers its tickers). */
  anySymbol?: boolean;
}

/** Polygon reports `updated` in nanoseconds since the epoch. */
const fromNanoseconds = (ns: number) => new Date(Math.floor(ns / 1e6)).toISOString();

export function polygonProvider(options: {
  baseUrl: string;
  apiKey: () => Promise<string>;
  fetchImpl?: typeof fetch;
}): QuoteProvider {
  const fetchImpl = options.fetchImpl ?? fetch;
  return {
    anySymbol: true,
    async quotes(symbols) {
      const url = new URL('/v2/snapshot/locale/us/markets/stocks/tickers', options.baseUrl);
      url.searchParams.set('tickers', symbols.join(','));
      const response = await fetchImpl(url, {
        headers: { authorization: `Bearer ${await options.apiKey()}`, accept: 'application/json' },
        signal: AbortSignal.timeout(5000),
      });
      if (!response.ok) throw new ProviderError(`Market data provider answered ${response.status}`);
      const parsed = snapshotSchema.safeParse(await response.json());
      if (!parsed.success) throw new ProviderError('Market data provider sent an unexpected response');
      const bySymbol = new Map(parsed.data.tickers.map((t) => [t.ticker, t]));
      return symbols.flatMap((symbol) => {
        const snapshot = bySymbol.get(symbol);
        if (!snapshot) return [];
        const entry = universeEntry(symbol);
        const price = snapshot.lastTrade?.p ?? snapshot.day.c;
        const quote: Quote = {
          symbol,
          name: entry?.name ?? symbol,
          price: price.toFixed(2),
          change: signed(snapshot.todaysChange, 2),
          changePercent: `${signed(snapshot.todaysChangePerc, 2)}%`,
          isPositive: snapshot.todaysChange >= 0,
          volume: formatVolume(snapshot.day.v),
          timestamp: fromNanoseconds(snapshot.updated),
          ...(entry?.sharesOutstanding
            ? { marketCap: formatMarketCap(entry.sharesOutstanding * price) }
            : {}),
        };
        return [quote];
      });
    },
  };
}
