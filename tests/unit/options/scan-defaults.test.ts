/** The default scan's limits (liquidity floors, DTE window, expected return above a margin), "no trade", and the notes. */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  countActiveFilters,
  DEFAULT_MAX_DTE,
  DEFAULT_MIN_LEG_OPEN_INTEREST,
  DEFAULT_MIN_LEG_VOLUME,
  DEFAULT_MARGINS_TEXT,
  DEFAULT_MIN_EXPECTED_RETURN,
  DEFAULT_SCAN_LIMITS_TEXT,
  defaultMinExpectedReturn,
  maximumDte,
  requiredExpectedReturn,
  scanFiltersSchema,
  type ScanFiltersInput,
} from '@shared/options/scan-filters';
import { NO_TRADE_MESSAGE } from '@shared/options/scan-diagnosis';
import { DEFAULT_SCAN } from '@shared/options/backtest';
import { calibratedReturn, FEATURE_INDEX } from '@shared/options/scan-calibration';
import {
  F_EXPECTED,
  F_EXPECTED_RETURN,
  F_MAX_LOSS,
  F_NET_PREMIUM,
  F_POP,
} from '@shared/options/scan-candidates';
import { STRATEGY_CODES } from '@shared/options/scan-results';
import { directionOf, ivRankNotice, leanNotice } from '@shared/options/scan-notes';
import { scan, visitCandidates, type ScanOutput } from '@shared/options/scanner';
import { buildUniverseSnapshot, type UniverseSnapshot } from '@shared/options/snapshot';
import { scannerStrategies, type ScannerStrategy } from '@shared/constants/strategies';

const AT = new Date('2026-03-10T15:45:00Z');
const SYMBOLS = ['AAPL', 'SPY', 'TSLA', 'KO', 'MARA', 'JPM', 'XLE', 'GLD'];
let snapshot: UniverseSnapshot;
const run = (input: ScanFiltersInput) => scan(snapshot, scanFiltersSchema.parse(input));
const legs = (output: ScanOutput) =>
  output.results.flatMap((r) => r.position.legs.filter((leg) => leg.kind !== 'stock'));

beforeAll(() => {
  snapshot = buildUniverseSnapshot(AT, SYMBOLS);
});

