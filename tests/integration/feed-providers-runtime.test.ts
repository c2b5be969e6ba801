/**
 * `npm start` on the feeds' real providers: NEWS_PROVIDER=polygon and SOCIAL_PROVIDER=stocktwits,
 * their base URLs on a local server serving the recorded bodies (tests/helpers/feed-providers.ts),
 * the schedules every 2 s (LOCAL_SCHEDULE_SECONDS) and the news kept 1 s (NEWS_REFRESH_SECONDS).
 * Through the runtime's own routes, signed in as its demo account: the Daily Market Summary's news
 * and the Risky Chatter feed are the recordings' (publisher, link, provider), with no simulated
 * item; then both providers answering 503: the last items marked stale, status 200.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chatterResponseSchema } from '@shared/feeds/schemas';
import { dailyMarketSummarySchema } from '@shared/market/summary-schemas';
import { startFeedProviderStandIn } from '../helpers/feed-providers';
import { getOk, readUntil, signInDemo, startUntilReady } from '../helpers/start-process';

const dataDir = mkdtempSync(join(tmpdir(), 'edge-feed-providers-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('npm start with NEWS_PROVIDER=polygon and SOCIAL_PROVIDER=stocktwits', () => {
  it('serves the recorded news and chatter with their sources, then the last items marked stale', async () => {
    const standIn = await startFeedProviderStandIn();
    const started = await startUntilReady({
      PORT: '0',
      DATA_DIR: dataDir,
      NEWS_PROVIDER: 'polygon',
      POLYGON_BASE_URL: standIn.url,
      MARKET_DATA_API_KEY: 'stand-in-key',
      NEWS_REFRESH_SECONDS: '1',
      SOCIAL_PROVIDER: 'stocktwits',
      STOCKTWITS_BASE_URL: standIn.url,
      SOCIAL_SYMBOLS: 'F',
      LOCAL_SCHEDULE_SECONDS: '2',
    });
    try {
      const token = await signInDemo(started);
      const get = (path: string) => getOk(started, token, path);
      const summary = async () => dailyMarketSummarySchema.parse(await get('/api/market-summary'));
      const chatter = async () => chatterResponseSchema.parse(await get('/api/feeds/chatter'));

      // News: the recorded page's two stories, Polygon's, with their publishers and links; the key sent.
      const news = await summary();
      expect(news.newsSource).toMatchObject({ provider: 'polygon', stale: null });
      expect(news.news.map((n) => [n.provider, n.sourceName, n.sourceUrl])).toEqual([
        [
          'polygon',
          'Investing.com',
          'https://www.investing.com/analysis/these-under10-stocks-are-up-100-this-quarter--and-some-still-have-room-to-run-200667317',
        ],
        [
          'polygon',
          'GlobeNewswire Inc.',
          'https://www.globenewswire.com/news-release/2025/09/22/3154228/0/en/Structured-Technical-Interview-Prep-Course-Offers-Software-Engineers-Career-Guide-Mock-Interviews-for-Meta-and-Reddit-With-Coding-and-Algorithms-Coaching.html',
        ],
      ]);
      const newsRequest = standIn.requests.find((r) => r.path.startsWith('/v2/reference/news?'));
      expect(newsRequest?.authorization).toBe('Bearer stand-in-key');

      // Chatter: the scheduled run's card from the recorded F stream, and nothing simulated.
      const feed = await readUntil(chatter, (f) => f.items.length > 0);
      expect(feed).toMatchObject({ source: 'stocktwits', stale: null });
      expect(feed.items.map((i) => [i.id, i.provider, i.platform, i.sourceUrl])).toEqual([
        ['stocktwits-F-161970974', 'stocktwits', 'stocktwits', 'https://stocktwits.com/symbol/F'],
      ]);
      expect(feed.communities.map((c) => c.platform)).toEqual(['stocktwits']);

      // Both providers failing: the last items, marked stale with why, status 200.
      standIn.failWith(503);
      await sleep(1_200);
      const staleNews = await summary();
      expect(staleNews.newsSource.stale?.reason).toBe('Polygon answered 503');
      expect(staleNews.news.map((n) => n.id)).toEqual(news.news.map((n) => n.id));
      const staleFeed = await readUntil(chatter, (f) => f.stale !== null);
      expect(staleFeed.stale?.reason).toBe('StockTwits answered 503 (F)');
      expect(staleFeed.items.map((i) => i.id)).toEqual(['stocktwits-F-161970974']);
    } finally {
      started.child.kill('SIGTERM');
      await started.exited;
      await standIn.close();
    }
    // One start (45 s at most), a few runs of the schedules and some requests.
  }, 90_000);
});
