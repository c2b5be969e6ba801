/**
 * A real chain's IV30, IV rank and percentile over recorded sessions (@shared/providers/history/real-iv),
 * and the providers' daily history (@shared/providers/history/daily-history) on their recorded
 * responses: Polygon's daily aggregates (client-python's mock), CBOE's daily history of _SPX (radon's
 * trimmed capture; a hand-written body adds the edge cases), tests/fixtures/SOURCES.md.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ChainContract } from '@shared/providers/chains/chain';
import type { PricedChain, PricedContract } from '@shared/providers/chains/price-real-chain';
import {
  cboeHistoryUrl,
  emptyHistory,
  HISTORY_CLOSES_KEPT,
  parseCboeHistory,
  parseDailyHistory,
  parsePolygonAggs,
  polygonHistoryUrl,
  withProviderCloses,
  withSession,
} from '@shared/providers/history/daily-history';
import {
  atm30Iv,
  expiryAtmIv,
  realIvStats,
  REAL_IV_MIN_SESSIONS,
  REAL_IV_SESSIONS_KEPT,
} from '@shared/providers/history/real-iv';

const fixture = (path: string) =>
  JSON.parse(readFileSync(new URL(`../../fixtures/providers/${path}`, import.meta.url), 'utf8')) as unknown;

/** Business days from 2023-01-02 (enough for ordering; not a market calendar). */
function days(count: number): string[] {
  const out: string[] = [];
  for (let d = Date.UTC(2023, 0, 2); out.length < count; d += 86_400_000) {
    const day = new Date(d);
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) out.push(day.toISOString().slice(0, 10));
  }
  return out;
}

describe('IV rank and percentile of a real chain over its recorded IVs', () => {
  it('is null, with how many sessions there are, under the minimum', () => {
    const recorded = days(3).map((day, i) => ({ day, iv: 0.2 + i / 100 }));
    const stats = realIvStats(recorded, 0.25, '2023-06-01');
    expect(stats).toEqual({
      iv30: 0.25,
      ivRank: null,
      ivPercentile: null,
      sessions: 3,
      minimum: REAL_IV_MIN_SESSIONS,
      reason: `not yet — 3 of ${REAL_IV_MIN_SESSIONS} sessions recorded`,
    });
  });

  it('ranks exactly over the sessions before today, today’s own record left out', () => {
    // 25 sessions: IVs 10 %, 11 %, … 34 %; then today's record at 90 %, which must not count.
    const series = days(26);
    const recorded = series.map((day, i) => ({ day, iv: i < 25 ? 0.1 + i / 100 : 0.9 }));
    const today = series[25]!;
    const stats = realIvStats(recorded, 0.22, today);
    expect(stats.sessions).toBe(25);
    expect(stats.reason).toBeNull();
    // (22 - 10) / (34 - 10) = 50 %; 12 of 25 sessions below 22 % = 48 %.
    expect(stats.ivRank).toBeCloseTo(50, 10);
    expect(stats.ivPercentile).toBeCloseTo(48, 10);
    // Exactly at the minimum it ranks; one session fewer it does not.
    expect(realIvStats(recorded.slice(5, 25), 0.22, today).ivRank).not.toBeNull();
    expect(realIvStats(recorded.slice(6, 25), 0.22, today).ivRank).toBeNull();
  });

  it('reads at most a year of sessions', () => {
    const series = days(REAL_IV_SESSIONS_KEPT + 10);
    // An old extreme (5 %) beyond the year would pull the rank up if it were read.
    const recorded = series.map((day, i) => ({ day, iv: i === 0 ? 0.05 : 0.2 + (i % 10) / 100 }));
    const stats = realIvStats(recorded, 0.2, '2099-01-01');
    expect(stats.sessions).toBe(REAL_IV_SESSIONS_KEPT);
    expect(stats.ivRank).toBe(0);
  });
});

function contract(expiration: string, type: 'call' | 'put', strike: number): ChainContract {
  return {
    occ: 'X     230608C00100000',
    root: 'X',
    type,
    strike,
    expiration,
    bid: 1,
    ask: 1.1,
    bidSize: null,
    askSize: null,
    last: null,
    lastTime: null,
    volume: null,
    openInterest: null,
    iv: null,
    greeks: null,
    quoteTime: null,
  };
}

