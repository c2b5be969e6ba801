/**
 * The expected-return calibration: what positions like this one realised in the walk-forward
 * backtest, per strategy, from what is known at the scan minute. Per strategy:
 *
 *   index        a linear score of the candidate's features (CALIBRATION_FEATURES), each clipped
 *                to the 1st–99th percentile of the fit years and standardised, the weights the
 *                least-squares fit of the realised return's rank (0–1) on them over the fit years
 *                (every feature, one fit per strategy; a feature that does not vary gets 0)
 *   knots        by decile of the index (equal-count bins): a knot at (mean index, mean realised),
 *                each decile's mean shrunk toward the strategy's mean by the empirical-Bayes weight
 *                τ² / (τ² + s²) (s² its mean's sampling variance, τ² the deciles' variance beyond
 *                sampling), then made non-decreasing by pooling adjacent deciles that violate it
 *                (a higher index never calibrates lower); linear between knots, flat beyond the ends
 *
 * The forecast's expected return at the bid/ask is one of the features: it ranks long calls and
 * condors, but not covered calls, cash-secured puts or straddles on the fit years, where the
 * premium's yield on capital, delta, days to expiry and the IV do. The fit is written by
 * `npm run calibrate-score -- --write` (./scan-calibration-table); the held-out years say how far
 * it holds (docs/features/scanner.md).
 */
import type { ScannerStrategy } from '../constants/strategies';
import { CALIBRATION } from './scan-calibration-table';

/** What the calibration reads of a candidate, all known at the scan minute. */
export const CALIBRATION_FEATURES = [
  /** The forecast's expected return on capital at the bid/ask. */
  'forecastReturn',
  /** Probability of profit under the forecast. */
  'probability',
  /** |Net delta| per share. */
  'absDelta',
  /** First leg's strike over the spot, less 1. */
  'moneyness',
  'daysToExpiry',
  /** The liquidity component's score (0-100). */
  'liquidity',
  /** The theta-efficiency component's score (0-100). */
  'thetaEfficiency',
  /** The expiry's ATM IV over the forecast's volatility, less 1 (the volatility risk premium). */
  'volatilityPremium',
  'ivRank',
  'ivPercentile',
  /** Mean IV of the option legs. */
  'iv',
  /** |Net premium at the fills| over capital at risk (1 for a debit). */
  'premiumYield',
] as const;
export type CalibrationFeature = (typeof CALIBRATION_FEATURES)[number];
export const FEATURE_COUNT = CALIBRATION_FEATURES.length;
export const FEATURE_INDEX = Object.fromEntries(CALIBRATION_FEATURES.map((f, i) => [f, i])) as Record<
  CalibrationFeature,
  number
>;

export interface CalibrationKnots {
  /** Index values, ascending. */
  x: readonly number[];
  /** Realised returns at those index values, non-decreasing. */
  y: readonly number[];
}

export interface StrategyCalibration {
  /** Per feature (CALIBRATION_FEATURES' order): clip bounds, mean and sd after clipping, weight. */
  lo: readonly number[];
  hi: readonly number[];
  mean: readonly number[];
  sd: readonly number[];
  weight: readonly number[];
  knots: CalibrationKnots;
}

export const CALIBRATION_BINS = 10;
/** Fewer positions than this fit nothing (the forecast's expected return is left as it is). */
const MIN_POSITIONS = 10 * CALIBRATION_BINS;

/** Pool-adjacent-violators: the non-decreasing sequence nearest `values` (weights `counts`). */
export function nonDecreasing(values: readonly number[], counts: readonly number[]): number[] {
  const blocks: { value: number; weight: number; size: number }[] = [];
  values.forEach((value, i) => {
    blocks.push({ value, weight: counts[i]!, size: 1 });
    while (blocks.length > 1 && blocks.at(-2)!.value > blocks.at(-1)!.value) {
      const last = blocks.pop()!;
      const prev = blocks.at(-1)!;
      const weight = prev.weight + last.weight;
      prev.value = (prev.value * prev.weight + last.value * last.weight) / weight;
      prev.weight = weight;
      prev.size += last.size;
    }
  });
  return blocks.flatMap((b) => Array<number>(b.size).fill(b.value));
}

/** Equal-count bins of `key` ascending: each bin's mean key, mean and sampling variance of `value`, count. */
function bins(key: ArrayLike<number>, value: ArrayLike<number>, count: number) {
  const order = Array.from({ length: key.length }, (_, i) => i).sort((a, b) => key[a]! - key[b]! || a - b);
  const out: { key: number; value: number; variance: number; count: number }[] = [];
  for (let b = 0; b < count; b += 1) {
    const from = Math.floor((b * order.length) / count);
    const to = Math.floor(((b + 1) * order.length) / count);
    const n = to - from;
    if (n === 0) continue;
    let k = 0;
    let v = 0;
    let vv = 0;
    for (let i = from; i < to; i += 1) {
      k += key[order[i]!]!;
      v += value[order[i]!]!;
      vv += value[order[i]!]! ** 2;
    }
    const mean = v / n;
    out.push({
      key: k / n,
      value: mean,
      variance: n > 1 ? Math.max(0, vv / n - mean * mean) / (n - 1) : 0,
      count: n,
    });
  }
  return out;
}

