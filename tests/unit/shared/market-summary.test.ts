import { describe, expect, it } from 'vitest';
import { NEWS_ITEMS_RANGE } from '@shared/constants/caps';
import { NEWS_WINDOW_MS } from '@shared/constants/timings';
import { quoteAt } from '@shared/market/quotes';
import { newsCategories, type NewsItem } from '@shared/market/schemas';
import { dailyMarketSummary } from '@shared/market/summary';
import { dailyMarketSummarySchema, type DailyMarketSummary } from '@shared/market/summary-schemas';
import { UNIVERSE } from '@shared/market/universe';

const HOUR_MS = 3_600_000;
const IMPACT_RANK = { high: 0, medium: 1, low: 2 } as const;
/** Words that say a move went up, or down (English, not the generator's tables). */
const UP_WORDS = /\b(surges?|rall(?:y|ies)|climbs?|rises?|jumps?|gains?|edges? higher)\b/;
const DOWN_WORDS = /\b(tumbles?|slides?|falls?|drops?|sinks?|slips?|edges? lower)\b/;
/** 'NVDA +2.31%' as the stories quote a figure. */
const FIGURE = /\b([A-Z][A-Z.]{0,5}) ([+-]\d+\.\d{2})%/g;

// Tuesday 10 March 2026, 11:00 in New York (EDT): the summary for that day, built on Monday's close.
const TUESDAY = new Date('2026-03-10T15:00:00Z');

/** A spread of days from 2021 to 2026, weekdays and weekends. */
const SAMPLE_DAYS = Array.from(
  { length: 24 },
  (_, i) => new Date(Date.UTC(2021, 1, 3) + i * 79 * 86_400_000 + 15 * HOUR_MS),
);

const summaries = new Map<number, DailyMarketSummary>();
function summaryAt(at: Date): DailyMarketSummary {
  const known = summaries.get(at.getTime());
  if (known) return known;
  const summary = dailyMarketSummary(at);
  summaries.set(at.getTime(), summary);
  return summary;
}

const percentOf = (changePercent: string) => Number(changePercent.replace('%', ''));
const closingQuote = (summary: DailyMarketSummary, symbol: string) => quoteAt(symbol, new Date(summary.asOf));

describe('dailyMarketSummary: what a day is', () => {
  it("is for New York's calendar day and built on the previous session's close", () => {
    const summary = summaryAt(TUESDAY);
    expect(dailyMarketSummarySchema.parse(summary)).toEqual(summary);
    expect(summary.date).toBe('2026-03-10');
    expect(summary.sessionDate).toBe('2026-03-09');
    expect(summary.asOf).toBe('2026-03-09T20:00:00.000Z'); // 16:00 EDT
    expect(summary.updatedAt).toBe('2026-03-10T10:00:00.000Z'); // published 06:00 EDT
    expect(summary.source).toBe('simulated');
  });

  it('stays the same all day, from 06:00 New York to 05:59 the next morning', () => {
    const same = [
      '2026-03-10T10:00:00Z',
      '2026-03-10T20:59:00Z',
      '2026-03-11T03:30:00Z',
      '2026-03-11T09:59:00Z',
    ];
    for (const at of same) expect(dailyMarketSummary(new Date(at))).toEqual(summaryAt(TUESDAY));
    expect(dailyMarketSummary(new Date('2026-03-10T09:59:00Z')).date).toBe('2026-03-09');
  });

  it('differs from one day to the next, weekends included', () => {
    const tuesday = summaryAt(TUESDAY);
    const wednesday = summaryAt(new Date('2026-03-11T15:00:00Z'));
    expect(wednesday.sessionDate).toBe('2026-03-10');
    expect(wednesday.levels).not.toEqual(tuesday.levels);
    expect(wednesday.news.map((item) => item.title)).not.toEqual(tuesday.news.map((item) => item.title));

    // Saturday, Sunday and Monday all follow Friday's close, but each is its own day's summary.
    const [saturday, sunday, monday] = ['2026-03-14', '2026-03-15', '2026-03-16'].map((date) =>
      summaryAt(new Date(`${date}T15:00:00Z`)),
    );
    for (const summary of [saturday!, sunday!, monday!]) expect(summary.sessionDate).toBe('2026-03-13');
    expect(saturday!.levels).toEqual(sunday!.levels);
    expect(sunday!.news).not.toEqual(saturday!.news);
    expect(monday!.news).not.toEqual(sunday!.news);
  });
});

