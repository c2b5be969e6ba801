import { beforeAll, describe, expect, it } from 'vitest';
import { scanResultSchema } from '@shared/market/schemas';
import { scanFiltersSchema, type ScanFiltersInput } from '@shared/options/scan-filters';
import { moneynessOf, scan, type ScanOutput } from '@shared/options/scanner';
import { buildUniverseSnapshot, type UniverseSnapshot } from '@shared/options/snapshot';
import { analyzePosition } from '@shared/options/strategies';
import { edgeScoreBand } from '@shared/ui/colour-bands';

const AT = new Date('2026-03-10T15:45:00Z');
const SYMBOLS = ['AAPL', 'SPY', 'TSLA', 'KO', 'MARA', 'JPM', 'XLE', 'GLD'];
let snapshot: UniverseSnapshot;
let everything: ScanOutput;

const run = (input: ScanFiltersInput) =>
  scan(snapshot, scanFiltersSchema.parse({ ivRank: 0, limit: 500, maxPerTicker: 500, ...input }));

beforeAll(() => {
  snapshot = buildUniverseSnapshot(AT, SYMBOLS);
  everything = run({});
});

describe('scan', () => {
  it('returns spec scan results with position details, best edge first', () => {
    expect(everything.results).toHaveLength(500);
    expect(everything.matched).toBeGreaterThan(500);
    for (const result of everything.results) {
      expect(scanResultSchema.safeParse(result).success).toBe(true);
      expect(result.edgeBand).toEqual(edgeScoreBand(result.edgeScore));
      expect(result.scoreBreakdown.reduce((sum, c) => sum + c.weight, 0)).toBe(100);
    }
    const scores = everything.results.map((r) => r.edgeScore);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('keeps at most 5 positions per underlying by default, the best of each, and none of the cap for one ticker', () => {
    const spread = scan(snapshot, scanFiltersSchema.parse({ ivRank: 0, limit: 500 }));
    const perTicker = new Map<string, number>();
    for (const result of spread.results)
      perTicker.set(result.ticker, (perTicker.get(result.ticker) ?? 0) + 1);
    expect(Math.max(...perTicker.values())).toBe(5);
    expect(perTicker.size).toBe(SYMBOLS.length);
    // Each underlying's five are its five best of the uncapped scan.
    for (const ticker of perTicker.keys()) {
      const best = run({ ticker }).results.slice(0, 5);
      expect(spread.results.filter((r) => r.ticker === ticker).map((r) => r.edgeScore)).toEqual(
        best.map((r) => r.edgeScore),
      );
    }
    expect(spread.matched).toBe(everything.matched);

    const one = scan(snapshot, scanFiltersSchema.parse({ ivRank: 0, ticker: 'AAPL', limit: 60 }));
    expect(one.results).toHaveLength(60);
    const capped = scan(snapshot, scanFiltersSchema.parse({ ivRank: 0, limit: 60, maxPerTicker: 2 }));
    expect(capped.results).toHaveLength(2 * SYMBOLS.length);
  });

  it('is deterministic', () => {
    expect(JSON.stringify(run({}).results)).toBe(JSON.stringify(everything.results));
  });

  it('scores each result as the sum of its weighted components', () => {
    for (const result of everything.results.slice(0, 50)) {
      const total = result.scoreBreakdown.reduce((sum, c) => sum + (c.weight * c.score) / 100, 0);
      expect(result.edgeScore).toBe(Math.round(total));
    }
  });

  it("agrees with the generic position analysis (the single-leg fast path's closed forms)", () => {
    for (const strategy of ['long-call', 'long-put', 'covered-call', 'cash-secured-put'] as const) {
      const { results } = run({ strategy, limit: 40 });
      expect(results.length).toBeGreaterThan(0);
      for (const result of results) {
        const metrics = analyzePosition(result.position, result.atmIv);
        expect(result.probabilityOfProfit).toBeCloseTo(metrics.probabilityOfProfit, 12);
        expect(result.maxLoss).toBeCloseTo(metrics.maxLoss, 2);
      }
    }
  });

  it.each([
    ['long-call'],
    ['long-put'],
    ['covered-call'],
    ['cash-secured-put'],
    ['iron-condor'],
    ['butterfly'],
    ['straddle'],
    ['strangle'],
  ] as const)('builds %s as a real position', (strategy) => {
    const { results } = run({ strategy, limit: 20 });
    expect(results.length).toBeGreaterThan(0);
    for (const result of results) {
      expect(result.strategy).toBe(strategy);
      expect(result.position.legs.length).toBeGreaterThan(0);
      expect(result.maxLoss).toBeGreaterThan(0);
      expect(Number.isFinite(result.maxLoss)).toBe(true);
    }
  });
});

describe('each filter narrows the scan and its results respect it', () => {
  const cases: [string, ScanFiltersInput, (r: ScanOutput['results'][number]) => boolean][] = [
    ['ticker', { ticker: 'aapl' }, (r) => r.ticker === 'AAPL'],
    ['strategy', { strategy: 'iron-condor' }, (r) => r.strategy === 'iron-condor'],
    ['ivRank (minimum)', { ivRank: 60 }, (r) => r.ivRank >= 60],
    ['ivRankMax', { ivRankMax: 50 }, (r) => r.ivRank <= 50],
    ['ivPercentileMin', { ivPercentileMin: 50 }, (r) => r.ivPercentile >= 50],
    ['ivMin / ivMax', { ivMin: 0.25, ivMax: 0.5 }, (r) => r.iv >= 0.25 && r.iv <= 0.5],
    ['expiration', { expiration: '2026-04-17' }, (r) => r.expiration <= '2026-04-17'],
    ['dteMin / dteMax', { dteMin: 20, dteMax: 60 }, (r) => r.dte >= 20 && r.dte <= 60],
    ['deltaMin / deltaMax', { deltaMin: 0.2, deltaMax: 0.4 }, (r) => r.delta >= 0.2 && r.delta <= 0.4],
    ['minVolume', { minVolume: 2000 }, (r) => r.volume >= 2000],
    ['minOpenInterest', { minOpenInterest: 20000 }, (r) => r.openInterest >= 20000],
    ['maxSpreadPct', { maxSpreadPct: 3 }, (r) => r.spreadPct <= 3],
    ['premiumMin / premiumMax', { premiumMin: 1, premiumMax: 3 }, (r) => r.premium >= 1 && r.premium <= 3],
    [
      'moneyness',
      { moneyness: 'otm', strategy: 'long-call' },
      (r) => moneynessOf(true, r.strike, r.underlyingPrice) === 'otm',
    ],
    ['minProbabilityOfProfit', { minProbabilityOfProfit: 0.7 }, (r) => r.probabilityOfProfit >= 0.7 - 1e-9],
    ['minEdgeScore', { minEdgeScore: 70 }, (r) => r.edgeScore >= 70],
    ['maxCapital', { maxCapital: 500 }, (r) => r.capitalRequired <= 500],
    ['minTheta', { minTheta: 0 }, (r) => r.theta >= 0],
    ['maxVega', { maxVega: 0 }, (r) => r.greeks.vega <= 0],
    ['sector', { sector: 'Energy' }, (r) => r.sector === 'Energy'],
    [
      'priceMin / priceMax',
      { priceMin: 50, priceMax: 300 },
      (r) => r.underlyingPrice >= 50 && r.underlyingPrice <= 300,
    ],
    ['excludeEarnings', { excludeEarnings: true }, (r) => r.ticker !== 'AAPL' || r.expiration < '2026-04-27'],
  ];

  it.each(cases)('%s', (_name, filters, holds) => {
    const filtered = run(filters);
    expect(filtered.matched).toBeLessThan(everything.matched);
    expect(filtered.results.length).toBeGreaterThan(0);
    for (const result of filtered.results) expect(holds(result)).toBe(true);
  });

  it('sorts by any key in either direction', () => {
    const ascending = run({ sortBy: 'probabilityOfProfit', sortDir: 'asc', limit: 100 }).results.map(
      (r) => r.probabilityOfProfit,
    );
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    const tickers = run({ sortBy: 'ticker', sortDir: 'asc', limit: 500 }).results.map((r) => r.ticker);
    expect(tickers[0]).toBe('AAPL');
  });

  it('returns at most `limit` results', () => {
    expect(run({ limit: 7 }).results).toHaveLength(7);
  });
});
