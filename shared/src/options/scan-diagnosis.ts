// size: one wording per filter, each with its values and the change that lets the nearest through; splitting would scatter them.
/**
 * Why a scan came back empty. Filters apply in a fixed order (underlying, then expiration, then
 * position filters); the scan counts what each removed and the value nearest to passing. The
 * reason given is the last filter, in that order, that removed anything at the stage where
 * everything went: the one that removed the last survivors, so relaxing it lets positions reach
 * the rest. It names the values ("AAPL's IV rank is 37%, below your minimum of 50%") and a change
 * to the request that would let the nearest one through.
 */
import { scannerStrategyLabel } from '../constants/strategies';
import type { ScanFilters } from './scan-filters';
import {
  maximumDte,
  minimumDte,
  minimumLegOpenInterest,
  minimumLegVolume,
  DEFAULT_MARGINS_TEXT,
} from './scan-filters';

/**
 * The scan's answer when no position that passes the other filters is expected to return more
 * than its default margin at the bid/ask (DEFAULT_MIN_EXPECTED_RETURN): no trade, in words,
 * instead of a ranking of losers and of promises inside the calibration's error.
 */
export const NO_TRADE_MESSAGE = `No trade: no position that passes your filters is expected to make enough at the bid/ask, held to expiry (a scan asks for ${DEFAULT_MARGINS_TEXT}). Waiting is a position too.`;

export interface EmptyReason {
  /** The request field that removed the last candidates. */
  filter: string;
  message: string;
  /** Fields to change so that the nearest candidate passes: a value, or null to drop the field. */
  relax: Record<string, number | string | boolean | null>;
}

const UNDERLYING_FILTERS = [
  'sector',
  'priceMin',
  'priceMax',
  'ivRankMin',
  'ivRankMax',
  'ivPercentileMin',
] as const;
type UnderlyingFilter = (typeof UNDERLYING_FILTERS)[number];
const EXPIRATION_FILTERS = ['expiration', 'dteMin', 'dteMax', 'excludeEarnings'] as const;
type ExpirationFilter = (typeof EXPIRATION_FILTERS)[number];
const CANDIDATE_FILTERS = [
  'ivMin',
  'ivMax',
  'deltaMin',
  'deltaMax',
  'minVolume',
  'minOpenInterest',
  'maxSpreadPct',
  'premiumMin',
  'premiumMax',
  'moneyness',
  'minProbabilityOfProfit',
  'maxCapital',
  'minTheta',
  'maxVega',
  'minEdgeScore',
  'minExpectedReturn',
] as const;
export type CandidateFilter = (typeof CANDIDATE_FILTERS)[number];
const CANDIDATE_INDEX = Object.fromEntries(CANDIDATE_FILTERS.map((name, i) => [name, i])) as Record<
  CandidateFilter,
  number
>;
/** Filters that reject values below their bound (the nearest value is the highest seen). */
const LOWER_BOUNDS = new Set<string>([
  'priceMin',
  'ivRankMin',
  'ivPercentileMin',
  'dteMin',
  'ivMin',
  'deltaMin',
  'minVolume',
  'minOpenInterest',
  'premiumMin',
  'minProbabilityOfProfit',
  'minTheta',
  'minEdgeScore',
  'minExpectedReturn',
]);

interface Rejection {
  count: number;
  /** The value nearest to passing, the symbol it belongs to, and (expirations) its date. */
  best: number;
  symbol: string;
  date: string;
}

export class ScanDiagnosis {
  tickerFound = false;
  /** Expirations that passed the expiration filters. */
  expirations = 0;
  private readonly underlying = new Map<UnderlyingFilter, Rejection>();
  private readonly expiration = new Map<ExpirationFilter, Rejection>();
  private readonly candidateCount = new Float64Array(CANDIDATE_FILTERS.length);
  private readonly candidateBest = new Float64Array(CANDIDATE_FILTERS.length).fill(Number.NaN);

  private static note(map: Map<string, Rejection>, name: string, symbol: string, value: number, date = '') {
    const rejection = map.get(name);
    const lower = LOWER_BOUNDS.has(name);
    if (!rejection) {
      map.set(name, { count: 1, best: value, symbol, date });
      return;
    }
    rejection.count += 1;
    if (lower ? value > rejection.best : value < rejection.best) {
      rejection.best = value;
      rejection.symbol = symbol;
      rejection.date = date;
    }
  }

