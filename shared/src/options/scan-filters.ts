/**
 * POST /api/options-scanner: the spec's scanner filter (ticker, strategy, ivRank, expiration)
 * extended with the filters a trader expects. Units:
 *   ivRank, ivRankMin/Max, ivPercentileMin, minEdgeScore   0-100
 *   ivMin/ivMax, minProbabilityOfProfit                     fractions (0.35 = 35%), like a result's iv
 *   maxSpreadPct                                             percent of the mid (10 = 10%)
 *   deltaMin/deltaMax, minTheta, maxVega                    the position's net greeks per share
 *                                                            (theta per day, vega per vol point)
 *   premiumMin/premiumMax                                   |net premium| per share, dollars
 *   maxCapital                                              dollars per position
 *   priceMin/priceMax                                       the underlying's price
 *   expiration                                              the latest expiration, 'YYYY-MM-DD'
 * The spec's `ivRank` slider (default 50) is the minimum IV rank of the universe screen; without
 * a ticker it screens the underlyings, with a ticker it does not (every position of that ticker is
 * scored, its IV rank feeding the IV-fit component) unless `ivRankMin` asks explicitly.
 * Defaults of the scan itself: 1 to 60 days to expiry (`dteMin`, `dteMax`; no default maximum when
 * `expiration` or a `dteMin` above 60 is given), every leg with at least 50 contracts traded and
 * 500 open (`minVolume`, `minOpenInterest`; 0 turns a floor off), an expected return at the
 * bid/ask above DEFAULT_MIN_EXPECTED_RETURN's margin (`minExpectedReturn`, a fraction, replaces it;
 * a negative value shows expected losers down to it), positions spanning the next
 * earnings report left out unless a ticker is given (`excludeEarnings`), at most 5 positions per
 * underlying without a ticker (`maxPerTicker`) and 10 per strategy when scanning all of them
 * (`maxPerStrategy`). A min above its max is an error on the max field. Unknown fields are errors.
 */
import * as z from 'zod';
import { scannerFilterSchema } from '../market/schemas';
import { sectors } from '../market/universe';
import type { ScannerStrategy } from '../constants/strategies';

export const moneynessValues = ['itm', 'atm', 'otm'] as const;
export type Moneyness = (typeof moneynessValues)[number];

export const scanSortKeys = [
  'edgeScore',
  'expectedReturn',
  'probabilityOfProfit',
  'iv',
  'ivRank',
  'volume',
  'openInterest',
  'premium',
  'delta',
  'theta',
  'vega',
  'dte',
  'capital',
  'rewardRisk',
  'ticker',
  'strike',
] as const;
export type ScanSortKey = (typeof scanSortKeys)[number];

export const SCAN_LIMIT = { min: 1, max: 500, default: 50 } as const;

const percent = z.number().min(0).max(100);
const fraction = z.number().min(0).max(1);
const nonNegative = z.number().nonnegative();

export const scanFiltersSchema = scannerFilterSchema
  .extend({
    ivRankMin: percent.optional(),
    ivRankMax: percent.optional(),
    ivPercentileMin: percent.optional(),
    ivMin: z.number().min(0).max(5).optional(),
    ivMax: z.number().min(0).max(5).optional(),
    dteMin: z.number().int().min(0).max(1000).optional(),
    dteMax: z.number().int().min(0).max(1000).optional(),
    deltaMin: z.number().min(-1).max(1).optional(),
    deltaMax: z.number().min(-1).max(1).optional(),
    minVolume: z.number().int().nonnegative().optional(),
    minOpenInterest: z.number().int().nonnegative().optional(),
    maxSpreadPct: z.number().positive().max(100).optional(),
    premiumMin: nonNegative.optional(),
    premiumMax: nonNegative.optional(),
    moneyness: z.enum(moneynessValues).optional(),
    minProbabilityOfProfit: fraction.optional(),
    /** Expected return on capital at the bid/ask, a fraction (default: the margins of requiredExpectedReturn). */
    minExpectedReturn: z.number().min(-1).max(10).optional(),
    minEdgeScore: percent.optional(),
    maxCapital: z.number().positive().optional(),
    minTheta: z.number().optional(),
    maxVega: z.number().optional(),
    sector: z.enum(sectors).optional(),
    priceMin: nonNegative.optional(),
    priceMax: nonNegative.optional(),
    excludeEarnings: z.boolean().optional(),
    sortBy: z.enum(scanSortKeys).default('edgeScore'),
    sortDir: z.enum(['asc', 'desc']).default('desc'),
    limit: z.number().int().min(SCAN_LIMIT.min).max(SCAN_LIMIT.max).default(SCAN_LIMIT.default),
    /** Results kept per underlying, so one name cannot fill the list (default: see maxResultsPerTicker). */
    maxPerTicker: z.number().int().min(1).max(SCAN_LIMIT.max).optional(),
    /** Results kept per strategy, so one kind of trade cannot fill the list (default: see maxResultsPerStrategy). */
    maxPerStrategy: z.number().int().min(1).max(SCAN_LIMIT.max).optional(),
  })
  .strict()
  .superRefine((filters, ctx) => {
    const pairs: [string, number | undefined, string, number | undefined][] = [
      ['ivRankMin', filters.ivRankMin ?? filters.ivRank, 'ivRankMax', filters.ivRankMax],
      ['ivMin', filters.ivMin, 'ivMax', filters.ivMax],
      ['dteMin', filters.dteMin, 'dteMax', filters.dteMax],
      ['deltaMin', filters.deltaMin, 'deltaMax', filters.deltaMax],
      ['premiumMin', filters.premiumMin, 'premiumMax', filters.premiumMax],
      ['priceMin', filters.priceMin, 'priceMax', filters.priceMax],
    ];
    for (const [minName, min, maxName, max] of pairs) {
      if (min !== undefined && max !== undefined && min > max) {
        ctx.addIssue({
          code: 'custom',
          path: [maxName],
          message: `${maxName} (${max}) must not be below ${minName === 'ivRankMin' && filters.ivRankMin === undefined ? 'ivRank' : minName} (${min})`,
        });
      }
    }
  });

