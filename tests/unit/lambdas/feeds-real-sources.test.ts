/**
 * The feeds' real sources over in-memory stores: StockTwits chatter written by the scheduled run
 * from the recorded F stream (tests/fixtures/SOURCES.md) and served with its provider, then
 * marked stale when StockTwits fails; a stage's provider decides which stored items are shown;
 * Polygon's news kept per container, fresh, then stale, never the simulated wire's.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { feedQuerySchemas, type AnyFeedItem, type FeedQuery } from '@shared/feeds/schemas';
import { dailyMarketSummary } from '@shared/market/summary';
import { dailyMarketSummarySchema } from '@shared/market/summary-schemas';
import { FeedProviderError, type FetchJson } from '@shared/providers/feeds/feed-providers';
import { LastGoodNews, polygonNewsProvider, withProviderNews } from '../../../lambdas/feeds/news-source';
import { memoryProviderStatusRepo } from '../../../lambdas/feeds/provider-status';
import { configuredRealFeeds, feedProviderOf } from '../../../lambdas/feeds/real-feeds';
import type { DismissalsRepo, FeedsRepo } from '../../../lambdas/feeds/repository';
import { readFeed, runFeedGenerators } from '../../../lambdas/feeds/service';
import { socialSymbols, StocktwitsChatter, symbolsForRun } from '../../../lambdas/feeds/social-source';

const fixture = (path: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../fixtures/providers/${path}`, import.meta.url), 'utf8'));
const streamF = fixture('stocktwits/symbol-F.khbrendle-stocktwits.json');
const newsAapl = fixture('polygon/news-AAPL.openbb-cassette.json');

const NOW = new Date('2026-11-23T16:00:00.000Z');

function memoryRepos() {
  const stored = new Map<string, AnyFeedItem[]>();
  const expiries = new Map<string, number>();
  const feeds: FeedsRepo = {
    keysBeyond: async () => [],
    deleteKeys: async () => undefined,
    newestTimestamp: async (feed) => stored.get(feed)?.[0]?.timestamp ?? null,
    putItems: async (feed, items, expiresAt) => {
      const unique = new Map([...(stored.get(feed) ?? []), ...items].map((item) => [item.id, item]));
      for (const item of items) expiries.set(item.id, expiresAt(item));
      stored.set(
        feed,
        [...unique.values()].sort((a, b) => b.timestamp.localeCompare(a.timestamp)),
      );
    },
    items: async (feed) => stored.get(feed) ?? [],
    addToDailyCount: async () => undefined,
    dailyCount: async () => null,
  };
  const dismissals: DismissalsRepo = {
    dismiss: async (_u, _f, id, at) => ({ id, dismissed_at: at }),
    list: async () => [],
  };
  return { feeds, dismissals, stored, expiries, providerStatus: memoryProviderStatusRepo() };
}

const chatterQuery = feedQuerySchemas.chatter.parse({}) as FeedQuery<'chatter'>;

afterEach(() => vi.unstubAllEnvs());

describe('Risky Chatter from StockTwits', () => {
  it('writes the recorded stream’s card, serves it as StockTwits’, then marks it stale when StockTwits fails', async () => {
    vi.stubEnv('SOCIAL_PROVIDER', 'stocktwits');
    const repos = memoryRepos();
    let wall = Date.parse('2026-11-23T16:00:30Z');
    let answer: FetchJson = async (url) => {
      expect(url).toBe('http://stand-in/api/2/streams/symbol/F.json');
      return streamF;
    };
    const chatter = new StocktwitsChatter(
      'http://stand-in',
      (url) => answer(url),
      ['F'],
      () => wall,
    );
    const real = { chatter: { run: (repo: FeedsRepo) => chatter.run(repo, repos.providerStatus) } };

    const written = await runFeedGenerators(repos.feeds, NOW, undefined, real);
    expect(written.chatter).toBe(1);
    expect(written.alerts).toBeGreaterThan(0); // the other feeds stay simulated
    // The TTL runs from the fetch, not from the (2019) message time.
    expect(repos.expiries.get('stocktwits-F-161970974')).toBe(Math.floor(wall / 1000) + 24 * 60 * 60);

    const fresh = await readFeed(repos, 'trial', 'u1', 'chatter', chatterQuery, NOW);
    expect(fresh).toMatchObject({ source: 'stocktwits', stale: null });
    expect(fresh.items.map((i) => [i.id, i.provider, i.sourceUrl])).toEqual([
      ['stocktwits-F-161970974', 'stocktwits', 'https://stocktwits.com/symbol/F'],
    ]);

    answer = async () => {
      throw new FeedProviderError('answered 503');
    };
    wall += 90_000;
    await runFeedGenerators(repos.feeds, NOW, undefined, real);
    const stale = await readFeed(repos, 'trial', 'u1', 'chatter', chatterQuery, NOW);
    expect(stale.items.map((i) => i.id)).toEqual(['stocktwits-F-161970974']);
    expect(stale.stale?.reason).toBe('StockTwits answered 503 (F)');
    expect(stale.stale!.ageSeconds).toBeGreaterThanOrEqual(90);
  });

  it('shows only the stage provider’s items: no simulated card on a StockTwits stage, and the reverse', async () => {
    const repos = memoryRepos();
    await runFeedGenerators(repos.feeds, NOW); // simulated chatter stored before the switch
    const chatter = new StocktwitsChatter(
      'http://stand-in',
      async () => streamF,
      ['F'],
      () => NOW.getTime(),
    );
    await chatter.run(repos.feeds, repos.providerStatus);
    expect(repos.stored.get('chatter')!.length).toBeGreaterThan(1);

    vi.stubEnv('SOCIAL_PROVIDER', 'stocktwits');
    const real = await readFeed(repos, 'trial', 'u1', 'chatter', chatterQuery, NOW);
    expect(real.items.map((i) => i.provider)).toEqual(['stocktwits']);

    vi.stubEnv('SOCIAL_PROVIDER', 'simulated');
    const simulated = await readFeed(repos, 'trial', 'u1', 'chatter', chatterQuery, NOW);
    expect(simulated.source).toBe('simulated');
    expect(simulated.items.length).toBeGreaterThan(0);
    expect(new Set(simulated.items.map((i) => i.provider))).toEqual(new Set(['simulated']));
  });

  it('a page whose symbol is not the one asked for is a provider failure, not a card', async () => {
    const repos = memoryRepos();
    const chatter = new StocktwitsChatter(
      'http://stand-in',
      async () => streamF,
      ['TSLA'],
      () => NOW.getTime(),
    );
    expect(await chatter.run(repos.feeds, repos.providerStatus)).toEqual({
      written: 0,
      failure: 'StockTwits sent the F stream for TSLA (TSLA)',
    });
    expect((await repos.providerStatus.get('chatter'))?.lastSuccessAt).toBeNull();
  });

  it('reads two watch-list streams a minute in turn, and SOCIAL_PROVIDER / SOCIAL_SYMBOLS from the environment', () => {
    const list = ['A', 'B', 'C', 'D', 'E'];
    const minute = 60_000;
    expect([0, 1, 2].map((m) => symbolsForRun(list, m * minute))).toEqual([
      ['A', 'B'],
      ['C', 'D'],
      ['E', 'A'],
    ]);
    expect(socialSymbols({ SOCIAL_SYMBOLS: ' f, tsla,F ' })).toEqual(['F', 'TSLA']);
    expect(() => socialSymbols({ SOCIAL_SYMBOLS: 'F,$$' })).toThrow(/SOCIAL_SYMBOLS/);
    expect(socialSymbols({})).toContain('SPY');
    expect(feedProviderOf('chatter', {})).toBe('simulated');
    expect(() => feedProviderOf('chatter', { SOCIAL_PROVIDER: 'reddit' })).toThrow(/SOCIAL_PROVIDER must be/);
    expect(configuredRealFeeds(memoryProviderStatusRepo(), {})).toEqual({});
    expect(
      Object.keys(configuredRealFeeds(memoryProviderStatusRepo(), { SOCIAL_PROVIDER: 'stocktwits' })),
    ).toEqual(['chatter']);
  });
});

describe('the Daily Market Summary’s news from Polygon', () => {
  const at = new Date('2025-09-24T12:00:00Z');

  it('serves the recorded stories, keeps them while fresh, then serves them stale when Polygon fails', async () => {
    let wall = Date.parse('2025-09-24T12:00:00Z');
    let calls = 0;
    let fail = false;
    const news = new LastGoodNews(
      polygonNewsProvider('http://stand-in', async () => {
        calls += 1;
        if (fail) throw new FeedProviderError('answered 429');
        return newsAapl;
      }),
      () => new Date(wall),
      60_000,
    );
    const first = await news.news(at);
    expect(first.stale).toBeNull();
    expect(first.items.map((i) => i.sourceName)).toEqual(['Investing.com', 'GlobeNewswire Inc.']);

    wall += 30_000;
    await news.news(at);
    expect(calls).toBe(1);

    fail = true;
    wall += 60_000;
    const stale = await news.news(at);
    expect(calls).toBe(2);
    expect(stale.items).toEqual(first.items);
    expect(stale.stale).toEqual({ reason: 'Polygon answered 429', ageSeconds: 90 });

    const summary = withProviderNews(dailyMarketSummary(at), stale);
    expect(dailyMarketSummarySchema.parse(summary)).toEqual(summary);
    expect(summary.news.every((item) => item.provider === 'polygon')).toBe(true);
    // Every ticker a story names has the summary's closing quote, as for the simulated stories.
    const quoted = new Set(summary.quotes.map((q) => q.symbol));
    expect(summary.news.flatMap((item) => item.tickers).filter((t) => !quoted.has(t))).toEqual([]);
    expect(quoted).toContain('BRK.B');
    expect(summary.newsSource).toEqual({
      provider: 'polygon',
      fetchedAt: '2025-09-24T12:00:00.000Z',
      stale: { reason: 'Polygon answered 429', ageSeconds: 90 },
    });
  });

  it('with no stories yet and Polygon failing: no stories (never the simulated wire’s) and why', async () => {
    const news = new LastGoodNews(
      polygonNewsProvider('http://stand-in', async () => ({ status: 'ERROR' })),
      () => at,
    );
    const served = await news.news(at);
    expect(served).toMatchObject({ items: [], fetchedAt: null });
    expect(served.stale?.reason).toMatch(/^Polygon sent a body that is not a Polygon news list/);
    expect(withProviderNews(dailyMarketSummary(at), served).news).toEqual([]);
  });

  it('lets a fault of ours through rather than calling it the provider’s', async () => {
    const news = new LastGoodNews(
      polygonNewsProvider('http://stand-in', async () => {
        throw new TypeError('bug');
      }),
      () => at,
    );
    await expect(news.news(at)).rejects.toThrow(TypeError);
  });
});
