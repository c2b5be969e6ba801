/**
 * GET /api/market-summary through the local API: the Daily Market Summary's shape, its news
 * and order, its agreement with the quotes POST /api/market-data gives, and its stability over
 * the day. (That another day gives another summary is shown on the pure generator, with injected
 * dates, in tests/unit/shared/market-summary.test.ts.)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { NEWS_ITEMS_RANGE } from '@shared/constants/caps';
import { NEWS_WINDOW_MS } from '@shared/constants/timings';
import { quoteSchema, type Quote } from '@shared/market/schemas';
import { dailyMarketSummarySchema, type DailyMarketSummary } from '@shared/market/summary-schemas';
import { summaryDayAt } from '@shared/market/summary-snapshot';
import { api, createUser, type TestUser } from '../helpers/local-stack';

const IMPACT_RANK = { high: 0, medium: 1, low: 2 } as const;
const cents = (text: string) => Math.round(Number(text) * 100);

let trader: TestUser;
let summary: DailyMarketSummary;
let requestedAt: { before: Date; after: Date };

async function fetchSummary(token: string) {
  const response = await api('/api/market-summary', { token });
  expect(response.status).toBe(200);
  return dailyMarketSummarySchema.parse(response.json);
}

async function liveQuotes(symbols: string[]): Promise<Map<string, Quote>> {
  const quotes = new Map<string, Quote>();
  for (let i = 0; i < symbols.length; i += 50) {
    const response = await api('/api/market-data', {
      method: 'POST',
      token: trader.accessToken,
      body: { symbols: symbols.slice(i, i + 50), type: 'dashboard' },
    });
    expect(response.status).toBe(200);
    for (const quote of (response.json as { data: unknown[] }).data.map((q) => quoteSchema.parse(q)))
      quotes.set(quote.symbol, quote);
  }
  return quotes;
}

beforeAll(async () => {
  trader = await createUser('summary');
  const before = new Date();
  summary = await fetchSummary(trader.accessToken);
  requestedAt = { before, after: new Date() };
});

describe('GET /api/market-summary', () => {
  it('needs a signed-in user', async () => {
    expect((await api('/api/market-summary')).status).toBe(401);
  });

  it("is today's simulated summary, built on the last close before today", () => {
    const days = [summaryDayAt(requestedAt.before), summaryDayAt(requestedAt.after)];
    expect(days.map((day) => day.date)).toContain(summary.date);
    const day = days.find((d) => d.date === summary.date)!;
    expect(summary.asOf).toBe(day.asOf.toISOString());
    expect(summary.sessionDate).toBe(day.sessionDate);
    expect(summary.source).toBe('simulated');
    expect(Date.parse(summary.updatedAt)).toBeLessThanOrEqual(requestedAt.after.getTime());
  });

  it('has 8 to 12 news items over the 12 hours before it was published, by impact then newest first', () => {
    const { news } = summary;
    expect(news.length).toBeGreaterThanOrEqual(NEWS_ITEMS_RANGE.min);
    expect(news.length).toBeLessThanOrEqual(NEWS_ITEMS_RANGE.max);
    const published = Date.parse(summary.updatedAt);
    for (const item of news) {
      expect(Date.parse(item.timestamp)).toBeLessThanOrEqual(published);
      expect(Date.parse(item.timestamp)).toBeGreaterThanOrEqual(published - NEWS_WINDOW_MS);
    }
    for (let i = 1; i < news.length; i += 1) {
      const [a, b] = [news[i - 1]!, news[i]!];
      const byImpact = IMPACT_RANK[a.impact] - IMPACT_RANK[b.impact];
      expect(byImpact).toBeLessThanOrEqual(0);
      if (byImpact === 0) expect(Date.parse(a.timestamp)).toBeGreaterThanOrEqual(Date.parse(b.timestamp));
    }
  });

  it('agrees with the quotes POST /api/market-data gives', async () => {
    const live = await liveQuotes(summary.quotes.map((q) => q.symbol));
    const closing = new Map(summary.quotes.map((q) => [q.symbol, q]));
    for (const quote of summary.quotes) {
      const now = live.get(quote.symbol)!;
      expect(quote.timestamp).toBe(summary.asOf);
      if (now.timestamp === summary.asOf) {
        // No session since that close (before the open, a weekend or a holiday): the same quote.
        expect(now).toMatchObject({
          price: quote.price,
          change: quote.change,
          changePercent: quote.changePercent,
          isPositive: quote.isPositive,
        });
      } else {
        // A session has started since: that close is today's previous close.
        expect(cents(now.price) - cents(now.change)).toBe(cents(quote.price));
      }
    }
    const spy = closing.get('SPY')!;
    expect(summary.overview.futuresDirection).toBe(spy.isPositive ? 'up' : 'down');
    expect(summary.levels.SPY.current).toBe(Number(spy.price));
    expect(summary.levels.QQQ.current).toBe(Number(closing.get('QQQ')!.price));
    expect(summary.overview.vixLevel).toBe(Number(closing.get('VIX')!.price));
    for (const item of summary.news) {
      const first = closing.get(item.tickers[0]!)!;
      if (item.sentiment === 'bullish') expect(first.isPositive, item.title).toBe(true);
      if (item.sentiment === 'bearish') expect(first.change.startsWith('-'), item.title).toBe(true);
      for (const [, symbol, percent] of `${item.title} ${item.summary}`.matchAll(
        /\b([A-Z][A-Z.]{0,5}) ([+-]\d+\.\d{2}%)/g,
      ))
        expect(closing.get(symbol!)?.changePercent, item.summary).toBe(percent);
    }
  });

  it('is the same all day: another request, by another user, gets the same summary', async () => {
    const other = await createUser('summary-other');
    const before = new Date();
    const again = await fetchSummary(other.accessToken);
    if (summaryDayAt(before).date === summary.date) expect(again).toEqual(summary);
    else expect(again.date).not.toBe(summary.date); // the day turned over between the requests
  });
});
