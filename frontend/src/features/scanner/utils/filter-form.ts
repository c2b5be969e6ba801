/**
 * The filter panel's values (what the inputs hold: strings for numbers, percents where the API
 * wants fractions) and their conversion to the request body, validated by the server's own schema.
 */
import { type z } from 'zod';
import { type ScannerStrategyOption } from '@shared/constants/strategies';
import { IV_RANK_RANGE } from '@shared/constants/ranges';
import { type Sector } from '@shared/market/universe';
import {
  DEFAULT_MAX_DTE,
  DEFAULT_MIN_DTE,
  DEFAULT_MIN_LEG_OPEN_INTEREST,
  DEFAULT_MIN_LEG_VOLUME,
  DEFAULT_MIN_EXPECTED_RETURN,
  DEFAULT_MAX_PER_STRATEGY,
  DEFAULT_MAX_PER_TICKER,
  SCAN_LIMIT,
  scanFiltersSchema,
  type Moneyness,
  type ScanFilters,
  type ScanFiltersInput,
  type ScanSortKey,
} from '@shared/options/scan-filters';

export type NumericFilterName =
  | 'ivRankMax'
  | 'ivPercentileMin'
  | 'ivMin'
  | 'ivMax'
  | 'dteMin'
  | 'dteMax'
  | 'deltaMin'
  | 'deltaMax'
  | 'minVolume'
  | 'minOpenInterest'
  | 'maxSpreadPct'
  | 'premiumMin'
  | 'premiumMax'
  | 'minProbabilityOfProfit'
  | 'minExpectedReturn'
  | 'minEdgeScore'
  | 'maxCapital'
  | 'minTheta'
  | 'maxVega'
  | 'priceMin'
  | 'priceMax'
  | 'limit'
  | 'maxPerTicker'
  | 'maxPerStrategy';

export type FilterGroup = 'Volatility' | 'Expiry and greeks' | 'Liquidity' | 'Risk and reward' | 'Underlying';

export interface NumericFilter {
  name: NumericFilterName;
  label: string;
  unit: string;
  group: FilterGroup;
  step: number;
  /** The input is a percent of a fraction the API takes (35 → 0.35). */
  percentOfFraction?: boolean;
  /** For a max field: the field whose value it must not be below. */
  minField?: NumericFilterName | 'ivRank';
}

export const numericFilters: readonly NumericFilter[] = [
  {
    name: 'ivRankMax',
    label: 'Max IV rank',
    unit: '0-100',
    group: 'Volatility',
    step: 1,
    minField: 'ivRank',
  },
  { name: 'ivPercentileMin', label: 'Min IV percentile', unit: '0-100', group: 'Volatility', step: 1 },
  { name: 'ivMin', label: 'Min IV', unit: '%', group: 'Volatility', step: 1, percentOfFraction: true },
  {
    name: 'ivMax',
    label: 'Max IV',
    unit: '%',
    group: 'Volatility',
    step: 1,
    percentOfFraction: true,
    minField: 'ivMin',
  },
  {
    name: 'dteMin',
    label: 'Min days to expiry',
    unit: `days, default ${DEFAULT_MIN_DTE}`,
    group: 'Expiry and greeks',
    step: 1,
  },
  {
    name: 'dteMax',
    label: 'Max days to expiry',
    unit: `days, default ${DEFAULT_MAX_DTE}`,
    group: 'Expiry and greeks',
    step: 1,
    minField: 'dteMin',
  },
  { name: 'deltaMin', label: 'Min net delta', unit: '-1 to 1', group: 'Expiry and greeks', step: 0.01 },
  {
    name: 'deltaMax',
    label: 'Max net delta',
    unit: '-1 to 1',
    group: 'Expiry and greeks',
    step: 0.01,
    minField: 'deltaMin',
  },
  { name: 'minTheta', label: 'Min net theta', unit: '$/share/day', group: 'Expiry and greeks', step: 0.01 },
  { name: 'maxVega', label: 'Max net vega', unit: '$/share/vol pt', group: 'Expiry and greeks', step: 0.01 },
  {
    name: 'minVolume',
    label: 'Min volume',
    unit: `contracts on every leg, default ${DEFAULT_MIN_LEG_VOLUME}`,
    group: 'Liquidity',
    step: 1,
  },
  {
    name: 'minOpenInterest',
    label: 'Min open interest',
    unit: `contracts on every leg, default ${DEFAULT_MIN_LEG_OPEN_INTEREST}`,
    group: 'Liquidity',
    step: 1,
  },
  { name: 'maxSpreadPct', label: 'Max bid-ask spread', unit: '% of mid', group: 'Liquidity', step: 0.5 },
  { name: 'premiumMin', label: 'Min premium', unit: '$/share', group: 'Risk and reward', step: 0.05 },
  {
    name: 'premiumMax',
    label: 'Max premium',
    unit: '$/share',
    group: 'Risk and reward',
    step: 0.05,
    minField: 'premiumMin',
  },
  {
    name: 'minProbabilityOfProfit',
    label: 'Min probability of profit',
    unit: '%',
    group: 'Risk and reward',
    step: 1,
    percentOfFraction: true,
  },
  {
    name: 'minExpectedReturn',
    label: 'Min expected return',
    unit: `% at the bid/ask, default above ${DEFAULT_MIN_EXPECTED_RETURN.sellsVolatility * 100} selling volatility, ${DEFAULT_MIN_EXPECTED_RETURN.buysVolatility * 100} buying it`,
    group: 'Risk and reward',
    step: 1,
    percentOfFraction: true,
  },
  { name: 'minEdgeScore', label: 'Min edge score', unit: '0-100', group: 'Risk and reward', step: 1 },
  { name: 'maxCapital', label: 'Max capital', unit: '$', group: 'Risk and reward', step: 100 },
  { name: 'priceMin', label: 'Min stock price', unit: '$', group: 'Underlying', step: 1 },
  {
    name: 'priceMax',
    label: 'Max stock price',
    unit: '$',
    group: 'Underlying',
    step: 1,
    minField: 'priceMin',
  },
  {
    name: 'limit',
    label: 'Max results',
    unit: `${SCAN_LIMIT.min}-${SCAN_LIMIT.max}`,
    group: 'Underlying',
    step: 1,
  },
  {
    name: 'maxPerTicker',
    label: 'Max results per underlying',
    unit: `default ${DEFAULT_MAX_PER_TICKER}`,
    group: 'Underlying',
    step: 1,
  },
  {
    name: 'maxPerStrategy',
    label: 'Max results per trade type',
    unit: `default ${DEFAULT_MAX_PER_STRATEGY}`,
    group: 'Underlying',
    step: 1,
  },
];

