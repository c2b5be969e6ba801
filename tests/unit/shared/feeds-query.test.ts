/** GET /api/feeds' rules as pure functions (filters, order, since, cursor), the patterns, and a run's window. */
import { describe, expect, it } from 'vitest';
import { FEED_SIMULATION } from '@shared/constants/caps';
import { feedItemsBetween } from '@shared/feeds/generate';
import { detectDarkPoolPatterns, detectTrendPatterns } from '@shared/feeds/patterns';
import { InvalidCursorError, pageFeedItems } from '@shared/feeds/query';
import {
  chatterQuerySchema,
  darkPoolQuerySchema,
  feedQuerySchemas,
  type DarkPoolFlow,
  type SocialTrend,
  type TrendAlert,
} from '@shared/feeds/schemas';
import { trendingCommunities } from '@shared/feeds/social-trends';
import { itemsForRun, RUN_HORIZON_MS } from '../../../lambdas/feeds/service';

const NOW = Date.parse('2026-11-23T16:10:00Z');
const MINUTE = 60_000;
const newestFirst = <T extends { timestamp: string }>(items: T[]) =>
  [...items].sort((a, b) => b.timestamp.localeCompare(a.timestamp));

const flows = newestFirst(feedItemsBetween('darkpool', NOW - 12 * MINUTE, NOW) as DarkPoolFlow[]);
const chatter = newestFirst(feedItemsBetween('chatter', NOW - 25 * MINUTE, NOW) as SocialTrend[]);

describe('pageFeedItems', () => {
  it('pages newest first by cursor until the last page, which has no cursor', () => {
    const query = darkPoolQuerySchema.parse({ limit: '7' });
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = pageFeedItems('darkpool', flows, { ...query, cursor });
      expect(page.items.length).toBeLessThanOrEqual(7);
      seen.push(...page.items.map((f) => f.id));
      cursor = page.cursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(flows.map((f) => f.id));
  });

  it('keeps only items newer than `since`', () => {
    const since = flows[5]!.timestamp;
    const page = pageFeedItems('darkpool', flows, darkPoolQuerySchema.parse({ since }));
    expect(page.items.map((f) => f.id)).toEqual(flows.slice(0, 5).map((f) => f.id));
  });

  it('filters by confidence, algo only, side and ticker, and the extras read every match', () => {
    const query = darkPoolQuerySchema.parse({
      minConfidence: '80',
      algoOnly: 'true',
      side: 'buy',
      limit: '2',
    });
    const page = pageFeedItems('darkpool', flows, query);
    const expected = flows.filter(
      (f) => f.confidence !== undefined && f.confidence >= 80 && f.algorithmicDetection && f.side === 'buy',
    );
    expect(page.matched).toEqual(expected);
    expect(page.items).toEqual(expected.slice(0, 2));
    const ticker = flows[0]!.ticker;
    const byTicker = pageFeedItems('darkpool', flows, darkPoolQuerySchema.parse({ ticker }));
    expect(byTicker.items).toEqual(flows.filter((f) => f.ticker === ticker));
  });

  it('sorts chatter by mentions, confidence or growth, then newest, and pages in that order', () => {
    for (const sort of ['mentions', 'confidence', 'growth'] as const) {
      const query = chatterQuerySchema.parse({ sort, limit: '4' });
      const first = pageFeedItems('chatter', chatter, query);
      const rest = pageFeedItems('chatter', chatter, { ...query, limit: 50, cursor: first.cursor! });
      const values = [...first.items, ...rest.items].map((item) => item[sort]);
      expect(values).toEqual(chatter.map((item) => item[sort]).sort((a, b) => b - a));
      expect(first.items.length + rest.items.length).toBe(chatter.length);
    }
  });

  it('refuses a cursor it did not give out', () => {
    expect(() => pageFeedItems('chatter', chatter, chatterQuerySchema.parse({ cursor: 'bm9wZQ' }))).toThrow(
      InvalidCursorError,
    );
  });
});

describe('feed query schemas', () => {
  it('default the limit to the feed’s cap and refuse what the feed does not have', () => {
    expect(feedQuerySchemas.alerts.parse({}).limit).toBe(FEED_SIMULATION.alerts.cap);
    expect(feedQuerySchemas.trends.parse({}).limit).toBe(FEED_SIMULATION.trends.cap);
    expect(feedQuerySchemas.alerts.safeParse({ platform: 'reddit' }).success).toBe(false);
    expect(feedQuerySchemas.darkpool.safeParse({ minConfidence: '101' }).success).toBe(false);
    expect(feedQuerySchemas.darkpool.safeParse({ algoOnly: 'yes' }).success).toBe(false);
    expect(feedQuerySchemas.chatter.parse({ ticker: 'nvda' }).ticker).toBe('NVDA');
    expect(feedQuerySchemas.trends.parse({ includeDismissed: 'true' }).includeDismissed).toBe(true);
  });
});