/** A priced chain of two expiries (20 and 40 days) with flat IVs, forwards at 100. */
function pricedChain(ivs: [number, number]): PricedChain {
  const expiries = [
    { expiration: '2023-06-08', years: 20 / 365, iv: ivs[0] },
    { expiration: '2023-06-28', years: 40 / 365, iv: ivs[1] },
  ];
  const contracts: PricedContract[] = expiries.flatMap((e) =>
    [95, 100, 105].flatMap((strike) =>
      (['call', 'put'] as const).map((type) => ({
        contract: contract(e.expiration, type, strike),
        years: e.years,
        iv: e.iv,
        noIvReason: null,
        delta: null,
        gamma: null,
        theta: null,
        vega: null,
      })),
    ),
  );
  return {
    symbol: 'X',
    spot: 100,
    asOf: '2023-05-19T19:59:59.000Z',
    expiries: expiries.map((e) => ({
      expiration: e.expiration,
      years: e.years,
      forward: 100,
      discount: 1,
      method: 'parity' as const,
      strikesUsed: 3,
      impliedYield: 0,
    })),
    contracts,
  } as unknown as PricedChain;
}

describe('a real chain’s 30-day at-the-money IV', () => {
  it('interpolates the two expiries around 30 days in total variance', () => {
    // w = σ²T: (0.04·20 + 0.09·40) / 2 over 30 days → √(4.4 / 60).
    expect(atm30Iv(pricedChain([0.2, 0.3]))).toBeCloseTo(Math.sqrt(4.4 / 60), 12);
  });

  it('takes an expiry within 7 days of 30 alone, and is null without one', () => {
    const chain = pricedChain([0.2, 0.3]);
    const near = {
      ...chain,
      expiries: chain.expiries.slice(0, 1),
      contracts: chain.contracts.filter((c) => c.contract.expiration === '2023-06-08'),
    };
    // 20 days: 10 from 30, too far to stand alone.
    expect(atm30Iv(near)).toBeNull();
    const month = { ...near, expiries: near.expiries.map((e) => ({ ...e, years: 25 / 365 })) };
    expect(atm30Iv(month)).toBeCloseTo(0.2, 12);
  });

  it('interpolates an expiry’s call and put IVs at the forward, in strike', () => {
    const rows = [
      { strike: 95, call: 0.3, put: 0.32 },
      { strike: 105, call: 0.2, put: 0.22 },
    ].flatMap((r) =>
      (['call', 'put'] as const).map((type) => ({
        contract: contract('2023-06-08', type, r.strike),
        iv: r[type],
      })),
    ) as unknown as PricedContract[];
    // 31 % at 95, 21 % at 105: 22.5 % at 103.5 (85 % of the way).
    expect(expiryAtmIv(103.5, rows)).toBeCloseTo(0.225, 12);
    expect(expiryAtmIv(110, rows)).toBeNull();
  });
});

