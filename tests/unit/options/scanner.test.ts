import { beforeAll, describe, expect, it } from 'vitest';
import { scanResultSchema } from '@shared/market/schemas';
import { scanFiltersSchema, type ScanFiltersInput } from '@shared/options/scan-filters';
import { moneynessOf, scan, visitCandidates, type ScanOutput } from '@shared/options/scanner';
import { STRATEGY_CODES } from '@shared/options/scan-results';
import { buildUniverseSnapshot, type UniverseSnapshot } from '@shared/options/snapshot';
import { expectedPayoff, probabilityBelow } from '@shared/options/forecast';
import { analyzePosition, payoffAt, valueToday } from '@shared/options/strategies';
import { edgeScoreBand } from '@shared/ui/colour-bands';

const AT = new Date('2026-03-10T15:45:00Z');
const SYMBOLS = ['AAPL', 'SPY', 'TSLA', 'KO', 'MARA', 'JPM', 'XLE', 'GLD'];
let snapshot: UniverseSnapshot;
type Result = ScanOutput['results'][number];
type Filters = ScanFiltersInput;
let everything: ScanOutput;

/** Every candidate of the snapshot (no IV rank screen, earnings included, no caps, no liquidity floors, DTE window or expected-return minimum). */
const run = (input: ScanFiltersInput) =>
  scan(
    snapshot,
    scanFiltersSchema.parse({
      ivRank: 0,
      minVolume: 0,
      minOpenInterest: 0,
      dteMax: 1000,
      minExpectedReturn: -1,
      limit: 500,
      maxPerTicker: 500,
      maxPerStrategy: 500,
      excludeEarnings: false,
      ...input,
    }),
  );

const expiryOf = (result: ScanOutput['results'][number]) => {
  const c = snapshot.chains.findIndex((chain) => chain.symbol === result.ticker);
  const e = snapshot.chains[c]!.expirations.indexOf(result.expiration);
  return snapshot.work[c]!.expiries[e]!;
};

beforeAll(() => {
  snapshot = buildUniverseSnapshot(AT, SYMBOLS);
  everything = run({});
});

