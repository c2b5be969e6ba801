/**
 * Dark Pool Flow on Polygon (DARKPOOL_PROVIDER=polygon), over in-memory fetches of the recorded
 * trades and NBBO (tests/fixtures/SOURCES.md) and the hand-written TRF page in their shape: the
 * run's window and session, the blocks it keeps, failures recorded for staleness, the feed's
 * filters and patterns on real prints, and the simulated default unchanged.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectDarkPoolPatterns } from '@shared/feeds/patterns';
import { pageFeedItems } from '@shared/feeds/query';
import { darkPoolQuerySchema, type DarkPoolFlow } from '@shared/feeds/schemas';
import { FeedProviderError, type FetchJson } from '@shared/providers/feeds/feed-providers';
import {
  darkPoolSymbols,
  DARKPOOL_TRADE_PAGES_PER_SYMBOL,
  DARKPOOL_WATCHLIST,
  PolygonDarkPool,
} from '../../../lambdas/feeds/darkpool-source';
import { memoryProviderStatusRepo } from '../../../lambdas/feeds/provider-status';
import { configuredRealFeeds, feedProviderOf } from '../../../lambdas/feeds/real-feeds';
import type { FeedsRepo } from '../../../lambdas/feeds/repository';

const fixture = (path: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../fixtures/providers/${path}`, import.meta.url), 'utf8'));
const recordedTrades = fixture('polygon/trades-AAPL.client-python.json');
const trfTrades = fixture('polygon/trades-AAPL-trf.handwritten.json');
const recordedQuotes = fixture('polygon/quotes-AAPL.client-python.json');

/** In the recorded NBBO's session: 2022-05-10 10:12 New York. */
const IN_SESSION = new Date('2022-05-10T14:12:00.000Z');
const BASE = 'http://polygon.test';

function polygon(trades: unknown, asked: string[] = []): FetchJson {
  return async (url) => {
    asked.push(url);
    if (url.startsWith(`${BASE}/v3/trades/AAPL?`)) return trades;
    if (url.startsWith(`${BASE}/v3/quotes/AAPL?`)) return recordedQuotes;
    throw new FeedProviderError('answered 404');
  };
}

function memoryFeeds() {
  const items: DarkPoolFlow[] = [];
  const repo = {
    putItems: async (_feed: string, put: readonly DarkPoolFlow[]) => void items.push(...put),
  } as unknown as FeedsRepo;
  return { repo, items };
}

afterEach(() => vi.unstubAllEnvs());