export const filterGroups: readonly FilterGroup[] = [
  'Volatility',
  'Expiry and greeks',
  'Liquidity',
  'Risk and reward',
  'Underlying',
];

export const earningsChoices = ['auto', 'exclude', 'include'] as const;
export type EarningsChoice = (typeof earningsChoices)[number];

export interface ScanFormValues {
  ticker: string;
  strategy: ScannerStrategyOption;
  ivRank: number;
  /** Max expiration, 'YYYY-MM-DD', or '' for none. */
  expiration: string;
  moneyness: Moneyness | '';
  sector: Sector | '';
  /** Positions spanning the next earnings report: 'auto' leaves them out unless a ticker is given. */
  earnings: EarningsChoice;
  sortBy: ScanSortKey;
  sortDir: 'asc' | 'desc';
  numbers: Partial<Record<NumericFilterName, string>>;
}

/** Spec 5: strategy all, IV rank 50, no ticker or expiration. */
export const defaultScanFormValues: ScanFormValues = {
  ticker: '',
  strategy: 'all',
  ivRank: IV_RANK_RANGE.default,
  expiration: '',
  moneyness: '',
  sector: '',
  earnings: 'auto',
  sortBy: 'edgeScore',
  sortDir: 'desc',
  numbers: {},
};

export type FieldErrors = Partial<Record<string, string>>;

const fieldByName = new Map(numericFilters.map((filter) => [filter.name, filter]));

/** The request body: empty inputs are left out (spec 5: an empty ticker or expiration is omitted). */
export function toScanInput(values: ScanFormValues): ScanFiltersInput {
  const input: Record<string, unknown> = {
    strategy: values.strategy,
    ivRank: values.ivRank,
    sortBy: values.sortBy,
    sortDir: values.sortDir,
  };
  const ticker = values.ticker.trim();
  if (ticker) input.ticker = ticker.toUpperCase();
  if (values.expiration) input.expiration = values.expiration;
  if (values.moneyness) input.moneyness = values.moneyness;
  if (values.sector) input.sector = values.sector;
  if (values.earnings !== 'auto') input.excludeEarnings = values.earnings === 'exclude';
  for (const [name, raw] of Object.entries(values.numbers)) {
    const text = raw.trim();
    if (!text) continue;
    const number = Number(text);
    const percentOfFraction = fieldByName.get(name as NumericFilterName)?.percentOfFraction ?? false;
    input[name] = percentOfFraction ? Number((number / 100).toFixed(6)) : number;
  }
  return input as ScanFiltersInput;
}