describe('the providers’ daily history', () => {
  it('Polygon’s daily aggregates (recorded): each close on its New York session day', () => {
    const closes = parsePolygonAggs(fixture('polygon/aggs-AAPL-day.client-python.json'));
    expect(closes).toEqual([
      { day: '2005-04-01', close: 1.4604 },
      { day: '2005-04-04', close: 1.4675 },
    ]);
    expect(polygonHistoryUrl('https://api.polygon.io', 'aapl', new Date('2023-05-19T21:00:00Z'))).toBe(
      'https://api.polygon.io/v2/aggs/ticker/AAPL/range/1/day/2018-03-06/2023-05-19?adjusted=true&sort=asc&limit=50000',
    );
    expect(() => parsePolygonAggs({ results: [{ t: 'x' }] })).toThrow(/Polygon’s layout/);
  });

  it('CBOE’s daily history (its layout): closes by day, a 0 close (CBOE’s “none”) left out', () => {
    const body = fixture('cboe/history-QQQ.handwritten.json') as { data: { date: string; close: unknown }[] };
    const closes = parseCboeHistory(body);
    expect(closes).toHaveLength(96);
    expect(closes[0]).toEqual({ day: '2023-01-03', close: 300 });
    // The close written as a string is read as its number.
    expect(closes[3]!.close).toBe(Number(body.data[3]!.close));
    expect(closes.at(-1)).toEqual({ day: '2023-05-19', close: 326.13 });
    const withNone = { data: [...body.data, { date: '2023-05-22', open: 0, high: 0, low: 0, close: 0 }] };
    expect(parseCboeHistory(withNone)).toHaveLength(96);
    expect(() => parseCboeHistory({ data: [{ date: 'May 1' }] })).toThrow(/CBOE’s layout/);
    expect(cboeHistoryUrl('https://cdn.cboe.com', 'spx')).toBe(
      'https://cdn.cboe.com/api/global/delayed_quotes/charts/historical/_SPX.json',
    );
  });

  it('CBOE’s recorded daily history of _SPX (radon’s capture of 2026-09-15): every session read', () => {
    const body = fixture('cboe/history-SPX.radon.json') as {
      timestamp: string;
      symbol: string;
      data: { date: string; open: unknown; high: unknown; low: unknown; close: unknown; volume: unknown }[];
    };
    expect(body.symbol).toBe('_SPX');
    // CBOE sends every price, and the volume, as a string.
    for (const row of body.data) {
      for (const field of [row.open, row.high, row.low, row.close, row.volume])
        expect(typeof field).toBe('string');
    }
    const closes = parseCboeHistory(body);
    // 1989-11-01..1990-03-30 (104 sessions) and the last 120 sessions through 2026-09-14.
    expect(closes).toHaveLength(224);
    expect(closes.map((c) => c.day)).toEqual(body.data.map((d) => d.date));
    expect(closes[0]).toEqual({ day: '1989-11-01', close: 341.2 });
    expect(closes.find((c) => c.day === '1990-01-02')).toEqual({ day: '1990-01-02', close: 359.69 });
    expect(closes.at(-1)).toEqual({ day: '2026-09-14', close: 7619.98 });
    // Oldest first, one per day, no weekend, no holiday (Good Friday 2026-04-03, Juneteenth 2026-06-19).
    for (let i = 1; i < closes.length; i++) expect(closes[i]!.day > closes[i - 1]!.day).toBe(true);
    for (const { day } of closes) expect([0, 6]).not.toContain(new Date(`${day}T12:00:00Z`).getUTCDay());
    expect(closes.map((c) => c.day)).not.toContain('2026-04-03');
    expect(closes.map((c) => c.day)).not.toContain('2026-06-19');
    // Each close is its string read as a number, and within the day's low and high.
    body.data.forEach((row, i) => {
      expect(closes[i]!.close).toBe(Number(row.close));
      expect(closes[i]!.close).toBeGreaterThanOrEqual(Number(row.low));
      expect(closes[i]!.close).toBeLessThanOrEqual(Number(row.high));
    });
  });

  it('merges: the provider’s bar wins a day it has, a recorded close fills the day it has not', () => {
    let history = emptyHistory('qqq', 'cboe', new Date('2023-05-19T21:00:00Z'));
    history = withSession(history, '2023-05-18', 330, 0.21);
    history = withSession(history, '2023-05-19', 331, 0.2);
    history = withProviderCloses(history, [
      { day: '2023-05-17', close: 328 },
      { day: '2023-05-18', close: 329.5 },
    ]);
    expect(history.closes).toEqual([
      { day: '2023-05-17', close: 328 },
      { day: '2023-05-18', close: 329.5 },
      { day: '2023-05-19', close: 331 },
    ]);
    expect(history.iv.map((r) => r.iv)).toEqual([0.21, 0.2]);
    // A session recorded again after the provider's bar keeps the bar.
    expect(withSession(history, '2023-05-18', 330, null).closes[1]!.close).toBe(329.5);
    expect(parseDailyHistory(JSON.stringify(history))).toEqual(history);
    expect(parseDailyHistory('{"symbol":"QQQ"}')).toBeNull();
    const long = Array.from({ length: HISTORY_CLOSES_KEPT + 5 }, (_, i) => ({
      day: new Date(Date.UTC(2010, 0, 1) + i * 86_400_000).toISOString().slice(0, 10),
      close: 100 + i,
    }));
    expect(withProviderCloses(history, long).closes).toHaveLength(HISTORY_CLOSES_KEPT);
  });
});