describe('the default scan’s limits', () => {
  it('leaves out every position with a leg under the liquidity floors, and 0 turns them off', () => {
    const wide = { ivRank: 0, excludeEarnings: false, limit: 500, maxPerTicker: 500, maxPerStrategy: 500 };
    const floored = run(wide);
    expect(floored.results.length).toBeGreaterThan(0);
    for (const leg of legs(floored)) {
      expect(leg.volume).toBeGreaterThanOrEqual(DEFAULT_MIN_LEG_VOLUME);
      expect(leg.openInterest).toBeGreaterThanOrEqual(DEFAULT_MIN_LEG_OPEN_INTEREST);
    }
    const unfloored = run({
      ...wide,
      minVolume: 0,
      minOpenInterest: 0,
      minExpectedReturn: -1,
      sortBy: 'volume',
      sortDir: 'asc',
    });
    expect(
      legs(unfloored).some(
        (l) => l.volume < DEFAULT_MIN_LEG_VOLUME || l.openInterest < DEFAULT_MIN_LEG_OPEN_INTEREST,
      ),
    ).toBe(true);
  });

  it('keeps to 1-60 days unless asked otherwise (an expiration or a later dteMin lifts the default maximum)', () => {
    const wide = { ivRank: 0, excludeEarnings: false, limit: 500, maxPerTicker: 500, maxPerStrategy: 500 };
    const output = run(wide);
    expect(output.results.every((r) => r.dte >= 1 && r.dte <= DEFAULT_MAX_DTE)).toBe(true);
    expect(run({ ...wide, dteMax: 400 }).results.some((r) => r.dte > DEFAULT_MAX_DTE)).toBe(true);
    expect(maximumDte(scanFiltersSchema.parse({ dteMin: 90 }))).toBe(Infinity);
    expect(maximumDte(scanFiltersSchema.parse({ expiration: '2027-06-18' }))).toBe(Infinity);
    expect(maximumDte(scanFiltersSchema.parse({}))).toBe(DEFAULT_MAX_DTE);
  });

  it('ranks only positions expected to return more than their strategy’s margin at the bid/ask', () => {
    const output = run({ ivRank: 0, excludeEarnings: false, limit: 500, maxPerStrategy: 500 });
    expect(output.results.length).toBeGreaterThan(0);
    for (const r of output.results) {
      expect(r.expectedReturn).toBeGreaterThan(defaultMinExpectedReturn(r.strategy));
    }
    // The margin removes something: asking for anything above 0 shows positions inside it.
    const inside = run({
      ivRank: 0,
      excludeEarnings: false,
      limit: 500,
      maxPerStrategy: 500,
      minExpectedReturn: 0.0001,
    });
    expect(inside.results.some((r) => r.expectedReturn <= defaultMinExpectedReturn(r.strategy))).toBe(true);
    expect(inside.results.length).toBeGreaterThan(output.results.length);
    const losers = run({
      ivRank: 0,
      excludeEarnings: false,
      minExpectedReturn: -1,
      sortBy: 'expectedReturn',
      sortDir: 'asc',
    });
    expect(losers.results.some((r) => r.expectedReturn <= 0)).toBe(true);
  });

  it('shows, scores and filters the calibrated expected return, and keeps the forecast’s beside it', () => {
    const output = run({ ivRank: 0, excludeEarnings: false, limit: 200, minExpectedReturn: -1 });
    expect(output.results.length).toBeGreaterThan(0);
    // Every candidate's calibrated figure is the calibration of what it knew at the scan minute.
    const calibrated = new Set<number>();
    visitCandidates(
      snapshot,
      scanFiltersSchema.parse({ ivRank: 0, excludeEarnings: false, minExpectedReturn: -1 }),
      (view) => {
        const chain = snapshot.chains[view.chain]!;
        const f = view.features;
        expect(f[FEATURE_INDEX.forecastReturn]).toBeCloseTo(
          view.fields[F_EXPECTED]! / view.fields[F_MAX_LOSS]!,
          12,
        );
        expect(f[FEATURE_INDEX.probability]).toBe(view.fields[F_POP]);
        expect(f[FEATURE_INDEX.premiumYield]).toBeCloseTo(
          Math.abs(view.fields[F_NET_PREMIUM]!) / view.fields[F_MAX_LOSS]!,
          12,
        );
        expect(f[FEATURE_INDEX.daysToExpiry]).toBe(chain.expirationDte[view.expiration]);
        expect(f[FEATURE_INDEX.ivRank]).toBe(chain.underlying.ivRank);
        expect(f[FEATURE_INDEX.moneyness]).toBeCloseTo(chain.strike[view.legs[0]!]! / chain.spot - 1, 12);
        const strategy = STRATEGY_CODES[view.strategy]!;
        expect(view.fields[F_EXPECTED_RETURN]).toBe(calibratedReturn(strategy, f));
        calibrated.add(view.fields[F_EXPECTED_RETURN]!);
      },
    );
    for (const r of output.results) {
      expect(calibrated.has(r.expectedReturn)).toBe(true);
      expect(r.expectedProfit).toBeCloseTo(r.expectedReturn * r.capitalRequired, 0);
      const component = r.scoreBreakdown.find((c) => c.component === 'expected-return')!;
      expect(component.value).toBe(r.expectedReturn);
    }
  });

  it('asks 1.5% of positions that sell volatility and 7.5% of those that buy it, unless minExpectedReturn says otherwise', () => {
    expect(DEFAULT_MIN_EXPECTED_RETURN).toEqual({ sellsVolatility: 0.015, buysVolatility: 0.075 });
    const defaults = scanFiltersSchema.parse({});
    for (const strategy of ['long-call', 'long-put', 'straddle', 'strangle'] as const) {
      expect(requiredExpectedReturn(defaults, strategy)).toEqual([0.075, true]);
    }
    for (const strategy of ['covered-call', 'cash-secured-put', 'iron-condor', 'butterfly'] as const) {
      expect(requiredExpectedReturn(defaults, strategy)).toEqual([0.015, true]);
    }
    const asked = scanFiltersSchema.parse({ minExpectedReturn: -0.2 });
    expect(requiredExpectedReturn(asked, 'long-call')).toEqual([-0.2, false]);
    expect(requiredExpectedReturn(asked, 'covered-call')).toEqual([-0.2, false]);
    // The backtest's default scan is the page's: the same margins, not an override of its own.
    expect(scanFiltersSchema.parse(DEFAULT_SCAN).minExpectedReturn).toBeUndefined();
    // The page and the "no trade" answer state them.
    expect(DEFAULT_SCAN_LIMITS_TEXT).toContain(
      'more than 1.5% on the capital at risk for positions that sell volatility',
    );
    expect(DEFAULT_SCAN_LIMITS_TEXT).toContain('more than 7.5% for those that buy it');
    expect(NO_TRADE_MESSAGE).toContain(DEFAULT_MARGINS_TEXT);
  });

  it('counts the limits at their defaults as no filter', () => {
    const at = (input: ScanFiltersInput) => countActiveFilters(scanFiltersSchema.parse(input));
    expect(at({ ivRank: 0, minVolume: DEFAULT_MIN_LEG_VOLUME, dteMax: DEFAULT_MAX_DTE })).toBe(0);
    expect(at({ ivRank: 0, minOpenInterest: DEFAULT_MIN_LEG_OPEN_INTEREST, minVolume: 0, dteMax: 30 })).toBe(
      2,
    );
  });
});