  rejectUnderlying(name: UnderlyingFilter, symbol: string, value: number): void {
    ScanDiagnosis.note(this.underlying as Map<string, Rejection>, name, symbol, value);
  }

  /** `value` the days to expiry; `date` the expiration (or, for earnings, the report date). */
  rejectExpiration(name: ExpirationFilter, symbol: string, value: number, date: string): void {
    ScanDiagnosis.note(this.expiration as Map<string, Rejection>, name, symbol, value, date);
  }

  /** In the scan's hot loop: counts and keeps the nearest value, no allocation. */
  rejectCandidate(name: CandidateFilter, value: number): void {
    const i = CANDIDATE_INDEX[name];
    this.candidateCount[i] = this.candidateCount[i]! + 1;
    const best = this.candidateBest[i]!;
    if (best !== best || (LOWER_BOUNDS.has(name) ? value > best : value < best))
      this.candidateBest[i] = value;
  }

  lastUnderlying(): [UnderlyingFilter, Rejection] | null {
    for (let i = UNDERLYING_FILTERS.length - 1; i >= 0; i -= 1) {
      const name = UNDERLYING_FILTERS[i]!;
      const rejection = this.underlying.get(name);
      if (rejection) return [name, rejection];
    }
    return null;
  }

  lastExpiration(): [ExpirationFilter, Rejection] | null {
    for (let i = EXPIRATION_FILTERS.length - 1; i >= 0; i -= 1) {
      const name = EXPIRATION_FILTERS[i]!;
      const rejection = this.expiration.get(name);
      if (rejection) return [name, rejection];
    }
    return null;
  }

  lastCandidate(): [CandidateFilter, number, number] | null {
    for (let i = CANDIDATE_FILTERS.length - 1; i >= 0; i -= 1) {
      if (this.candidateCount[i]! > 0)
        return [CANDIDATE_FILTERS[i]!, this.candidateCount[i]!, this.candidateBest[i]!];
    }
    return null;
  }
}

const percent = (value: number, digits = 0) => `${value.toFixed(digits)}%`;
const fractionPercent = (value: number) => `${(value * 100).toFixed(1)}%`;
const dollars = (value: number) => `$${value.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
const plural = (count: number, word: string) =>
  `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;
const floorTo = (value: number, step: number) => Math.floor(value / step + 1e-9) * step;
const ceilTo = (value: number, step: number) => Math.ceil(value / step - 1e-9) * step;
const round6 = (value: number) => Number(value.toFixed(6));
const signedFraction = (value: number) => `${value >= 0 ? '+' : '−'}${Math.abs(value * 100).toFixed(1)}%`;

/** A candidate filter's bound as the scan applied it (the liquidity floors have defaults). */
function effectiveBound(
  name: Exclude<CandidateFilter, 'moneyness' | 'minExpectedReturn'>,
  filters: ScanFilters,
) {
  if (name === 'minVolume') return minimumLegVolume(filters);
  if (name === 'minOpenInterest') return minimumLegOpenInterest(filters);
  return filters[name] as number;
}

interface CandidateWording {
  /** "a probability of profit of at least 95%" */
  wanted: (bound: number) => string;
  /** "91.2%" */
  show: (value: number) => string;
  /** The bound that lets the nearest value through. */
  relaxTo: (best: number) => number;
}

const CANDIDATE_WORDING: Record<
  Exclude<CandidateFilter, 'moneyness' | 'minExpectedReturn'>,
  CandidateWording