describe('PolygonDarkPool', () => {
  it('keeps nothing from the recorded trades page (NYSE Arca and Nasdaq prints, none off-exchange)', async () => {
    const asked: string[] = [];
    const source = new PolygonDarkPool(BASE, polygon(recordedTrades, asked), ['AAPL'], () => IN_SESSION);
    expect(await source.fetch()).toEqual({ items: [], failure: null, closed: false });
    // The window: a minute between reads of the one symbol and two minutes' overlap, up to now.
    expect(asked).toEqual([
      `${BASE}/v3/trades/AAPL?timestamp.gte=${Date.parse('2022-05-10T14:09:00.000Z') * 1e6}&timestamp.lte=${IN_SESSION.getTime() * 1e6}&order=asc&limit=50000`,
    ]);
  });

  /** The hand-written TRF page cut in two: the first names the second in `next_url`, as Polygon does. */
  function twoPages(asked: string[]): FetchJson {
    const { results } = trfTrades as { results: unknown[] };
    const cursor = 'https://api.polygon.io/v3/trades/AAPL?cursor=YWN0aXZlPXRydWU';
    const first = { ...(trfTrades as object), results: results.slice(0, 1), next_url: cursor };
    const second = { ...(trfTrades as object), results: results.slice(1) };
    const quotes = polygon(trfTrades);
    return async (url) => {
      asked.push(url);
      if (url === `${BASE}/v3/trades/AAPL?cursor=YWN0aXZlPXRydWU`) return second;
      if (url.startsWith(`${BASE}/v3/trades/AAPL?timestamp.gte=`)) return first;
      return quotes(url);
    };
  }

  it('follows next_url on the configured host and keeps the blocks of every page', async () => {
    const asked: string[] = [];
    const { items, failure } = await new PolygonDarkPool(
      BASE,
      twoPages(asked),
      ['AAPL'],
      () => IN_SESSION,
    ).fetch();
    expect(failure).toBeNull();
    expect(items.map((i) => i.id)).toEqual([
      'polygon-AAPL-202-52983525029461',
      'polygon-AAPL-201-52983525029470',
    ]);
    // The cursor went to the configured base, never to api.polygon.io with the key.
    expect(asked.filter((url) => url.includes('/v3/trades/'))).toHaveLength(2);
    expect(asked.some((url) => url.startsWith('https://api.polygon.io'))).toBe(false);
  });

  it('stops after its page budget and says the later prints of the window were not read', async () => {
    const endless: FetchJson = async (url) => {
      if (url.includes('/v3/quotes/')) return recordedQuotes;
      const n = Number(new URL(url).searchParams.get('cursor') ?? 0);
      return { results: [], next_url: `https://api.polygon.io/v3/trades/AAPL?cursor=${n + 1}` };
    };
    const { items, failure } = await new PolygonDarkPool(BASE, endless, ['AAPL'], () => IN_SESSION).fetch();
    expect(items).toEqual([]);
    expect(failure).toBe(
      `Polygon had more than ${DARKPOOL_TRADE_PAGES_PER_SYMBOL} pages of AAPL trades in this window; the prints after them were not read`,
    );
  });

  it('keeps the TRF blocks of the hand-written page, each with the recorded NBBO in force', async () => {
    const source = new PolygonDarkPool(BASE, polygon(trfTrades), ['AAPL'], () => IN_SESSION);
    const { items } = await source.fetch();
    expect(items.map((i) => [i.id, i.blockSize, i.side, i.tape?.placement, i.tape?.nbbo?.bid])).toEqual([
      ['polygon-AAPL-202-52983525029461', 25_000, 'buy', 'at-ask', 155.85],
      ['polygon-AAPL-201-52983525029470', 1_300, null, 'at-mid', 155.85],
    ]);
  });

  it('leaves out prints outside the window (before it, or after the market clock)', async () => {
    const early = new Date('2022-05-10T14:20:00.000Z'); // window from 14:17: the 14:11 prints are before it
    expect(
      (await new PolygonDarkPool(BASE, polygon(trfTrades), ['AAPL'], () => early).fetch()).items,
    ).toEqual([]);
    const before = new Date('2022-05-10T14:11:14.000Z'); // the second print is still to come
    const { items } = await new PolygonDarkPool(BASE, polygon(trfTrades), ['AAPL'], () => before).fetch();
    expect(items.map((i) => i.blockSize)).toEqual([25_000]);
  });

  it('reads nothing and records nothing while the market is shut (a holiday evening)', async () => {
    const asked: string[] = [];
    const status = memoryProviderStatusRepo();
    const { repo, items } = memoryFeeds();
    const thanksgiving = new Date('2026-11-26T22:30:00.000Z');
    const source = new PolygonDarkPool(BASE, polygon(trfTrades, asked), ['AAPL'], () => thanksgiving);
    expect(await source.run(repo, status)).toEqual({ written: 0, failure: null });
    expect([asked, items, await status.get('darkpool')]).toEqual([[], [], null]);
  });

  it('records a failing Polygon with the symbol, and keeps when it last answered', async () => {
    const status = memoryProviderStatusRepo();
    const { repo, items } = memoryFeeds();
    const wall = 1_800_000_000_000;
    const ok = new PolygonDarkPool(
      BASE,
      polygon(trfTrades),
      ['AAPL'],
      () => IN_SESSION,
      () => wall,
    );
    expect(await ok.run(repo, status)).toEqual({ written: 2, failure: null });
    const down: FetchJson = async () => {
      throw new FeedProviderError('answered 503');
    };
    const failing = new PolygonDarkPool(
      BASE,
      down,
      ['AAPL'],
      () => IN_SESSION,
      () => wall + 60_000,
    );
    expect(await failing.run(repo, status)).toEqual({ written: 0, failure: 'Polygon answered 503 (AAPL)' });
    expect(await status.get('darkpool')).toEqual({
      provider: 'polygon',
      lastSuccessAt: new Date(wall).toISOString(),
      failure: { at: new Date(wall + 60_000).toISOString(), reason: 'Polygon answered 503 (AAPL)' },
    });
    expect(items).toHaveLength(2);
  });

  it('lets a fault of ours through rather than call it Polygon failing', async () => {
    const broken: FetchJson = async () => {
      throw new TypeError('bug');
    };
    await expect(new PolygonDarkPool(BASE, broken, ['AAPL'], () => IN_SESSION).fetch()).rejects.toThrow(
      'bug',
    );
  });
});