describe('"no trade" is an answer', () => {
  it('says so in words when every position that passes the filters is expected to lose', () => {
    // A ticker and strategy whose every position is expected to lose at the bid/ask.
    let found: { ticker: string; strategy: string } | null = null;
    for (const ticker of SYMBOLS) {
      for (const strategy of scannerStrategies) {
        const all = run({ ticker, strategy, excludeEarnings: false, minExpectedReturn: -1 });
        if (all.results.length > 0 && all.results.every((r) => r.expectedReturn <= 0)) {
          found = { ticker, strategy };
          break;
        }
      }
      if (found) break;
    }
    expect(found).not.toBeNull();
    const answer = run({ ...found!, excludeEarnings: false });
    expect(answer.results).toEqual([]);
    expect(answer.emptyReason?.filter).toBe('minExpectedReturn');
    expect(answer.emptyReason?.message).toContain(NO_TRADE_MESSAGE);
    expect(answer.emptyReason?.message).toMatch(/is expected to return −\d+\.\d%/);
    // The relaxation shows the nearest loser, and nothing worse than it.
    const relaxed = run({ ...found!, excludeEarnings: false, ...answer.emptyReason!.relax });
    expect(relaxed.results.length).toBeGreaterThan(0);
    const bound = answer.emptyReason!.relax.minExpectedReturn as number;
    expect(relaxed.results.every((r) => r.expectedReturn >= bound)).toBe(true);
  });

  it('is the answer too when the best promise is positive but inside its strategy’s margin', () => {
    let found: { ticker: string; strategy: ScannerStrategy; best: number } | null = null;
    for (const ticker of SYMBOLS) {
      for (const strategy of scannerStrategies) {
        const all = run({ ticker, strategy, excludeEarnings: false, minExpectedReturn: -1 });
        const best = Math.max(...all.results.map((r) => r.expectedReturn));
        if (all.results.length > 0 && best > 0 && best <= defaultMinExpectedReturn(strategy)) {
          found = { ticker, strategy, best };
          break;
        }
      }
      if (found) break;
    }
    expect(found).not.toBeNull();
    const answer = run({ ticker: found!.ticker, strategy: found!.strategy, excludeEarnings: false });
    expect(answer.results).toEqual([]);
    expect(answer.emptyReason?.filter).toBe('minExpectedReturn');
    expect(answer.emptyReason?.message).toContain(NO_TRADE_MESSAGE);
    expect(answer.emptyReason?.message).toMatch(/is expected to return \+\d+\.\d%/);
  });

  it('names an explicit minimum expected return in its own words', () => {
    const answer = run({ ivRank: 0, minExpectedReturn: 9 });
    expect(answer.emptyReason?.filter).toBe('minExpectedReturn');
    expect(answer.emptyReason?.message).toMatch(/^no position is expected to return at least \+900\.0%/);
    expect(answer.emptyReason?.message).not.toContain(NO_TRADE_MESSAGE);
  });

  it('explains a scan emptied by the liquidity floor (volume builds up after the open)', () => {
    const open = buildUniverseSnapshot(new Date('2026-03-10T13:31:00Z'), ['KO']);
    const answer = scan(open, scanFiltersSchema.parse({ ticker: 'KO' }));
    expect(answer.results).toEqual([]);
    expect(answer.emptyReason?.filter).toBe('minVolume');
    expect(answer.emptyReason?.message).toContain(
      `volume of at least ${DEFAULT_MIN_LEG_VOLUME} on every leg (the scanner's default floor)`,
    );
  });
});