export type ScanFilters = z.output<typeof scanFiltersSchema>;
export type ScanFiltersInput = z.input<typeof scanFiltersSchema>;

/** The minimum IV rank asked for: ivRankMin when given, else the spec's ivRank slider. */
export function minimumIvRank(filters: ScanFilters): number {
  return filters.ivRankMin ?? filters.ivRank;
}

/**
 * The minimum IV rank that screens underlyings: the one asked for without a ticker; with a ticker
 * only an explicit ivRankMin (the slider's default never empties a ticker's scan).
 */
export function screeningIvRank(filters: ScanFilters): number {
  return filters.ticker !== undefined ? (filters.ivRankMin ?? 0) : minimumIvRank(filters);
}

/** The fewest days to expiry a scan shows unless dteMin says otherwise (no expiring-today positions). */
export const DEFAULT_MIN_DTE = 1;

export function minimumDte(filters: ScanFilters): number {
  return filters.dteMin ?? DEFAULT_MIN_DTE;
}

/**
 * The most days to expiry a scan shows unless dteMax says otherwise: the default window is
 * DEFAULT_MIN_DTE to DEFAULT_MAX_DTE days (a year-long condor or a deep in-the-money LEAPS call
 * is not a scan idea; the backtest's calibration and figures are for this window).
 */
export const DEFAULT_MAX_DTE = 60;

/** The scan's maximum days to expiry: as asked, else none when an expiration or a dteMin beyond the default asks for later ones, else the default. */
export function maximumDte(filters: ScanFilters): number {
  if (filters.dteMax !== undefined) return filters.dteMax;
  if (filters.expiration !== undefined || minimumDte(filters) > DEFAULT_MAX_DTE) return Infinity;
  return DEFAULT_MAX_DTE;
}

/**
 * Liquidity floors of every scan unless minVolume / minOpenInterest say otherwise (0 turns them
 * off): no position with a leg that traded fewer than DEFAULT_MIN_LEG_VOLUME contracts today or
 * has fewer than DEFAULT_MIN_LEG_OPEN_INTEREST open. Volume accumulates over the session, so in
 * the first minutes after the open a scan can be empty for this reason, and says so.
 */
export const DEFAULT_MIN_LEG_VOLUME = 50;
export const DEFAULT_MIN_LEG_OPEN_INTEREST = 500;

export function minimumLegVolume(filters: ScanFilters): number {
  return filters.minVolume ?? DEFAULT_MIN_LEG_VOLUME;
}

export function minimumLegOpenInterest(filters: ScanFilters): number {
  return filters.minOpenInterest ?? DEFAULT_MIN_LEG_OPEN_INTEREST;
}

/**
 * The default margins of expected return (calibrated, at the bid/ask, on the capital at risk) a
 * position needs unless minExpectedReturn says otherwise: "no trade" is an answer, and a promise
 * inside the calibration's error band is not a reason to trade. Positions that sell volatility
 * (covered calls, cash-secured puts, iron condors, butterflies) need more than `sellsVolatility`:
 * on the fit years 2020-2022 their calibrated promise was at most 1.4 points above what they
 * realised in any year. Positions that buy it (long calls, long puts, straddles, strangles) need
 * more than `buysVolatility`: their yearly realisation moved 15 to 75 points around the promise,
 * no margin covers that, and this one, chosen on 2020-2022 only, keeps just the top of the long
 * puts' and strangles' calibration (a long call's best decile promises +6.9%, so none shows)
 * ([decision](../../../docs/decisions/default-scan-margins.md)).
 */
export const DEFAULT_MIN_EXPECTED_RETURN = { sellsVolatility: 0.015, buysVolatility: 0.075 } as const;

/** The strategies that buy volatility (the others sell it): long options, straddles, strangles. */
export const BUYS_VOLATILITY: ReadonlySet<ScannerStrategy> = new Set<ScannerStrategy>([
  'long-call',
  'long-put',
  'straddle',
  'strangle',
]);