describe('dailyMarketSummary: the overview and levels agree with the close', () => {
  it('takes futures direction from SPY, the VIX level, and 98% / 102% levels of SPY and QQQ', () => {
    for (const at of [TUESDAY, ...SAMPLE_DAYS.slice(0, 6)]) {
      const summary = summaryAt(at);
      const spy = closingQuote(summary, 'SPY');
      const qqq = closingQuote(summary, 'QQQ');
      const vix = closingQuote(summary, 'VIX');
      expect(summary.overview.futuresDirection).toBe(spy.isPositive ? 'up' : 'down');
      expect(summary.overview.vixLevel).toBe(Number(vix.price));
      expect(summary.vixChange).toBe(Number(vix.change));
      const spyPrice = Number(spy.price);
      expect(summary.levels.SPY.current).toBe(spyPrice);
      expect(summary.levels.SPY.support).toBeCloseTo(spyPrice * 0.98, 2);
      expect(summary.levels.SPY.resistance).toBeCloseTo(spyPrice * 1.02, 2);
      expect(summary.levels.QQQ.current).toBe(Number(qqq.price));
      expect(summary.levels.QQQ.support).toBeCloseTo(Number(qqq.price) * 0.98, 2);
      expect(summary.overview.volatilityOutlook).toContain(`VIX ${vix.price}`);
    }
  });

  it("computes sector rotation from every stock's move, best first", () => {
    const summary = summaryAt(TUESDAY);
    const bySector = new Map<string, number[]>();
    for (const entry of UNIVERSE.filter((e) => e.kind === 'stock')) {
      const moves = bySector.get(entry.sector) ?? [];
      moves.push(percentOf(closingQuote(summary, entry.symbol).changePercent));
      bySector.set(entry.sector, moves);
    }
    const expected = [...bySector]
      .filter(([, moves]) => moves.length >= 2)
      .map(([sector, moves]) => ({ sector, average: moves.reduce((a, b) => a + b, 0) / moves.length }))
      .sort((a, b) => b.average - a.average);
    expect(summary.sectors.map((s) => s.sector)).toEqual(expected.map((s) => s.sector));
    summary.sectors.forEach((s, i) => expect(s.changePercent).toBeCloseTo(expected[i]!.average, 2));
    const [best, second] = expected;
    const worst = expected.at(-1)!;
    expect(summary.overview.sectorRotation).toMatch(
      new RegExp(`^Leading: ${best!.sector} .*${second!.sector}`),
    );
    expect(summary.overview.sectorRotation).toContain(`Lagging: ${worst.sector}`);
  });

  it('carries the closing quote of every summary symbol and every ticker the news names', () => {
    const summary = summaryAt(TUESDAY);
    const symbols = summary.quotes.map((q) => q.symbol);
    for (const symbol of [
      'SPY',
      'QQQ',
      'IWM',
      'VIX',
      'DXY',
      'GLD',
      'TLT',
      ...summary.news.flatMap((n) => n.tickers),
    ])
      expect(symbols).toContain(symbol);
    for (const quote of summary.quotes) expect(quote).toEqual(closingQuote(summary, quote.symbol));
  });
});

