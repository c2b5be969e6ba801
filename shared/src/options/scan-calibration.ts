/**
 * The expected-return calibration: the forecast's expected return at the bid/ask mapped to what
 * positions with that forecast realised in the walk-forward backtest, per strategy. Fitted by
 * decile of the forecast (equal-count bins): a knot per decile at (mean forecast, mean realised),
 * the realised made non-decreasing by pooling adjacent deciles that violate it (a higher forecast
 * never calibrates lower), linear between knots, flat beyond the first and last. On the years it
 * was fitted on, each decile's calibrated promise is what it realised; the held-out years say how
 * far that holds (docs/features/scanner.md). The knots are written by `npm run calibrate-score`
 * (./scan-calibration-table).
 */
import type { ScannerStrategy } from '../constants/strategies';
import { CALIBRATION_KNOTS } from './scan-calibration-table';

export interface CalibrationKnots {
  /** Forecast expected returns, ascending. */
  x: readonly number[];
  /** Realised returns at those forecasts, non-decreasing. */
  y: readonly number[];
}

export const CALIBRATION_BINS = 10;
/** Fewer positions than this fit nothing (the forecast is left as it is). */
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

/** Equal-count bins of `key` ascending: each bin's mean key, mean of `value`, and count. */
function bins(key: readonly number[], value: readonly number[], count: number) {
  const order = key.map((_, i) => i).sort((a, b) => key[a]! - key[b]! || a - b);
  const out: { key: number; value: number; count: number }[] = [];
  for (let b = 0; b < count; b += 1) {
    const from = Math.floor((b * order.length) / count);
    const to = Math.floor(((b + 1) * order.length) / count);
    let k = 0;
    let v = 0;
    for (let i = from; i < to; i += 1) {
      k += key[order[i]!]!;
      v += value[order[i]!]!;
    }
    if (to > from) out.push({ key: k / (to - from), value: v / (to - from), count: to - from });
  }
  return out;
}

/** The knots from forecast and realised returns (no knots, i.e. no change, on too few positions). */
export function fitCalibration(forecast: readonly number[], realised: readonly number[]): CalibrationKnots {
  if (forecast.length < MIN_POSITIONS) return { x: [], y: [] };
  const deciles = bins(forecast, realised, CALIBRATION_BINS);
  return {
    x: deciles.map((d) => d.key),
    y: nonDecreasing(
      deciles.map((d) => d.value),
      deciles.map((d) => d.count),
    ),
  };
}

/** The calibrated expected return of a forecast `expectedReturn` (unchanged without knots). */
export function calibrate(knots: CalibrationKnots, expectedReturn: number): number {
  const { x, y } = knots;
  if (x.length === 0 || expectedReturn !== expectedReturn) return expectedReturn;
  if (expectedReturn <= x[0]!) return y[0]!;
  const last = x.length - 1;
  if (expectedReturn >= x[last]!) return y[last]!;
  let i = 1;
  while (x[i]! < expectedReturn) i += 1;
  const span = x[i]! - x[i - 1]!;
  const t = span > 0 ? (expectedReturn - x[i - 1]!) / span : 1;
  return y[i - 1]! + t * (y[i]! - y[i - 1]!);
}

/** The scanner's calibrated expected return for a strategy (./scan-calibration-table). */
export function calibratedReturn(strategy: ScannerStrategy, expectedReturn: number): number {
  return calibrate(CALIBRATION_KNOTS[strategy], expectedReturn);
}

/** By decile of `promised`: its mean, the mean of `realised` (and of `extra`, when given). */
export function decileTable(
  promised: readonly number[],
  realised: readonly number[],
  extra?: readonly number[],
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