describe('the notes', () => {
  it('says where a ticker’s IV rank stands against the IV Rank slider, which does not screen it', () => {
    const chain = snapshot.chains.find((c) => c.symbol === 'SPY')!;
    const rank = chain.underlying.ivRank;
    const output = run({ ticker: 'SPY', ivRank: Math.min(100, Math.floor(rank) + 10) });
    expect(output.results.length + (output.emptyReason ? 1 : 0)).toBeGreaterThan(0);
    expect(output.notes[0]).toMatch(
      new RegExp(`^IV Rank: SPY's IV rank is ${rank.toFixed(0)}%, below your minimum`),
    );
    expect(run({ ticker: 'SPY', ivRank: 0 }).notes.some((n) => n.startsWith('IV Rank'))).toBe(false);
    const explicit = run({ ticker: 'SPY', ivRankMin: Math.min(100, Math.floor(rank) + 10) });
    expect(explicit.notes.some((n) => n.startsWith('IV Rank'))).toBe(false);
    expect(explicit.emptyReason?.filter).toBe('ivRankMin');
    const filters = scanFiltersSchema.parse({ ticker: 'X', ivRank: 40 });
    expect(ivRankNotice(filters, 'X', 55)).toBe(
      "IV Rank: X's IV rank is 55%, at or above your minimum of 40%.",
    );
    expect(ivRankNotice(scanFiltersSchema.parse({ ivRank: 40 }), 'X', 10)).toBeNull();
  });

  it('says which way the results lean and why, and nothing when they are balanced', () => {
    const row = (strategy: (typeof scannerStrategies)[number], delta: number, expectedReturn: number) => ({
      strategy,
      delta,
      expectedReturn,
    });
    const bullish = [
      row('long-call', 0.5, 0.2),
      row('covered-call', 0.6, 0.05),
      row('cash-secured-put', 0.3, 0.04),
      row('iron-condor', 0.02, 0.1),
      row('long-put', -0.4, 0.03),
    ];
    expect(leanNotice(bullish)).toBe(
      'These results lean bullish: 3 positions gain if the stock rises, 1 if it falls, 1 neither. Why: the best bearish position is expected to return +3.0% against +20.0% for the best bullish one; three of the scanner’s single-leg strategies gain when the stock rises (long call, covered call, cash-secured put) and one when it falls (long put). Sort or filter by delta for the other side.',
    );
    const balanced = [...bullish, row('long-put', -0.3, 0.01), row('strangle', -0.2, 0.01)];
    expect(leanNotice(balanced)).toBeNull();
    expect(
      leanNotice([
        row('long-put', -0.4, 0.1),
        row('butterfly', -0.15, 0.02),
        row('long-put', -0.3, 0.1),
        row('strangle', -0.3, 0.1),
      ]),
    ).toBe(
      'These results lean bearish: 4 positions gain if the stock falls, 0 if it rises, 0 neither. Why: no bullish position passed the filters. Sort or filter by delta for the other side.',
    );
    expect(leanNotice([...bullish.slice(0, 3), row('long-call', 0.4, 0.1)], true)).toContain(
      'Why: no bearish position passed the filters with an expected return above its default margin;',
    );
    expect(directionOf('straddle', 0.05)).toBe('neutral');
    expect(directionOf('covered-call', 0)).toBe('bullish');
  });
});
