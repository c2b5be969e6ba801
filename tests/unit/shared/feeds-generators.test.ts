/**
 * The feed generators: the spec's timings, seeded counts and ranges, the dark pool edge score's
 * weights and clamping, determinism for a seed, and agreement with the market model (an item's
 * price is the quote of its ticker at its timestamp; a trigger fired only when the model says so).
 */
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { ALERT_TRIGGERS, FEED_SIMULATION } from '@shared/constants/caps';
import { darkPoolEdgeScore } from '@shared/feeds/dark-pool';
import { feedItemsBetween, generateFeedItem, latestFeedItems } from '@shared/feeds/generate';
import { generateMarketAlert } from '@shared/feeds/market-alerts';
import {
  feedItemSchemas,
  feedNames,
  type DarkPoolFlow,
  type FeedName,
  type MarketAlert,
  type TrendAlert,
} from '@shared/feeds/schemas';
import {
  arrivalsBetween,
  dayArrivals,
  previousArrival,
  feedItemId,
  feedItemTime,
} from '@shared/feeds/timeline';
import { formatVolume } from '@shared/format/volume';
import { dailyCloses } from '@shared/market/price-history';
import { marketClock } from '@shared/market/price-model';
import { quoteAt } from '@shared/market/quotes';
import { generateChain, type ChainData } from '@shared/options/chain';

const SESSION = Date.parse('2026-11-23T15:30:00Z'); // Monday 10:30 New York
const NIGHT = Date.parse('2026-11-24T03:00:00Z'); // Monday 22:00 New York
const MINUTE = 60_000;

/** What the quote of `ticker` shows at `timestamp`, as numbers. */
function quoteNumbers(ticker: string, timestamp: string) {
  const quote = quoteAt(ticker, new Date(timestamp));
  return {
    price: Number(quote.price),
    changePercent: Number(quote.changePercent.replace('%', '')),
    volume: quote.volume,
  };
}

/** A chain's contracts as (type, strike, expiration). */
const chainContracts = (chain: ChainData) =>
  Array.from({ length: chain.count }, (_, i) => ({
    type: chain.isCall[i] ? 'call' : 'put',
    strike: chain.strike[i]!,
    expiration: chain.expirations[chain.expirationIndex[i]!]!,
  }));

describe('feed timelines (spec 9: a new item every 15-45 / 8-20 / 15-45 / 20-60 s)', () => {
  it.each(feedNames)('%s: every gap within the feed interval, the same for the same seed', (feed) => {
    const { min, max } = FEED_SIMULATION[feed].intervalSeconds;
    const day = Math.floor(SESSION / 86_400_000);
    const times = [...dayArrivals(feed, day)];
    const gaps = times.slice(1).map((t, i) => (t - times[i]!) / 1000);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(min);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(max);
    // Spread over the whole interval, not bunched at one end.
    const mean = gaps.reduce((a, b) => a + b, 0) / gaps.length;
    expect(mean).toBeGreaterThan(min + 0.4 * (max - min));
    expect(mean).toBeLessThan(min + 0.6 * (max - min));
    expect([...dayArrivals(feed, day)]).toEqual(times);
    expect([...dayArrivals(feed, day, 'another seed')]).not.toEqual(times);
  });

  it('windows, previous arrivals and ids agree with the day lists', () => {
    const times = arrivalsBetween('darkpool', SESSION - 5 * MINUTE, SESSION);
    expect(times.every((t) => t > SESSION - 5 * MINUTE && t <= SESSION)).toBe(true);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    for (let i = 1; i < times.length; i += 1)
      expect(previousArrival('darkpool', times[i]!)).toBe(times[i - 1]);
    const id = feedItemId('darkpool', times[0]!);
    expect(feedItemTime('darkpool', id)).toBe(times[0]);
    expect(feedItemTime('trends', id)).toBeNull();
  });
});