/** The default margin of expected return a position of `strategy` needs (DEFAULT_MIN_EXPECTED_RETURN). */
export function defaultMinExpectedReturn(strategy: ScannerStrategy): number {
  return BUYS_VOLATILITY.has(strategy)
    ? DEFAULT_MIN_EXPECTED_RETURN.buysVolatility
    : DEFAULT_MIN_EXPECTED_RETURN.sellsVolatility;
}

const percentText = (x: number) => `${(x * 100).toFixed(1).replace(/\.0$/, '')}%`;

/** The default margins in words (the page, the docs and the "no trade" answer say them alike). */
export const DEFAULT_MARGINS_TEXT = `more than ${percentText(DEFAULT_MIN_EXPECTED_RETURN.sellsVolatility)} on the capital at risk for positions that sell volatility (covered calls, cash-secured puts, iron condors, butterflies) and more than ${percentText(DEFAULT_MIN_EXPECTED_RETURN.buysVolatility)} for those that buy it (long calls and puts, straddles, strangles)`;

/** The default scan's limits in words (the scanner page shows it under the filters). */
export const DEFAULT_SCAN_LIMITS_TEXT = `Unless you change them under More filters, a scan shows positions ${DEFAULT_MIN_DTE} to ${DEFAULT_MAX_DTE} days from expiry, with at least ${DEFAULT_MIN_LEG_VOLUME} contracts traded today and ${DEFAULT_MIN_LEG_OPEN_INTEREST} open on every leg, and only those expected to return, at the bid/ask held to expiry, ${DEFAULT_MARGINS_TEXT}.`;

/**
 * The expected return (E[P&L] / capital at risk, at the bid/ask, after the backtest's calibration)
 * a position of `strategy` needs: at least minExpectedReturn when asked, else strictly more than
 * the strategy's default margin (defaultMinExpectedReturn; "no trade" is an answer: the scan does
 * not rank positions expected to lose or to win less than the calibration's error). Returns
 * [bound, strict].
 */
export function requiredExpectedReturn(filters: ScanFilters, strategy: ScannerStrategy): [number, boolean] {
  return filters.minExpectedReturn !== undefined
    ? [filters.minExpectedReturn, false]
    : [defaultMinExpectedReturn(strategy), true];
}

/** Whether positions spanning the next earnings report are left out: as asked, else without a ticker. */
export function excludesEarnings(filters: ScanFilters): boolean {
  return filters.excludeEarnings ?? filters.ticker === undefined;
}

/** When scanning every strategy, at most this many positions of one strategy (a spread of ideas). */
export const DEFAULT_MAX_PER_STRATEGY = 10;

/** The per-strategy cap a scan applies: as asked, else the default when scanning all strategies. */
export function maxResultsPerStrategy(filters: ScanFilters): number {
  if (filters.maxPerStrategy !== undefined) return filters.maxPerStrategy;
  return filters.strategy === undefined || filters.strategy === 'all'
    ? DEFAULT_MAX_PER_STRATEGY
    : filters.limit;
}

/** Without a ticker, a scan shows at most this many positions of one underlying (a spread of ideas). */
export const DEFAULT_MAX_PER_TICKER = 5;

/** The per-underlying cap a scan applies: as asked, else every result for one ticker, else the default. */
export function maxResultsPerTicker(filters: ScanFilters): number {
  return filters.maxPerTicker ?? (filters.ticker !== undefined ? filters.limit : DEFAULT_MAX_PER_TICKER);
}

const NOT_FILTERS = new Set(['sortBy', 'sortDir', 'limit', 'maxPerTicker', 'maxPerStrategy']);

/**
 * How many filters narrow the scan (the Starter plan allows 10): every field that is set, except
 * sorting, the limit and the caps; strategy 'all', an IV rank of 0, the ivRank slider when a
 * ticker is given (it does not screen then), excludeEarnings false, excludeEarnings true
 * without a ticker (the default then), and the liquidity floors, DTE maximum and expected-return
 * minimum at their defaults narrow nothing beyond the defaults.
 */
export function countActiveFilters(filters: ScanFilters): number {
  let count = 0;
  for (const [name, value] of Object.entries(filters)) {
    if (value === undefined || NOT_FILTERS.has(name)) continue;
    if (name === 'strategy' && value === 'all') continue;
    if ((name === 'ivRank' || name === 'ivRankMin') && value === 0) continue;
    if (name === 'ivRank' && filters.ivRankMin !== undefined) continue;
    if (name === 'ivRank' && filters.ticker !== undefined) continue;
    if (name === 'excludeEarnings' && (value === false || filters.ticker === undefined)) continue;
    if (name === 'minVolume' && value === DEFAULT_MIN_LEG_VOLUME) continue;
    if (name === 'minOpenInterest' && value === DEFAULT_MIN_LEG_OPEN_INTEREST) continue;
    if (name === 'dteMax' && value === DEFAULT_MAX_DTE) continue;
    count += 1;
  }
  return count;
}
