/**
 * Dark Pool Flow from Polygon's trades (DARKPOOL_PROVIDER=polygon): each scheduled run in the
 * regular session reads the latest trades of a few watch-list symbols in turn, keeps the blocks
 * reported to a FINRA TRF (shared/src/providers/feeds/polygon-trades.ts), asks for the NBBO in
 * force at each, and stores one item per print. A run whose requests fail stores what it could
 * read and records why; the API then serves the stored prints marked stale. Outside the session
 * nothing is read and no print is stored (the feed says the market is closed).
 */
import type { FeedItem } from '@shared/feeds/schemas';
import { isInSession, newYorkInstant, newYorkTime, sessionOf } from '@shared/market/calendar';
import {
  FeedProviderError,
  feedProviderLabels,
  type FetchJson,
} from '@shared/providers/feeds/feed-providers';
import {
  darkPoolItem,
  darkPoolPrint,
  isDarkPoolBlock,
  parsePolygonQuotes,
  parsePolygonTrades,
  polygonNbboUrl,
  polygonTradesUrl,
} from '@shared/providers/feeds/polygon-trades';
import { fetchPolygonPages } from '@shared/providers/polygon-pages';
import { runtimeEnv } from '@shared/secrets';
import type { ProviderStatusRepo } from './provider-status';
import type { FeedsRepo } from './repository';
import { symbolListFromEnv, symbolsForRun, type RealFeedRun } from './social-source';

/** The tickers read by default: the names with the most off-exchange volume in our universe. */
export const DARKPOOL_WATCHLIST = [
  'SPY',
  'QQQ',
  'AAPL',
  'NVDA',
  'TSLA',
  'MSFT',
  'AMZN',
  'META',
  'AMD',
  'PLTR',
] as const;
/** Tickers read per run (one run a minute): each of the ten every five minutes. */
export const DARKPOOL_SYMBOLS_PER_RUN = 2;
/** NBBO requests per run at most (one per block); blocks beyond them are stored without NBBO. */
export const DARKPOOL_NBBO_PER_RUN = 20;
/**
 * Trade pages (50,000 trades each) read per ticker and run at most: a window is about seven
 * minutes, a busy ticker's SIP tape a few thousand trades a minute, more at the open.
 */
export const DARKPOOL_TRADE_PAGES_PER_SYMBOL = 4;
/** A run reads back this much more than the gap since the ticker's last read (late TRF reports). */
const OVERLAP_MS = 2 * 60_000;
/** Stored prints leave a day after they were fetched (the feeds' TTL). */
export const DARKPOOL_ITEM_TTL_SECONDS = 24 * 60 * 60;

export function darkPoolSymbols(env: NodeJS.ProcessEnv = process.env): string[] {
  return symbolListFromEnv(runtimeEnv.darkPoolSymbols, DARKPOOL_WATCHLIST, 'Polygon', env);
}

export class PolygonDarkPool {
  readonly provider = 'polygon' as const;

  constructor(
    private readonly baseUrl: string,
    private readonly fetchJson: FetchJson,
    private readonly symbols: readonly string[],
    /** The market clock: which session, and how far back to read. */
    private readonly marketNow: () => Date,
    private readonly wallNow: () => number = Date.now,
  ) {}

  /** The window a run at `now` reads: since the ticker was last read (with overlap), not before today's open. */
  window(now: Date): { fromMs: number; toMs: number } | null {
    if (!isInSession(now)) return null;
    const { dayNumber } = newYorkTime(now);
    const open = newYorkInstant(dayNumber, sessionOf(dayNumber)!.open).getTime();
    const revisitMs = Math.ceil(this.symbols.length / DARKPOOL_SYMBOLS_PER_RUN) * 60_000;
    return { fromMs: Math.max(open, now.getTime() - revisitMs - OVERLAP_MS), toMs: now.getTime() };
  }

  /** The blocks printed in this run's window, and the first failure's reason (null when every request answered). */
  async fetch(): Promise<{ items: FeedItem<'darkpool'>[]; failure: string | null; closed: boolean }> {
    const now = this.marketNow();
    const window = this.window(now);
    if (!window) return { items: [], failure: null, closed: true };
    const items: FeedItem<'darkpool'>[] = [];
    const failures: string[] = [];
    let nbboLeft = DARKPOOL_NBBO_PER_RUN;
    for (const symbol of symbolsForRun(this.symbols, this.wallNow(), DARKPOOL_SYMBOLS_PER_RUN)) {
      try {
        const { pages, truncated } = await fetchPolygonPages({
          firstUrl: polygonTradesUrl(this.baseUrl, symbol, window.fromMs * 1e6, window.toMs * 1e6),
          baseUrl: this.baseUrl,
          fetchJson: this.fetchJson,
          maxPages: DARKPOOL_TRADE_PAGES_PER_SYMBOL,
          onTooMany: 'stop',
          fail: (message) => new FeedProviderError(message),
        });
        if (truncated) {
          failures.push(
            `${feedProviderLabels.polygon} had more than ${DARKPOOL_TRADE_PAGES_PER_SYMBOL} pages of ${symbol} trades in this window; the prints after them were not read`,
          );
        }
        const trades = pages.flatMap(parsePolygonTrades);
        const blocks = trades.filter((trade) => {
          const ms = trade.sip_timestamp / 1e6;
          return (
            isDarkPoolBlock(trade) && ms >= window.fromMs && ms <= window.toMs && isInSession(new Date(ms))
          );
        });
        for (const block of blocks) {
          const quote =
            nbboLeft-- > 0
              ? (parsePolygonQuotes(
                  await this.fetchJson(polygonNbboUrl(this.baseUrl, symbol, block.sip_timestamp)),
                )[0] ?? null)
              : null;
          items.push(darkPoolItem(darkPoolPrint(symbol, block, quote)));
        }
      } catch (error) {
        if (!(error instanceof FeedProviderError)) throw error;
        failures.push(`${feedProviderLabels.polygon} ${error.message} (${symbol})`);
      }
    }
    return { items, failure: failures[0] ?? null, closed: false };
  }

  /** Fetches, stores the prints and records how it went (a closed market is no failure). */
  async run(repo: FeedsRepo, status: ProviderStatusRepo): Promise<RealFeedRun> {
    const { items, failure, closed } = await this.fetch();
    const now = this.wallNow();
    await repo.putItems('darkpool', items, () => Math.floor(now / 1000) + DARKPOOL_ITEM_TTL_SECONDS);
    if (closed) return { written: 0, failure: null };
    const previous = await status.get('darkpool');
    await status.put('darkpool', {
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