describe('every generated item', () => {
  it.each(feedNames)('%s: parses with its schema and is deterministic for a seed', (feed) => {
    const items = feedItemsBetween(feed, SESSION - 10 * MINUTE, SESSION);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(feedItemSchemas[feed].safeParse(item).error).toBeUndefined();
    expect(feedItemsBetween(feed, SESSION - 10 * MINUTE, SESSION)).toEqual(items);
    const other = feedItemsBetween(feed, SESSION - 10 * MINUTE, SESSION, 'another seed');
    expect(other).not.toEqual(items);
  });

  it.each(feedNames)('%s: a new feed starts with the spec’s seeded count (12 / 15 / 12 / 8)', (feed) => {
    const expected: Record<FeedName, number> = { alerts: 12, darkpool: 15, chatter: 12, trends: 8 };
    const seeded = latestFeedItems(feed, SESSION, FEED_SIMULATION[feed].seeded);
    expect(seeded).toHaveLength(expected[feed]);
    expect(seeded.every((item) => Date.parse(item.timestamp) <= SESSION)).toBe(true);
    const stamps = seeded.map((item) => item.timestamp);
    expect(stamps).toEqual([...stamps].sort());
  });

  it('the caps are the spec’s 100 / 50 / 50 / 20', () => {
    expect(Object.fromEntries(feedNames.map((f) => [f, FEED_SIMULATION[f].cap]))).toEqual({
      alerts: 100,
      darkpool: 50,
      chatter: 50,
      trends: 20,
    });
  });
});

describe('dark pool flows', () => {
  const flows = feedItemsBetween('darkpool', SESSION - 60 * MINUTE, SESSION);

  it('keep the spec ranges: confidence 65-99, edge score 0-100', () => {
    expect(flows.length).toBeGreaterThan(150);
    expect(Math.min(...flows.map((f) => f.confidence))).toBeGreaterThanOrEqual(65);
    expect(Math.max(...flows.map((f) => f.confidence))).toBeLessThanOrEqual(99);
    // Draws cover the range rather than one value.
    expect(new Set(flows.map((f) => f.confidence)).size).toBeGreaterThan(20);
    for (const flow of flows) {
      expect(flow.edgeScore).toBeGreaterThanOrEqual(0);
      expect(flow.edgeScore).toBeLessThanOrEqual(100);
      expect(flow.humanPattern).toBe(!flow.algorithmicDetection);
    }
    expect(flows.some((f) => f.algorithmicDetection) && flows.some((f) => f.humanPattern)).toBe(true);
  });

  it('score edge as 40% base factors, 30% pattern, 20% market, 10% options, clamped', () => {
    for (const flow of flows) {
      const b = flow.edgeBreakdown;
      const raw =
        0.4 * b.baseFactors + 0.3 * b.patternAnalysis + 0.2 * b.marketContext + 0.1 * b.optionsCorrelation;
      expect(flow.edgeScore).toBe(Math.min(100, Math.max(0, Math.round(raw))));
    }
    const everything = {
      baseFactors: 100,
      patternAnalysis: 100,
      marketContext: 100,
      optionsCorrelation: 100,
    };
    expect(darkPoolEdgeScore(everything)).toBe(100);
    expect(darkPoolEdgeScore({ ...everything, baseFactors: 250 })).toBe(100);
    expect(
      darkPoolEdgeScore({ baseFactors: -80, patternAnalysis: 10, marketContext: -60, optionsCorrelation: 0 }),
    ).toBe(0);
    expect(
      darkPoolEdgeScore({ baseFactors: 50, patternAnalysis: 0, marketContext: 0, optionsCorrelation: 0 }),
    ).toBe(20);
    expect(
      darkPoolEdgeScore({ baseFactors: 0, patternAnalysis: 0, marketContext: 0, optionsCorrelation: 50 }),
    ).toBe(5);
  });

  it('print at the model’s price of their instant, with its implied move', () => {
    for (const flow of flows.slice(0, 40)) {
      expect(flow.price).toBe(quoteNumbers(flow.ticker, flow.timestamp).price);
      expect(flow.impliedMove).toBeGreaterThan(0);
      // The strike is on the side the print leans to.
      if (flow.side === 'buy') expect(flow.strike).toBeGreaterThanOrEqual(flow.price * 0.97);
      else expect(flow.strike).toBeLessThanOrEqual(flow.price * 1.03);
    }
  });

  it('suggest a strike the same market’s chain lists for one of the next expirations', () => {
    for (const flow of flows.slice(0, 40)) {
      const chain = generateChain(flow.ticker, new Date(flow.timestamp));
      expect(chainContracts(chain).some((c) => c.strike === flow.strike)).toBe(true);
    }
  });

  it('print at a price that moves with the minute, not at the close', () => {
    const byTicker = new Map<string, Set<number>>();
    for (const flow of flows)
      byTicker.set(flow.ticker, (byTicker.get(flow.ticker) ?? new Set()).add(flow.price));
    const busiest = [...byTicker.values()].sort((a, b) => b.size - a.size)[0]!;
    expect(busiest.size).toBeGreaterThan(3);
  });
});

