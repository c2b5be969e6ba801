/**
 * Risky Chatter from StockTwits (SOCIAL_PROVIDER=stocktwits): each scheduled run reads the public
 * symbol streams of a few watch-list symbols in turn (no key; StockTwits allows about 200
 * unauthenticated requests an hour, and SOCIAL_SYMBOLS_PER_RUN a minute stays well under) and
 * stores one card per stream (shared/src/providers/feeds/stocktwits.ts). A run whose requests
 * fail stores nothing new and records why; the API then serves the stored cards marked stale.
 */
import type { FeedItem } from '@shared/feeds/schemas';
import { isKnownSymbol } from '@shared/market/universe';
import {
  FeedProviderError,
  feedProviderLabels,
  type FetchJson,
} from '@shared/providers/feeds/feed-providers';
import {
  chatterFromStocktwits,
  parseStocktwitsStream,
  stocktwitsStreamUrl,
} from '@shared/providers/feeds/stocktwits';
import { runtimeEnv } from '@shared/secrets';
import type { FeedsRepo } from './repository';
import type { ProviderStatusRepo } from './provider-status';

/** The streams read by default: the most discussed names of our universe on StockTwits. */
export const SOCIAL_WATCHLIST = [
  'SPY',
  'QQQ',
  'TSLA',
  'NVDA',
  'AAPL',
  'AMD',
  'PLTR',
  'META',
  'AMZN',
  'MSFT',
] as const;
/** Streams read per run (one run a minute): 2 → 120 requests an hour, each symbol every 5 minutes. */
export const SOCIAL_SYMBOLS_PER_RUN = 2;
/** Stored cards leave a day after they were fetched (the feeds' TTL). */
export const SOCIAL_ITEM_TTL_SECONDS = 24 * 60 * 60;

export function socialSymbols(env: NodeJS.ProcessEnv = process.env): string[] {
  return symbolListFromEnv(runtimeEnv.socialSymbols, SOCIAL_WATCHLIST, 'StockTwits', env);
}

/** A comma-separated symbol list from the environment (unset: `fallback`'s known symbols); a malformed symbol throws. */
export function symbolListFromEnv(
  envVar: string,
  fallback: readonly string[],
  provider: string,
  env: NodeJS.ProcessEnv = process.env,
): string[] {
  const raw = env[envVar];
  if (raw === undefined || raw.trim() === '') return fallback.filter(isKnownSymbol);
  const symbols = [...new Set(raw.split(',').map((s) => s.trim().toUpperCase()))].filter(Boolean);
  const bad = symbols.filter((s) => !/^[A-Z.]{1,10}$/.test(s));
  if (bad.length > 0) throw new Error(`${envVar} has symbols ${provider} cannot have: ${bad.join(', ')}`);
  return symbols;
}

/** The symbols a run at `wallNow` reads: the next `perRun` of the list, turning with each minute. */
export function symbolsForRun(
  symbols: readonly string[],
  wallNow: number,
  perRun = SOCIAL_SYMBOLS_PER_RUN,
): string[] {
  const count = Math.min(perRun, symbols.length);
  const start = (Math.floor(wallNow / 60_000) * count) % symbols.length;
  return Array.from({ length: count }, (_, i) => symbols[(start + i) % symbols.length]!);
}

export interface RealFeedRun {
  written: number;
  failure: string | null;
}

export class StocktwitsChatter {
  readonly provider = 'stocktwits' as const;

  constructor(
    private readonly baseUrl: string,
    private readonly fetchJson: FetchJson,
    private readonly symbols: readonly string[],
    private readonly wallNow: () => number = Date.now,
  ) {}

  /** One card per stream read now, and the first failure's reason (null when every stream answered). */
  async fetch(): Promise<{ items: FeedItem<'chatter'>[]; failure: string | null }> {
    const items: FeedItem<'chatter'>[] = [];
    const failures: string[] = [];
    for (const symbol of symbolsForRun(this.symbols, this.wallNow())) {
      try {
        const stream = parseStocktwitsStream(await this.fetchJson(stocktwitsStreamUrl(this.baseUrl, symbol)));
        if (stream.symbol.symbol.toUpperCase() !== symbol)
          throw new FeedProviderError(`sent the ${stream.symbol.symbol} stream for ${symbol}`);
        const card = chatterFromStocktwits(stream);
        if (card) items.push(card);
      } catch (error) {
        if (!(error instanceof FeedProviderError)) throw error;
        failures.push(`${feedProviderLabels.stocktwits} ${error.message} (${symbol})`);
      }
    }
    return { items, failure: failures[0] ?? null };
  }

  /** Fetches, stores the cards (TTL from now: a quiet stream's newest message may be old) and records how it went. */
  async run(repo: FeedsRepo, status: ProviderStatusRepo): Promise<RealFeedRun> {
    const { items, failure } = await this.fetch();
    const now = this.wallNow();
    await repo.putItems('chatter', items, () => Math.floor(now / 1000) + SOCIAL_ITEM_TTL_SECONDS);
    const previous = await status.get('chatter');
    await status.put('chatter', {
      provider: this.provider,
      lastSuccessAt:
        items.length > 0 || failure === null
          ? new Date(now).toISOString()
          : (previous?.lastSuccessAt ?? null),
      failure: failure ? { at: new Date(now).toISOString(), reason: failure } : null,
    });
    return { written: items.length, failure };
  }
}