> = {
  ivMin: {
    wanted: (m) => `an IV of at least ${fractionPercent(m)}`,
    show: fractionPercent,
    relaxTo: (b) => round6(floorTo(b, 0.001)),
  },
  ivMax: {
    wanted: (m) => `an IV of at most ${fractionPercent(m)}`,
    show: fractionPercent,
    relaxTo: (b) => round6(ceilTo(b, 0.001)),
  },
  deltaMin: {
    wanted: (m) => `a net delta of at least ${m}`,
    show: (v) => v.toFixed(3),
    relaxTo: (b) => round6(floorTo(b, 0.001)),
  },
  deltaMax: {
    wanted: (m) => `a net delta of at most ${m}`,
    show: (v) => v.toFixed(3),
    relaxTo: (b) => round6(ceilTo(b, 0.001)),
  },
  minVolume: {
    wanted: (m) => `volume of at least ${m} on every leg`,
    show: (v) => v.toLocaleString('en-US'),
    relaxTo: (b) => Math.floor(b),
  },
  minOpenInterest: {
    wanted: (m) => `open interest of at least ${m} on every leg`,
    show: (v) => v.toLocaleString('en-US'),
    relaxTo: (b) => Math.floor(b),
  },
  maxSpreadPct: {
    wanted: (m) => `every leg's bid-ask spread within ${percent(m, 1)} of its mid`,
    show: (v) => percent(v, 1),
    relaxTo: (b) => round6(ceilTo(b, 0.1)),
  },
  premiumMin: {
    wanted: (m) => `a premium of at least ${dollars(m)}`,
    show: dollars,
    relaxTo: (b) => round6(floorTo(b, 0.01)),
  },
  premiumMax: {
    wanted: (m) => `a premium of at most ${dollars(m)}`,
    show: dollars,
    relaxTo: (b) => round6(ceilTo(b, 0.01)),
  },
  minProbabilityOfProfit: {
    wanted: (m) => `a probability of profit of at least ${fractionPercent(m)}`,
    show: fractionPercent,
    relaxTo: (b) => round6(floorTo(b, 0.001)),
  },
  maxCapital: {
    wanted: (m) => `capital at risk of at most ${dollars(m)}`,
    show: dollars,
    relaxTo: (b) => Math.ceil(b),
  },
  minTheta: {
    wanted: (m) => `a net theta of at least ${m} a day`,
    show: (v) => v.toFixed(3),
    relaxTo: (b) => round6(floorTo(b, 0.001)),
  },
  maxVega: {
    wanted: (m) => `a net vega of at most ${m}`,
    show: (v) => v.toFixed(3),
    relaxTo: (b) => round6(ceilTo(b, 0.001)),
  },
  minEdgeScore: {
    wanted: (m) => `an edge score of at least ${m}`,
    show: (v) => v.toFixed(0),
    relaxTo: (b) => Math.floor(b),
  },
};