describe('market alerts', () => {
  const session = feedItemsBetween('alerts', SESSION - 60 * MINUTE, SESSION) as MarketAlert[];
  const night = feedItemsBetween('alerts', NIGHT - 30 * MINUTE, NIGHT) as MarketAlert[];

  it('show the model’s price, change and volume of the ticker at the alert’s instant', () => {
    for (const alert of [...session, ...night]) {
      const quote = quoteNumbers(alert.ticker, alert.timestamp);
      expect(alert.price).toBe(quote.price);
      expect(alert.changePercent).toBe(quote.changePercent);
      expect(formatVolume(alert.volume ?? Number.NaN)).toBe(quote.volume);
    }
  });

  it('fire only past the spec’s thresholds', () => {
    expect(session.length).toBeGreaterThan(30);
    for (const alert of [...session, ...night]) {
      const { value, threshold } = alert.trigger;
      if (alert.type === 'dark-pool') {
        expect(threshold).toBe(ALERT_TRIGGERS.darkPoolBlockMinShares);
        expect(value).toBeGreaterThan(threshold);
      }
      if (alert.type === 'unusual-flow') expect(value).toBeGreaterThan(threshold);
      if (alert.type === 'high-volume') expect(value).toBeGreaterThanOrEqual(200);
      if (alert.type === 'volatility-spike') expect(value).toBeGreaterThan(20);
    }
  });

  it('call a breakout only when the model’s price crossed its 20-day closing high or low since the last alert', () => {
    const breakouts = session.filter((alert) => alert.type === 'breakout');
    expect(breakouts.length).toBeGreaterThan(0);
    for (const alert of breakouts) {
      const t = Date.parse(alert.timestamp);
      const closes = dailyCloses(alert.ticker, marketClock(new Date(t)).index - 1, 20);
      const before = Number(quoteAt(alert.ticker, new Date(previousArrival('alerts', t))).price);
      if (alert.bias === 'bullish') {
        expect(alert.price).toBeGreaterThanOrEqual(Math.round(Math.max(...closes) * 100) / 100);
        expect(before).toBeLessThanOrEqual(Math.round(Math.max(...closes) * 100) / 100);
      } else {
        expect(alert.price).toBeLessThanOrEqual(Math.round(Math.min(...closes) * 100) / 100);
        expect(before).toBeGreaterThanOrEqual(Math.round(Math.min(...closes) * 100) / 100);
      }
    }
  });

  it('report a dark pool block that is in the dark pool feed', () => {
    const blocks = [...session, ...night].filter((alert) => alert.type === 'dark-pool');
    expect(blocks.length).toBeGreaterThan(0);
    for (const alert of blocks) {
      const t = Date.parse(alert.timestamp);
      const printed = feedItemsBetween('darkpool', previousArrival('alerts', t), t) as DarkPoolFlow[];
      expect(
        printed.some((flow) => flow.ticker === alert.ticker && flow.blockSize === alert.trigger.value),
      ).toBe(true);
    }
  });

  it('name, in an options-flow alert, a contract the same market’s chain lists at that instant', () => {
    const flowAlerts = session.filter((alert) => alert.type === 'unusual-flow');
    expect(flowAlerts.length).toBeGreaterThan(0);
    for (const alert of flowAlerts) {
      const { type, strike, expiration } = alert.contract!;
      const chain = generateChain(alert.ticker, new Date(alert.timestamp));
      const listed = chainContracts(chain).some(
        (c) => c.type === type && c.strike === strike && c.expiration === expiration,
      );
      expect(listed, `${alert.message}`).toBe(true);
    }
  });

  it('after the close, fire nothing at all (alerts exist only while the market trades)', () => {
    expect(session.length).toBeGreaterThan(0);
    expect(night).toEqual([]);
  });

  it('alert one event once: no ticker and type twice in a row', () => {
    const keys = session.map((alert) => `${alert.ticker}|${alert.type}|${alert.trigger.value}`);
    const repeats = keys.filter((key, i) => i > 0 && key === keys[i - 1]);
    expect(repeats).toEqual([]);
  });

  it('give no alert where nothing fired', () => {
    const times = arrivalsBetween('alerts', NIGHT - 30 * MINUTE, NIGHT);
    expect(night.length).toBeLessThanOrEqual(times.length);
    for (const t of times) {
      const alert = generateMarketAlert(t);
      if (alert) expect(alert.timestamp).toBe(new Date(t).toISOString());
    }
  });
});