/**
 * Empirical-Bayes shrinkage of bin means toward their pooled mean: each moves by τ² / (τ² + s²),
 * s² its sampling variance, τ² the bins' variance beyond sampling (0 when the bins differ no more
 * than sampling explains: every bin is then the pooled mean).
 */
export function shrinkToMean(
  means: readonly number[],
  variances: readonly number[],
  counts: readonly number[],
) {
  const total = counts.reduce((a, b) => a + b, 0);
  const pooled = means.reduce((sum, m, i) => sum + m * counts[i]!, 0) / total;
  const spread = means.reduce((sum, m) => sum + (m - pooled) ** 2, 0) / means.length;
  const sampling = variances.reduce((a, b) => a + b, 0) / variances.length;
  const tau2 = Math.max(0, spread - sampling);
  return means.map((m, i) => {
    const s2 = variances[i]!;
    const weight = tau2 + s2 > 0 ? tau2 / (tau2 + s2) : 1;
    return pooled + weight * (m - pooled);
  });
}

/** The knots from an index and realised returns: decile means, shrunk, made non-decreasing (none on too few positions). */
export function fitCalibration(index: ArrayLike<number>, realised: ArrayLike<number>): CalibrationKnots {
  if (index.length < MIN_POSITIONS) return { x: [], y: [] };
  const deciles = bins(index, realised, CALIBRATION_BINS);
  const counts = deciles.map((d) => d.count);
  const shrunk = shrinkToMean(
    deciles.map((d) => d.value),
    deciles.map((d) => d.variance),
    counts,
  );
  return { x: deciles.map((d) => d.key), y: nonDecreasing(shrunk, counts) };
}

/** The calibrated figure at `index` (the index itself, unchanged, without knots). */
export function calibrate(knots: CalibrationKnots, index: number): number {
  const { x, y } = knots;
  if (x.length === 0 || index !== index) return index;
  if (index <= x[0]!) return y[0]!;
  const last = x.length - 1;
  if (index >= x[last]!) return y[last]!;
  let i = 1;
  while (x[i]! < index) i += 1;
  const span = x[i]! - x[i - 1]!;
  const t = span > 0 ? (index - x[i - 1]!) / span : 1;
  return y[i - 1]! + t * (y[i]! - y[i - 1]!);
}

/**
 * The calibration's index of a candidate's features (CALIBRATION_FEATURES' order). A feature that
 * is not known (NaN: a real chain's IV rank before enough sessions are recorded) adds nothing: it
 * stands at the fit's mean.
 */
export function calibrationIndex(c: StrategyCalibration, features: ArrayLike<number>): number {
  let index = 0;
  for (let f = 0; f < FEATURE_COUNT; f += 1) {
    const w = c.weight[f]!;
    if (w === 0 || Number.isNaN(features[f]!)) continue;
    const x = Math.min(c.hi[f]!, Math.max(c.lo[f]!, features[f]!));
    index += (w * (x - c.mean[f]!)) / c.sd[f]!;
  }
  return index;
}

/** The calibrated expected return of a candidate: its index through the knots (the forecast's figure without a fit). */
export function calibratedReturnOf(c: StrategyCalibration, features: ArrayLike<number>): number {
  if (c.knots.x.length === 0) return features[FEATURE_INDEX.forecastReturn]!;
  return calibrate(c.knots, calibrationIndex(c, features));
}

/** The scanner's calibrated expected return for a strategy (./scan-calibration-table). */
export function calibratedReturn(strategy: ScannerStrategy, features: ArrayLike<number>): number {
  return calibratedReturnOf(CALIBRATION[strategy], features);
}