describe('patterns and communities', () => {
  it('dark pool: tickers with repeated prints, bullishness from who bought, within the spec’s bounds', () => {
    const patterns = detectDarkPoolPatterns(flows);
    expect(patterns.length).toBeGreaterThan(0);
    for (const pattern of patterns) {
      expect(pattern.bullishness).toBeGreaterThanOrEqual(10);
      expect(pattern.bullishness).toBeLessThanOrEqual(95);
      expect(pattern.confidence).toBeGreaterThanOrEqual(50);
      expect(pattern.confidence).toBeLessThanOrEqual(100);
      if (!pattern.ticker) continue;
      const own = flows.filter((f) => f.ticker === pattern.ticker);
      expect(own.length).toBeGreaterThanOrEqual(2);
      const value = (f: DarkPoolFlow) => f.blockSize * f.price;
      const bought = own.filter((f) => f.side === 'buy').reduce((s, f) => s + value(f), 0);
      const share = bought / own.reduce((s, f) => s + value(f), 0);
      expect(pattern.bullishness).toBe(Math.min(95, Math.max(10, Math.round(share * 100))));
    }
  });

  it('dark pool: all buying reads 95, all selling 10 (the clamps)', () => {
    const buys = flows.slice(0, 3).map((f) => ({ ...f, ticker: 'AAA', side: 'buy' as const }));
    const sells = flows.slice(0, 3).map((f) => ({ ...f, ticker: 'BBB', side: 'sell' as const }));
    const patterns = detectDarkPoolPatterns([...buys, ...sells]);
    expect(patterns.find((p) => p.ticker === 'AAA')!.bullishness).toBe(95);
    expect(patterns.find((p) => p.ticker === 'BBB')!.bullishness).toBe(10);
  });

  it('trend alerts: types seen on two or more tickers', () => {
    const alerts = feedItemsBetween('trends', NOW - 60 * MINUTE, NOW) as TrendAlert[];
    for (const pattern of detectTrendPatterns(alerts)) {
      expect(pattern.bullishness).toBeGreaterThanOrEqual(10);
      expect(pattern.confidence).toBeGreaterThanOrEqual(50);
    }
  });

  it('communities: by total mentions, the sources of the chatter', () => {
    const communities = trendingCommunities(chatter);
    const mentions = communities.map((c) => c.mentions);
    expect(mentions).toEqual([...mentions].sort((a, b) => b - a));
    for (const community of communities) {
      const own = chatter.filter((c) => c.source === community.source);
      expect(community.mentions).toBe(own.reduce((s, c) => s + c.mentions, 0));
      expect(community.trends).toBe(own.length);
    }
  });
});

describe('a scheduled run’s window', () => {
  it('an empty feed: the seeded items before now, then the next 90 s', () => {
    const items = itemsForRun('trends', null, new Date(NOW));
    const due = items.filter((i) => Date.parse(i.timestamp) <= NOW);
    expect(due).toHaveLength(FEED_SIMULATION.trends.seeded);
    expect(items.every((i) => Date.parse(i.timestamp) <= NOW + RUN_HORIZON_MS)).toBe(true);
  });

  it('a running feed: only what comes after its newest stored item', () => {
    const newest = new Date(NOW - 2 * MINUTE).toISOString();
    const items = itemsForRun('darkpool', newest, new Date(NOW));
    expect(items.every((i) => i.timestamp > newest)).toBe(true);
    expect(items.map((i) => i.id)).toEqual(
      feedItemsBetween('darkpool', NOW - 2 * MINUTE, NOW + RUN_HORIZON_MS).map((i) => i.id),
    );
  });

  it('after a long pause: no more than about a cap of items (the rest would be trimmed anyway)', () => {
    const items = itemsForRun('darkpool', new Date(NOW - 6 * 3_600_000).toISOString(), new Date(NOW));
    const due = items.filter((i) => Date.parse(i.timestamp) <= NOW);
    expect(due.length).toBeGreaterThanOrEqual(FEED_SIMULATION.darkpool.cap);
    expect(due.length).toBeLessThanOrEqual(FEED_SIMULATION.darkpool.cap * 3);
  });
});