describe('risky chatter and trend alerts', () => {
  const chatter = feedItemsBetween('chatter', SESSION - 30 * MINUTE, SESSION);
  const trends = feedItemsBetween('trends', SESSION - 60 * MINUTE, SESSION) as TrendAlert[];

  it('chatter: the four platforms, a price target only when bullish, the model’s price', () => {
    expect(new Set(chatter.map((c) => c.platform)).size).toBe(4);
    for (const trend of chatter) {
      if (trend.sentiment !== 'bullish') expect(trend.priceTarget).toBeUndefined();
      else expect(trend.priceTarget).toBeGreaterThan(trend.price!);
      expect(trend.price).toBe(quoteNumbers(trend.ticker, trend.timestamp).price);
      expect(new URL(trend.sourceUrl).protocol).toBe('https:');
      expect(trend.verificationStatus).toBe(
        trend.credibilityScore >= 70 ? 'verified' : trend.credibilityScore < 35 ? 'suspicious' : 'unverified',
      );
    }
  });

  it('trend alerts: price indications around the model’s price, on the side of the trend', () => {
    expect(trends.length).toBeGreaterThan(20);
    for (const alert of trends) {
      const { currentPrice, targetPrice, stopLoss, probability } = alert.priceIndications;
      expect(currentPrice).toBe(quoteNumbers(alert.ticker, alert.timestamp).price);
      if (alert.bias === 'bearish') {
        expect(targetPrice).toBeLessThan(currentPrice);
        expect(stopLoss).toBeGreaterThan(currentPrice);
      } else {
        expect(targetPrice).toBeGreaterThan(currentPrice);
        expect(stopLoss).toBeLessThan(currentPrice);
      }
      expect(probability).toBeGreaterThan(0);
      expect(probability).toBeLessThanOrEqual(100);
      expect(alert.isActive).toBe(true);
      expect(alert.supportingEvidence.technicalSignals.length).toBeGreaterThan(0);
    }
  });

  it('trend alerts: a breakout is a price beyond the 20-day closing range', () => {
    // A day of alerts, so that breakouts are there to check (an hour may hold none).
    const breakouts = (
      feedItemsBetween('trends', SESSION - 6 * 60 * MINUTE, SESSION + 30 * MINUTE) as TrendAlert[]
    ).filter((a) => a.alertType === 'breakout');
    expect(breakouts.length).toBeGreaterThan(0);
    for (const alert of breakouts) {
      const t = Date.parse(alert.timestamp);
      const closes = dailyCloses(alert.ticker, marketClock(new Date(t)).index - 1, 20);
      const price = alert.priceIndications.currentPrice;
      if (alert.bias === 'bullish')
        expect(price).toBeGreaterThanOrEqual(Math.round(Math.max(...closes) * 100) / 100);
      else expect(price).toBeLessThanOrEqual(Math.round(Math.min(...closes) * 100) / 100);
    }
  });

  it('items at the same instant are the same item, generated anywhere', async () => {
    // Another thread has its own module state (no memo, no draws shared with this one), as the
    // schedule worker and the API have: what it generates must be the very same item.
    const times = feedNames.map(
      (feed) => [feed, arrivalsBetween(feed, SESSION - 5 * MINUTE, SESSION)[0]!] as const,
    );
    const elsewhere = await generatedInAnotherThread(times);
    expect(elsewhere).toHaveLength(feedNames.length);
    for (const [i, [feed, t]] of times.entries()) expect(elsewhere[i]).toEqual(generateFeedItem(feed, t));
  });
});

/** generateFeedItem run in a fresh worker thread (tsx loads the TypeScript there). */
function generatedInAnotherThread(times: readonly (readonly [FeedName, number])[]): Promise<unknown[]> {
  const generate = new URL('../../../shared/src/feeds/generate.ts', import.meta.url).href;
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    import('tsx/esm/api')
      .then(({ register }) => register())
      .then(() => import(workerData.generate))
      .then(({ generateFeedItem }) =>
        parentPort.postMessage(workerData.times.map(([feed, t]) => generateFeedItem(feed, t))));`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, {
      eval: true,
      workerData: { generate, times },
      execArgv: ['--import', 'tsx'],
    });
    worker.once('message', (items: unknown[]) => {
      resolve(items);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}