/** The q-quantile of sorted values. */
const quantile = (sorted: Float64Array, q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** Solves A·x = b (n×n, row-major) by Gaussian elimination with partial pivoting; 0 for a singular direction. */
function solve(a: Float64Array, b: Float64Array, n: number): Float64Array {
  for (let col = 0; col < n; col += 1) {
    let pivot = col;
    for (let r = col + 1; r < n; r += 1)
      if (Math.abs(a[r * n + col]!) > Math.abs(a[pivot * n + col]!)) pivot = r;
    if (Math.abs(a[pivot * n + col]!) < 1e-12) continue;
    if (pivot !== col) {
      for (let k = 0; k < n; k += 1)
        [a[col * n + k], a[pivot * n + k]] = [a[pivot * n + k]!, a[col * n + k]!];
      [b[col], b[pivot]] = [b[pivot]!, b[col]!];
    }
    for (let r = 0; r < n; r += 1) {
      if (r === col) continue;
      const factor = a[r * n + col]! / a[col * n + col]!;
      if (factor === 0) continue;
      for (let k = col; k < n; k += 1) a[r * n + k] = a[r * n + k]! - factor * a[col * n + k]!;
      b[r] = b[r]! - factor * b[col]!;
    }
  }
  return Float64Array.from({ length: n }, (_, i) =>
    Math.abs(a[i * n + i]!) < 1e-12 ? 0 : b[i]! / a[i * n + i]!,
  );
}

/**
 * Fits a strategy's calibration on the fit years' positions: `features` row-major
 * (FEATURE_COUNT per position), `realised` their returns. Nothing (the forecast stands) on too
 * few positions.
 */
export function fitStrategyCalibration(features: Float64Array, realised: Float64Array): StrategyCalibration {
  const n = realised.length;
  const zeros = Array<number>(FEATURE_COUNT).fill(0);
  if (n < MIN_POSITIONS)
    return {
      lo: zeros,
      hi: zeros,
      mean: zeros,
      sd: zeros.map(() => 1),
      weight: zeros,
      knots: { x: [], y: [] },
    };
  const lo: number[] = [];
  const hi: number[] = [];
  const mean: number[] = [];
  const sd: number[] = [];
  const z = new Float64Array(n * FEATURE_COUNT);
  for (let f = 0; f < FEATURE_COUNT; f += 1) {
    const column = Float64Array.from({ length: n }, (_, i) => features[i * FEATURE_COUNT + f]!).sort();
    const l = quantile(column, 0.01);
    const h = quantile(column, 0.99);
    let s = 0;
    let ss = 0;
    for (let i = 0; i < n; i += 1) {
      const x = Math.min(h, Math.max(l, features[i * FEATURE_COUNT + f]!));
      s += x;
      ss += x * x;
    }
    const m = s / n;
    const d = Math.sqrt(Math.max(0, ss / n - m * m));
    lo.push(l);
    hi.push(h);
    mean.push(m);
    sd.push(d > 1e-12 ? d : 1);
    for (let i = 0; i < n; i += 1) {
      z[i * FEATURE_COUNT + f] =
        d > 1e-12 ? (Math.min(h, Math.max(l, features[i * FEATURE_COUNT + f]!)) - m) / d : 0;
    }
  }
  // The realised return's rank, 0-1 (ties share their mean rank), centred.
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => realised[a]! - realised[b]!);
  const rank = new Float64Array(n);
  for (let i = 0; i < n;) {
    let j = i;
    while (j + 1 < n && realised[order[j + 1]!] === realised[order[i]!]) j += 1;
    for (let k = i; k <= j; k += 1) rank[order[k]!] = (i + j) / 2 / (n - 1) - 0.5;
    i = j + 1;
  }
  // Normal equations of the standardised features (mean 0, so no intercept is needed).
  const ata = new Float64Array(FEATURE_COUNT * FEATURE_COUNT);
  const atb = new Float64Array(FEATURE_COUNT);
  for (let i = 0; i < n; i += 1) {
    const row = i * FEATURE_COUNT;
    for (let a = 0; a < FEATURE_COUNT; a += 1) {
      const za = z[row + a]!;
      if (za === 0) continue;
      atb[a] = atb[a]! + za * rank[i]!;
      for (let b = 0; b < FEATURE_COUNT; b += 1)
        ata[a * FEATURE_COUNT + b] = ata[a * FEATURE_COUNT + b]! + za * z[row + b]!;
    }
  }
  const weight = Array.from(solve(ata, atb, FEATURE_COUNT));
  const index = new Float64Array(n);
  for (let i = 0; i < n; i += 1) {
    let s = 0;
    for (let f = 0; f < FEATURE_COUNT; f += 1) s += weight[f]! * z[i * FEATURE_COUNT + f]!;
    index[i] = s;
  }
  return { lo, hi, mean, sd, weight, knots: fitCalibration(index, realised) };
}

/** By decile of `promised`: its mean, the mean of `realised` (and of `extra`, when given). */
export function decileTable(
  promised: ArrayLike<number>,
  realised: ArrayLike<number>,
  extra?: ArrayLike<number>,
): { decile: number; promised: number; realised: number; forecast: number; count: number }[] {
  const withRealised = bins(promised, realised, CALIBRATION_BINS);
  const withExtra = extra ? bins(promised, extra, CALIBRATION_BINS) : withRealised;
  return withRealised.map((b, i) => ({
    decile: i + 1,
    promised: b.key,
    realised: b.value,
    forecast: withExtra[i]!.value,
    count: b.count,
  }));
}
