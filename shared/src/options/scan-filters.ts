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
 * Defaults of the scan itself: at least 1 day to expiry (`dteMin`), positions spanning the next
 * earnings report left out unless a ticker is given (`excludeEarnings`), at most 5 positions per
 * underlying without a ticker (`maxPerTicker`) and 10 per strategy when scanning all of them
 * (`maxPerStrategy`). A min above its max is an error on the max field. Unknown fields are errors.
 */
import * as z from 'zod';
import { scannerFilterSchema } from '../market/schemas';
import { sectors } from '../market/universe';

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
 * ticker is given (it does not screen then), excludeEarnings false, and excludeEarnings true
 * without a ticker (the default then) narrow nothing.
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
    count += 1;
  }
  return count;
}