describe('dailyMarketSummary: news', () => {
  const everyItem = () =>
    [TUESDAY, ...SAMPLE_DAYS].flatMap((at) =>
      summaryAt(at).news.map((item) => ({ summary: summaryAt(at), item })),
    );

  it('has 8 to 12 items a day, every category represented, ids unique, with every field of spec 3', () => {
    const counts = new Set<number>();
    for (const at of [TUESDAY, ...SAMPLE_DAYS]) {
      const { news } = summaryAt(at);
      counts.add(news.length);
      expect(news.length).toBeGreaterThanOrEqual(NEWS_ITEMS_RANGE.min);
      expect(news.length).toBeLessThanOrEqual(NEWS_ITEMS_RANGE.max);
      expect(new Set(news.map((n) => n.category))).toEqual(new Set(newsCategories));
      expect(new Set(news.map((n) => n.id)).size).toBe(news.length);
      for (const item of news) {
        for (const field of ['id', 'title', 'summary', 'tradingImplication', 'sourceName'] as const)
          expect(item[field].length).toBeGreaterThan(0);
        expect(item.tickers.length).toBeGreaterThan(0);
        expect(new URL(item.sourceUrl).protocol).toBe('https:');
      }
    }
    expect(counts.size).toBeGreaterThan(1); // the count varies from day to day
  });

  it('is sorted by impact (high, medium, low), then newest first', () => {
    for (const at of [TUESDAY, ...SAMPLE_DAYS]) {
      const { news } = summaryAt(at);
      for (let i = 1; i < news.length; i += 1) {
        const [a, b] = [news[i - 1]!, news[i]!];
        const byImpact = IMPACT_RANK[a.impact] - IMPACT_RANK[b.impact];
        expect(byImpact).toBeLessThanOrEqual(0);
        if (byImpact === 0) expect(Date.parse(a.timestamp)).toBeGreaterThanOrEqual(Date.parse(b.timestamp));
      }
    }
  });

  it('falls within the 12 hours before the summary was published, after the close it reports', () => {
    for (const { summary, item } of everyItem()) {
      const time = Date.parse(item.timestamp);
      expect(time).toBeLessThanOrEqual(Date.parse(summary.updatedAt));
      expect(time).toBeGreaterThanOrEqual(Date.parse(summary.updatedAt) - NEWS_WINDOW_MS);
      expect(time).toBeGreaterThan(Date.parse(summary.asOf));
    }
  });

  it("quotes only the model's closing figures: every 'SYM +x.xx%' is that symbol's close", () => {
    let figures = 0;
    for (const { summary, item } of everyItem()) {
      for (const text of [item.title, item.summary]) {
        for (const [, symbol, percent] of text.matchAll(FIGURE)) {
          figures += 1;
          expect(`${symbol} ${percent}%`).toBe(`${symbol} ${closingQuote(summary, symbol!).changePercent}`);
        }
      }
    }
    expect(figures).toBeGreaterThan(200);
  });

  it('never says a ticker rose while it fell: verbs and sentiment follow the first ticker', () => {
    const checked = { up: 0, down: 0, bullish: 0, bearish: 0 };
    for (const { summary, item } of everyItem()) {
      const move = percentOf(closingQuote(summary, item.tickers[0]!).changePercent);
      if (UP_WORDS.test(item.title)) {
        checked.up += 1;
        expect(move, item.title).toBeGreaterThan(0);
      }
      if (DOWN_WORDS.test(item.title)) {
        checked.down += 1;
        expect(move, item.title).toBeLessThan(0);
      }
      if (item.sentiment === 'bullish') {
        checked.bullish += 1;
        expect(move, item.title).toBeGreaterThan(0);
      }
      if (item.sentiment === 'bearish') {
        checked.bearish += 1;
        expect(move, item.title).toBeLessThan(0);
      }
      // Every further ticker a story names moved the way its first one did, or the story is neutral.
      if (item.sentiment !== 'neutral' && item.category !== 'fed')
        for (const symbol of item.tickers.slice(1))
          expect(Math.sign(percentOf(closingQuote(summary, symbol).changePercent)), item.title).toBe(
            Math.sign(move),
          );
    }
    for (const count of Object.values(checked)) expect(count).toBeGreaterThan(10);
  });

  it('names real symbols in its tickers and gives impacts of every kind across days', () => {
    const impacts = new Set<NewsItem['impact']>();
    const known = new Set(UNIVERSE.map((e) => e.symbol));
    for (const { item } of everyItem()) {
      impacts.add(item.impact);
      for (const symbol of item.tickers) expect(known.has(symbol)).toBe(true);
    }
    expect(impacts).toEqual(new Set(['high', 'medium', 'low']));
  });
});

describe('the summary on the market calendar (issue 23: the daily summary was holiday-blind)', () => {
  it('on Thanksgiving says the market is closed and names the next session', () => {
    const summary = dailyMarketSummary(new Date('2026-11-26T15:00:00Z'));
    expect(summary.date).toBe('2026-11-26');
    expect(summary.sessionDate).toBe('2026-11-25');
    expect(summary.market).toEqual({
      trades: false,
      closedFor: 'Thanksgiving Day',
      earlyClose: null,
      nextSessionDate: '2026-11-27',
    });
    expect(summary.overview.volatilityOutlook).toMatch(
      /^US markets are closed today \(Thanksgiving Day\); the next session is Friday, 2026-11-27\. /,
    );
  });

  it('on the early close says so, and the next summary is as of its 13:00 close', () => {
    const friday = dailyMarketSummary(new Date('2026-11-27T15:00:00Z'));
    expect(friday.market).toMatchObject({ trades: true, closedFor: null, earlyClose: '13:00' });
    expect(friday.overview.volatilityOutlook).toMatch(/^US markets close early today, at 13:00 ET\. /);
    const saturday = dailyMarketSummary(new Date('2026-11-28T15:00:00Z'));
    expect(saturday.asOf).toBe('2026-11-27T18:00:00.000Z');
    expect(saturday.market).toMatchObject({
      trades: false,
      closedFor: 'the weekend',
      nextSessionDate: '2026-11-30',
    });
  });

  it('on an ordinary trading day adds nothing before the outlook', () => {
    const summary = dailyMarketSummary(new Date('2026-11-24T15:00:00Z'));
    expect(summary.market).toEqual({
      trades: true,
      closedFor: null,
      earlyClose: null,
      nextSessionDate: '2026-11-24',
    });
    expect(summary.overview.volatilityOutlook).not.toMatch(/^US markets/);
  });
});