/** The reason a scan found nothing, or null when the diagnosis has none (it always has one when empty). */
export function describeEmptyScan(
  diagnosis: ScanDiagnosis,
  filters: ScanFilters,
  counts: { underlyings: number; candidates: number },
): EmptyReason | null {
  const ticker = filters.ticker;
  if (ticker !== undefined && !diagnosis.tickerFound) {
    return {
      filter: 'ticker',
      message: `${ticker} has no options to scan (index options are priced in the chain but not scanned).`,
      relax: { ticker: null },
    };
  }
  if (counts.underlyings === 0) {
    const last = diagnosis.lastUnderlying();
    if (!last) return null;
    const [name, r] = last;
    const one = ticker !== undefined;
    switch (name) {
      case 'ivRankMin': {
        const field = filters.ivRankMin !== undefined || one ? 'ivRankMin' : 'ivRank';
        const bound = filters.ivRankMin ?? filters.ivRank;
        return {
          filter: field,
          message: one
            ? `${r.symbol}'s IV rank is ${percent(r.best)}, below your minimum of ${percent(bound)}.`
            : `No underlying has an IV rank of ${percent(bound)} or more; the highest is ${r.symbol} at ${percent(r.best)}.`,
          relax: { [field]: Math.floor(r.best) },
        };
      }
      case 'ivRankMax':
        return {
          filter: name,
          message: one
            ? `${r.symbol}'s IV rank is ${percent(r.best)}, above your maximum of ${percent(filters.ivRankMax!)}.`
            : `No underlying has an IV rank of ${percent(filters.ivRankMax!)} or less; the lowest is ${r.symbol} at ${percent(r.best)}.`,
          relax: { ivRankMax: Math.ceil(r.best) },
        };
      case 'ivPercentileMin':
        return {
          filter: name,
          message: one
            ? `${r.symbol}'s IV percentile is ${percent(r.best)}, below your minimum of ${percent(filters.ivPercentileMin!)}.`
            : `No underlying has an IV percentile of ${percent(filters.ivPercentileMin!)} or more; the highest is ${r.symbol} at ${percent(r.best)}.`,
          relax: { ivPercentileMin: Math.floor(r.best) },
        };
      case 'priceMin':
        return {
          filter: name,
          message: one
            ? `${r.symbol} trades at ${dollars(r.best)}, below your minimum of ${dollars(filters.priceMin!)}.`
            : `No underlying trades at ${dollars(filters.priceMin!)} or more; the highest is ${r.symbol} at ${dollars(r.best)}.`,
          relax: { priceMin: Math.floor(r.best) },
        };
      case 'priceMax':
        return {
          filter: name,
          message: one
            ? `${r.symbol} trades at ${dollars(r.best)}, above your maximum of ${dollars(filters.priceMax!)}.`
            : `No underlying trades at ${dollars(filters.priceMax!)} or less; the lowest is ${r.symbol} at ${dollars(r.best)}.`,
          relax: { priceMax: Math.ceil(r.best) },
        };
      case 'sector':
        return {
          filter: name,
          message: one
            ? `${ticker} is not in the ${filters.sector} sector.`
            : `No ${filters.sector} underlying is left by the other filters.`,
          relax: { sector: null },
        };
    }
  }
  if (diagnosis.expirations === 0) {
    const last = diagnosis.lastExpiration();
    if (!last) return null;
    const [name, r] = last;
    const days = (n: number) => plural(n, 'day');
    switch (name) {
      case 'expiration':
        return {
          filter: name,
          message: `${ticker ?? 'No underlying'} has no expiration on or before ${filters.expiration}; the first is ${r.date} (${days(r.best)}).`,
          relax: { expiration: r.date },
        };
      case 'dteMin':
        return {
          filter: name,
          message: `${ticker ?? 'No underlying'} has no expiration ${days(minimumDte(filters))} or more away; the furthest is ${r.date} (${days(r.best)}).`,
          relax: { dteMin: r.best },
        };
      case 'dteMax':
        return {
          filter: name,
          message: `${ticker ?? 'No underlying'} has no expiration within ${days(maximumDte(filters))}${filters.dteMax === undefined ? ' (the default window)' : ''}; the nearest is ${r.date} (${days(r.best)}).`,
          relax: { dteMax: r.best },
        };
      case 'excludeEarnings':
        return {
          filter: name,
          message: `Every expiration left spans ${ticker ? `${ticker}'s` : 'its'} earnings report (${r.date}), and positions across a report are left out.`,
          relax: { excludeEarnings: false },
        };
    }
  }
  if (counts.candidates === 0) {
    const strategy =
      filters.strategy && filters.strategy !== 'all' ? scannerStrategyLabel(filters.strategy) : null;
    return {
      filter: 'strategy',
      message: `${strategy ? `No ${strategy.toLowerCase()}` : 'No position'} could be built from ${ticker ? `${ticker}'s` : 'the'} quotes that pass the other filters (every leg needs a bid above its intrinsic value).`,
      relax: strategy ? { strategy: 'all' } : {},
    };
  }
  const last = diagnosis.lastCandidate();
  if (!last) return null;
  const [name, count, best] = last;
  const prefix = ticker ? `${ticker}: ` : '';
  if (name === 'moneyness') {
    return {
      filter: name,
      message: `${prefix}none of the last ${plural(count, 'position')} is ${filters.moneyness === 'itm' ? 'in' : filters.moneyness === 'atm' ? 'at' : 'out of'} the money.`,
      relax: { moneyness: null },
    };
  }
  if (name === 'minExpectedReturn') {
    const strict = filters.minExpectedReturn === undefined;
    const bound = filters.minExpectedReturn ?? 0;
    return {
      filter: name,
      message: strict
        ? `${prefix}${NO_TRADE_MESSAGE} The best of the last ${plural(count, 'position')} is expected to return ${signedFraction(best)}.`
        : `${prefix}no position is expected to return at least ${signedFraction(bound)}; the best of the last ${plural(count, 'position')} at ${signedFraction(best)}.`,
      relax: { minExpectedReturn: round6(floorTo(best, 0.001)) },
    };
  }
  const wording = CANDIDATE_WORDING[name];
  const bound = effectiveBound(name, filters);
  return {
    filter: name,
    message: `${prefix}no position has ${wording.wanted(bound)}${filters[name] === undefined ? " (the scanner's default floor)" : ''}; the last ${plural(count, 'position')} ${count === 1 ? 'was' : 'were'} removed by it, the nearest at ${wording.show(best)}.`,
    relax: { [name]: wording.relaxTo(best) },
  };
}