/** A schema issue in the panel's units and words. */
function messageFor(issue: z.core.$ZodIssue): string {
  const name = String(issue.path[0] ?? '');
  const field = fieldByName.get(name as NumericFilterName);
  const scale = field?.percentOfFraction ? 100 : 1;
  switch (issue.code) {
    case 'too_big':
      return `Must be at most ${Number(issue.maximum) * scale}`;
    case 'too_small':
      return issue.inclusive === false
        ? `Must be more than ${Number(issue.minimum) * scale}`
        : `Must be at least ${Number(issue.minimum) * scale}`;
    case 'invalid_type':
      return issue.expected === 'int' ? 'Enter a whole number' : 'Enter a number';
    case 'custom': {
      if (!field?.minField) return issue.message;
      const minLabel = field.minField === 'ivRank' ? 'IV Rank' : fieldByName.get(field.minField)?.label;
      return `Must not be below ${minLabel ?? 'the minimum'}`;
    }
    default:
      return issue.message;
  }
}

export type ScanFormResult =
  { success: true; filters: ScanFilters } | { success: false; errors: FieldErrors };

/** Checks the panel with the server's schema (scanFiltersSchema), so a 400 is caught before sending. */
export function parseScanForm(values: ScanFormValues): ScanFormResult {
  const parsed = scanFiltersSchema.safeParse(toScanInput(values));
  if (parsed.success) return { success: true, filters: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const name = String(issue.path[0] ?? 'form');
    errors[name] ??= messageFor(issue);
  }
  return { success: false, errors };
}

/** The API's 400 details (`[{path, message}]`) by field. */
export function errorsFromDetails(details: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (!Array.isArray(details)) return errors;
  for (const detail of details as unknown[]) {
    if (typeof detail !== 'object' || detail === null) continue;
    const { path, message } = detail as { path?: unknown; message?: unknown };
    if (typeof path === 'string' && typeof message === 'string') errors[path.split('.')[0]!] ??= message;
  }
  return errors;
}

export interface ScanPreset {
  name: string;
  description: string;
  values: Partial<Omit<ScanFormValues, 'ticker'>>;
}

/** Common scans; each starts from the defaults (keeping the typed ticker) and runs at once. */
export const scanPresets: readonly ScanPreset[] = [
  {
    name: 'High IV premium selling',
    description: 'Cash-secured puts when IV rank is 60+ and the odds are 60%+',
    values: { strategy: 'cash-secured-put', ivRank: 60, numbers: { minProbabilityOfProfit: '60' } },
  },
  {
    name: 'Iron condor income',
    description: 'Iron condors on rich IV, 55%+ probability of profit, 45 days or less',
    values: {
      strategy: 'iron-condor',
      ivRank: 50,
      numbers: { minProbabilityOfProfit: '55', dteMax: '45' },
    },
  },
  {
    name: 'Cheap IV directional',
    description: 'Long calls near the money (delta 0.35-0.65) while IV rank is 30 or below',
    values: {
      strategy: 'long-call',
      ivRank: 0,
      numbers: { ivRankMax: '30', deltaMin: '0.35', deltaMax: '0.65' },
    },
  },
  {
    name: 'Liquid ATM',
    description: 'At-the-money contracts with 500+ volume and spreads within 5%',
    values: { ivRank: 0, moneyness: 'atm', numbers: { minVolume: '500', maxSpreadPct: '5' } },
  },
];

/**
 * The panel's values with an empty scan's suggested relaxation applied (the API's `relax`: a field
 * and its new value, or null to drop it), in the panel's units.
 */
export function relaxForm(
  values: ScanFormValues,
  relax: Readonly<Record<string, number | string | boolean | null>>,
): ScanFormValues {
  const next: ScanFormValues = { ...values, numbers: { ...values.numbers } };
  for (const [field, value] of Object.entries(relax)) {
    const numeric = fieldByName.get(field as NumericFilterName);
    if (numeric) {
      if (value === null) delete next.numbers[numeric.name];
      else {
        const shown = numeric.percentOfFraction ? Number(value) * 100 : Number(value);
        next.numbers[numeric.name] = String(Number(shown.toFixed(4)));
      }
      continue;
    }
    switch (field) {
      case 'ivRank':
      case 'ivRankMin':
        next.ivRank = value === null ? 0 : Number(value);
        break;
      case 'expiration':
        next.expiration = value === null ? '' : String(value);
        break;
      case 'excludeEarnings':
        next.earnings = value === false ? 'include' : value === true ? 'exclude' : 'auto';
        break;
      case 'strategy':
        next.strategy = 'all';
        break;
      case 'sector':
        next.sector = '';
        break;
      case 'moneyness':
        next.moneyness = '';
        break;
      case 'ticker':
        next.ticker = '';
        break;
    }
  }
  return next;
}