describe('real prints in the feed', () => {
  const prints = async () =>
    (await new PolygonDarkPool(BASE, polygon(trfTrades), ['AAPL'], () => IN_SESSION).fetch()).items;

  it('pass the confidence slider (they have no model confidence) but not Algo Only; side filters by the quote rule', async () => {
    const items = await prints();
    const page = (query: Record<string, string>) =>
      pageFeedItems('darkpool', items, darkPoolQuerySchema.parse(query)).items.map((i) => i.blockSize);
    expect(page({ minConfidence: '90' })).toEqual([1_300, 25_000]); // newest first
    expect(page({ algoOnly: 'true' })).toEqual([]);
    expect(page({ side: 'buy' })).toEqual([25_000]);
    expect(page({ side: 'sell' })).toEqual([]);
  });

  it('read as patterns from the tape only: the bought share of the sided value, its confidence that share of the value', async () => {
    const items = await prints();
    const [aapl, all] = detectDarkPoolPatterns([...items, { ...items[0]!, id: 'third' }]);
    expect(aapl).toMatchObject({ pattern: 'Accumulation off-exchange', ticker: 'AAPL', bullishness: 95 });
    // $7,793,500 of $7,996,118 had a side: 97%.
    expect(aapl?.confidence).toBe(97);
    expect(aapl?.description).not.toMatch(/algorithmic|human/);
    expect(all?.pattern).toBe('All prints: accumulation');
  });
});

describe('DARKPOOL_PROVIDER', () => {
  it('is simulated by default (no real source), polygon on request, anything else refused', () => {
    expect(feedProviderOf('darkpool', {})).toBe('simulated');
    expect(Object.keys(configuredRealFeeds(memoryProviderStatusRepo(), {}))).toEqual([]);
    expect(feedProviderOf('darkpool', { DARKPOOL_PROVIDER: 'polygon' })).toBe('polygon');
    expect(
      Object.keys(configuredRealFeeds(memoryProviderStatusRepo(), { DARKPOOL_PROVIDER: 'polygon' })),
    ).toEqual(['darkpool']);
    expect(() => feedProviderOf('darkpool', { DARKPOOL_PROVIDER: 'finra' })).toThrow(
      /DARKPOOL_PROVIDER must be simulated or polygon/,
    );
  });

  it('reads the watch list, or DARKPOOL_SYMBOLS', () => {
    expect(darkPoolSymbols({})).toEqual([...DARKPOOL_WATCHLIST]);
    expect(darkPoolSymbols({ DARKPOOL_SYMBOLS: 'aapl, msft,AAPL' })).toEqual(['AAPL', 'MSFT']);
    expect(() => darkPoolSymbols({ DARKPOOL_SYMBOLS: 'AAPL,$X' })).toThrow(/DARKPOOL_SYMBOLS/);
  });
});