describe('scan', () => {
  it('returns spec scan results with position details, best edge first', () => {
    expect(everything.results).toHaveLength(500);
    expect(everything.matched).toBeGreaterThan(500);
    expect(everything.marketOpen).toBe(true);
    expect(everything.emptyReason).toBeNull();
    for (const result of everything.results) {
      expect(scanResultSchema.safeParse(result).success).toBe(true);
      expect(result.edgeBand).toEqual(edgeScoreBand(result.edgeScore));
      expect(result.scoreBreakdown.reduce((sum, c) => sum + c.weight, 0)).toBe(100);
    }
    const scores = everything.results.map((r) => r.edgeScore);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('is deterministic', () => {
    expect(JSON.stringify(run({}).results)).toBe(JSON.stringify(everything.results));
  });

  it('scores each result as the sum of its weighted components', () => {
    for (const result of everything.results.slice(0, 100)) {
      const total = result.scoreBreakdown.reduce((sum, c) => sum + (c.weight * c.score) / 100, 0);
      expect(result.edgeScore).toBe(Math.round(total));
    }
  });

  it('fills at the bid/ask: buys at the ask, sells at the bid, and reports the net price signed', () => {
    for (const result of everything.results) {
      let net = 0;
      for (const leg of result.position.legs) {
        if (leg.kind === 'stock') continue;
        expect(leg.premium).toBe(leg.side === 'long' ? leg.ask : leg.bid);
        net += (leg.side === 'long' ? 1 : -1) * leg.quantity * leg.premium;
      }
      expect(result.netPrice).toBeCloseTo(net, 2);
      expect(result.priceType).toBe(net >= 0 ? 'debit' : 'credit');
    }
  });

  it('computes max profit, max loss and reward/risk at the fills, consistent with the payoff at the strikes', () => {
    for (const result of everything.results) {
      const metrics = analyzePosition(result.position, result.atmIv);
      expect(result.maxLoss).toBeCloseTo(metrics.maxLoss, 2);
      expect(result.capitalRequired).toBe(result.maxLoss);
      if (Number.isFinite(result.maxProfit)) {
        expect(result.rewardRisk).toBeCloseTo(result.maxProfit / result.maxLoss, 2);
        // The extremes are at the strikes (or 0): the payoff never beats them in between.
        const strikes = result.strikes;
        const atStrikes = [0, ...strikes].map((price) => payoffAt(result.position, price));
        expect(Math.max(...atStrikes)).toBeCloseTo(result.maxProfit, 0);
        expect(-Math.min(...atStrikes)).toBeCloseTo(result.maxLoss, 0);
        for (let p = 0; p <= strikes.at(-1)! * 1.5; p += strikes.at(-1)! / 200) {
          expect(payoffAt(result.position, p)).toBeLessThanOrEqual(result.maxProfit + 0.01);
        }
      } else {
        expect(result.rewardRisk).toBe(Infinity);
      }
    }
  });

  it('computes the expected P&L at executable prices from the forecast, leg by leg', () => {
    for (const result of everything.results.slice(0, 200)) {
      const f = expiryOf(result);
      let expected = 0;
      for (const leg of result.position.legs) {
        const q = (leg.side === 'long' ? 1 : -1) * leg.quantity;
        const value = leg.kind === 'stock' ? f.forward : expectedPayoff(f, leg.strike!, leg.kind === 'call');
        expected += q * (value - leg.premium);
      }
      // The forecast's figure; what the scan shows is it calibrated to the backtest (./scan-calibration).
      expect(result.forecastExpectedReturn * result.capitalRequired).toBeCloseTo(expected * 100, 1);
      expect(result.expectedReturn).toBeCloseTo(result.expectedProfit / result.capitalRequired, 4);
    }
  });

  it("computes single-leg probabilities of profit under the forecast's skewed distribution", () => {
    for (const strategy of ['long-call', 'long-put', 'covered-call', 'cash-secured-put'] as const) {
      const { results } = run({ strategy, limit: 40 });
      expect(results.length).toBeGreaterThan(0);
      for (const result of results) {
        const f = expiryOf(result);
        const [breakeven] = result.breakevens;
        const below = probabilityBelow(f, breakeven!);
        expect(result.probabilityOfProfit).toBeCloseTo(strategy === 'long-put' ? below : 1 - below, 2);
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
  ] as const)('builds %s as a real position with its strikes written out', (strategy) => {
    const { results } = run({ strategy, limit: 20 });
    expect(results.length).toBeGreaterThan(0);
    for (const result of results) {
      expect(result.strategy).toBe(strategy);
      expect(result.position.legs.length).toBeGreaterThan(0);
      expect(result.maxLoss).toBeGreaterThan(0);
      expect(Number.isFinite(result.maxLoss)).toBe(true);
      const strikes = [
        ...new Set(result.position.legs.flatMap((l) => (l.strike === null ? [] : [l.strike]))),
      ];
      expect(result.strikes).toEqual(strikes.sort((a, b) => a - b));
      expect(result.strikeLabel).toBe(result.strikes.map((k) => String(Number(k.toFixed(2)))).join('/'));
    }
  });

  it('shows one row per distinct position', () => {
    const keys = everything.results.map(
      (r) =>
        `${r.ticker} ${r.strategy} ${r.expiration} ${r.position.legs.map((l) => `${l.side}${l.quantity}${l.kind}${l.strike}`).join(',')}`,
    );
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('a spread of ideas', () => {
  it('keeps at most 5 positions per underlying and 10 per strategy by default: the greedy pick of the uncapped list', () => {
    const capped = scan(snapshot, scanFiltersSchema.parse({ ivRank: 0, excludeEarnings: false, limit: 40 }));
    const perTicker = new Map<string, number>();
    const perStrategy = new Map<string, number>();
    for (const r of capped.results) {
      perTicker.set(r.ticker, (perTicker.get(r.ticker) ?? 0) + 1);
      perStrategy.set(r.strategy, (perStrategy.get(r.strategy) ?? 0) + 1);
    }
    expect(Math.max(...perTicker.values())).toBeLessThanOrEqual(5);
    expect(Math.max(...perStrategy.values())).toBeLessThanOrEqual(10);
    expect(perStrategy.size).toBeGreaterThanOrEqual(4);
    // The same list as walking every candidate best first (ties in scan order) and skipping what a cap excludes.
    const all: { key: string; ticker: string; strategy: string; score: number; order: number }[] = [];
    visitCandidates(snapshot, scanFiltersSchema.parse({ ivRank: 0, excludeEarnings: false }), (view) => {
      const chain = snapshot.chains[view.chain]!;
      const strikes = [...view.legs].filter((i) => i >= 0).map((i) => chain.strike[i]!);
      const label = [...new Set(strikes)]
        .sort((a, b) => a - b)
        .map((k) => String(Number(k.toFixed(2))))
        .join('/');
      const strategy = STRATEGY_CODES[view.strategy]!;
      all.push({
        key: `${chain.symbol} ${strategy} ${chain.expirations[view.expiration]} ${label}`,
        ticker: chain.symbol,
        strategy,
        score: view.edgeScore,
        order: all.length,
      });
    });
    all.sort((a, b) => b.score - a.score || a.order - b.order);
    const greedy: string[] = [];
    const t = new Map<string, number>();
    const s = new Map<string, number>();
    const key = (r: ScanOutput['results'][number]) =>
      `${r.ticker} ${r.strategy} ${r.expiration} ${r.strikeLabel}`;
    for (const c of all) {
      if (greedy.length === 40) break;
      if ((t.get(c.ticker) ?? 0) >= 5 || (s.get(c.strategy) ?? 0) >= 10) continue;
      t.set(c.ticker, (t.get(c.ticker) ?? 0) + 1);
      s.set(c.strategy, (s.get(c.strategy) ?? 0) + 1);
      greedy.push(c.key);
    }
    expect(capped.results.map(key)).toEqual(greedy);
    expect(capped.matched).toBe(
      visitCandidates(snapshot, scanFiltersSchema.parse({ ivRank: 0, excludeEarnings: false }), () => {}),
    );
  });

  it('takes the caps as asked, and none for one ticker and one strategy', () => {
    const two = scan(snapshot, scanFiltersSchema.parse({ ivRank: 0, limit: 60, maxPerStrategy: 2 }));
    const counts = new Map<string, number>();
    for (const r of two.results) counts.set(r.strategy, (counts.get(r.strategy) ?? 0) + 1);
    expect(Math.max(...counts.values())).toBe(2);
    const one = scan(
      snapshot,
      scanFiltersSchema.parse({ ticker: 'AAPL', strategy: 'long-call', limit: 60, minExpectedReturn: -1 }),
    );
    expect(one.results).toHaveLength(60);
  });
});

describe('a scan for one ticker always shows that ticker', () => {
  it('scores every position of a ticker whatever the IV rank slider says, and names the filter when one empties it', () => {
    const low = SYMBOLS.map((symbol) => snapshot.chains.find((c) => c.symbol === symbol)!).find(
      (chain) => chain.underlying.ivRank < 50,
    )!;
    expect(low).toBeDefined();
    const spec = scan(snapshot, scanFiltersSchema.parse({ ticker: low.symbol, strategy: 'all', ivRank: 50 }));
    expect(spec.results.length).toBeGreaterThan(0);
    expect(new Set(spec.results.map((r) => r.ticker))).toEqual(new Set([low.symbol]));
    // The universe screen at 50 leaves that ticker out.
    expect(
      scan(snapshot, scanFiltersSchema.parse({ ivRank: 50 })).results.some((r) => r.ticker === low.symbol),
    ).toBe(false);

    const rank = low.underlying.ivRank;
    const asked = scan(snapshot, scanFiltersSchema.parse({ ticker: low.symbol, ivRankMin: 90 }));
    expect(asked.results).toHaveLength(0);
    expect(asked.emptyReason).toEqual({
      filter: 'ivRankMin',
      message: `${low.symbol}'s IV rank is ${rank.toFixed(0)}%, below your minimum of 90%.`,
      relax: { ivRankMin: Math.floor(rank) },
    });
    const relaxed = scan(
      snapshot,
      scanFiltersSchema.parse({ ticker: low.symbol, ...asked.emptyReason!.relax }),
    );
    expect(relaxed.results.length).toBeGreaterThan(0);
  });

  it('says which filter emptied a universe scan, with the values, and how to relax it', () => {
    const highest = Math.max(...snapshot.chains.map((c) => c.underlying.ivRank));
    const top = snapshot.chains.find((c) => c.underlying.ivRank === highest)!;
    const none = scan(snapshot, scanFiltersSchema.parse({ ivRank: 100 }));
    expect(none.emptyReason?.filter).toBe('ivRank');
    expect(none.emptyReason?.message).toBe(
      `No underlying has an IV rank of 100% or more; the highest is ${top.symbol} at ${highest.toFixed(0)}%.`,
    );

    const edge = scan(snapshot, scanFiltersSchema.parse({ ivRank: 0, minEdgeScore: 100 }));
    expect(edge.results).toHaveLength(0);
    expect(edge.emptyReason?.filter).toBe('minEdgeScore');
    // The best score within the default limits (the edge filter applies before the expected-return one).
    const best = scan(snapshot, scanFiltersSchema.parse({ ivRank: 0, minExpectedReturn: -1, limit: 1 }))
      .results[0]!.edgeScore;
    expect(edge.emptyReason?.relax).toEqual({ minEdgeScore: best });
    expect(edge.emptyReason?.message).toContain(`the nearest at ${best}`);
    expect(
      scan(snapshot, scanFiltersSchema.parse({ ivRank: 0, ...edge.emptyReason!.relax })).results.length,
    ).toBeGreaterThan(0);

    const near = scan(snapshot, scanFiltersSchema.parse({ ivRank: 0, ticker: 'SPY', dteMin: 500 }));
    expect(near.emptyReason?.filter).toBe('dteMin');
    expect(near.emptyReason?.message).toMatch(
      /^SPY has no expiration 500 days or more away; the furthest is \d{4}-\d{2}-\d{2} \(\d+ days\)\.$/,
    );

    expect(scan(snapshot, scanFiltersSchema.parse({ ticker: 'NVDA' })).emptyReason?.filter).toBe('ticker');
  });
});

describe('the default scan', () => {
  it('asks for at least a day to expiry (dteMin 0 brings back expiring-today positions)', () => {
    const friday = buildUniverseSnapshot(new Date('2026-03-13T18:00:00Z'), ['SPY', 'AAPL']);
    const dte = (input: ScanFiltersInput) =>
      scan(
        friday,
        scanFiltersSchema.parse({ ivRank: 0, limit: 500, maxPerStrategy: 500, ...input }),
      ).results.map((r) => r.dte);
    expect(Math.min(...dte({}))).toBeGreaterThanOrEqual(1);
    // Sorted by days to expiry: which expiries a scan allows, whatever their scores and expected
    // returns (an expiring-today position rarely clears the default margins).
    const any = { sortBy: 'dte', sortDir: 'asc', minExpectedReturn: -1 } as const;
    expect(dte({ dteMin: 0, ...any })).toContain(0);
    expect(Math.min(...dte(any))).toBeGreaterThanOrEqual(1);
  });

  it('leaves out positions spanning earnings without a ticker, and flags them for a ticker', () => {
    const universe = scan(snapshot, scanFiltersSchema.parse({ ivRank: 0, limit: 500, maxPerStrategy: 500 }));
    expect(universe.results.every((r) => !r.spansEarnings)).toBe(true);
    const aapl = scan(snapshot, scanFiltersSchema.parse({ ticker: 'AAPL', limit: 500, dteMax: 1000 }));
    const earnings = aapl.results[0]!.earnings!;
    expect(earnings).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(aapl.results.some((r) => r.spansEarnings)).toBe(true);
    for (const r of aapl.results) expect(r.spansEarnings).toBe(r.expiration >= earnings);
  });

  it('says whether the market is open (results refresh only then)', () => {
    const saturday = buildUniverseSnapshot(new Date('2026-03-14T15:00:00Z'), ['SPY']);
    expect(scan(saturday, scanFiltersSchema.parse({})).marketOpen).toBe(false);
  });
});

describe('each filter narrows the scan and its results respect it', () => {
  const cases: [string, ScanFiltersInput, (r: ScanOutput['results'][number]) => boolean][] = [
    ['ticker', { ticker: 'aapl' }, (r) => r.ticker === 'AAPL'],
    ['strategy', { strategy: 'iron-condor' }, (r) => r.strategy === 'iron-condor'],
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
    ['excludeEarnings', { excludeEarnings: true }, (r) => !r.spansEarnings],
  ];

  // IV ranks move together with the market's volatility (in a calm year most are low): the
  // thresholds sit halfway between the snapshot's lowest and highest.
  const middle = (of: (chain: UniverseSnapshot['chains'][number]) => number) => {
    const values = snapshot.chains.map(of);
    return Math.round((Math.min(...values) + Math.max(...values)) / 2);
  };
  it.each([
    [
      'ivRank (minimum)',
      () => ({ ivRank: middle((c) => c.underlying.ivRank) }),
      (r: Result, f: Filters) => r.ivRank! >= f.ivRank!,
    ],
    [
      'ivRankMax',
      () => ({ ivRankMax: middle((c) => c.underlying.ivRank) }),
      (r: Result, f: Filters) => r.ivRank! <= f.ivRankMax!,
    ],
    [
      'ivPercentileMin',
      () => ({ ivPercentileMin: middle((c) => c.underlying.ivPercentile) }),
      (r: Result, f: Filters) => r.ivPercentile! >= f.ivPercentileMin!,
    ],
  ] as const)('%s', (_name, filtersOf, holds) => {
    const filters = filtersOf();
    const filtered = run(filters);
    expect(filtered.matched).toBeLessThan(everything.matched);
    expect(filtered.results.length).toBeGreaterThan(0);
    for (const result of filtered.results) expect(holds(result, filters)).toBe(true);
  });

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
    const returns = run({ sortBy: 'expectedReturn', limit: 100 }).results.map((r) => r.expectedReturn);
    expect(returns).toEqual([...returns].sort((a, b) => b - a));
    const tickers = run({ sortBy: 'ticker', sortDir: 'asc', limit: 500 }).results.map((r) => r.ticker);
    expect(tickers[0]).toBe('AAPL');
  });

  it('returns at most `limit` results', () => {
    expect(run({ limit: 7 }).results).toHaveLength(7);
  });
});

describe("the payoff's today line", () => {
  it('values every position at its own spot and time at its legs’ mids, American and European alike', () => {
    // Each leg's IV was solved from its mid under the chain's exercise style: revalued under the same
    // style at the same spot and time, each leg is worth its mid again, so the position's P&L is what
    // the entry paid over the mids (the half spreads). BSM on an American IV misprices puts.
    const withPuts = everything.results.filter((r) => r.position.legs.some((l) => l.kind === 'put'));
    expect(withPuts.some((r) => r.ticker === 'SPY')).toBe(true);
    expect(withPuts.some((r) => r.position.years > 0.5 && r.ticker !== 'SPY')).toBe(true);
    for (const { position } of withPuts) {
      const sign = (l: (typeof position.legs)[number]) => (l.side === 'long' ? 1 : -1);
      const atMids = position.legs.reduce(
        (sum, l) =>
          sum +
          sign(l) * l.quantity * ((l.kind === 'stock' ? l.premium : (l.bid + l.ask) / 2) - l.premium) * 100,
        0,
      );
      const contracts = position.legs.reduce((n, l) => n + l.quantity, 0);
      // A cent a contract, or where that is more, the two American engines' stated accuracy (the
      // batch that solved the IV and the one-contract pricer that revalues it, each under 1e-6 of
      // the strike a share: docs/features/scanner.md): deep in-the-money long-dated puts, which
      // the calibration now ranks higher, revalue a few cents from their mids.
      const strike = Math.max(...position.legs.map((l) => l.strike ?? 0));
      expect(Math.abs(valueToday(position, position.spot, new Date(position.asOf)) - atMids)).toBeLessThan(
        Math.max(0.01, 2e-6 * strike * 100) * contracts,
      );
    }
  });
});
