/**
 * Expiry analysis of any position of up to four option legs plus stock, allocation-free so the
 * scanner can run it per candidate: payoff at expiry is piecewise linear with kinks at the
 * strikes, so max profit and max loss are found at 0 and the kinks (or are unbounded when the
 * slope beyond the last strike is non-zero), breakevens by linear interpolation between kinks,
 * and the probability of profit as the lognormal probability mass of the intervals where the
 * payoff is positive.
 *
 * Probability model: S_T = S·exp((r - q - σ²/2)·T + σ·√T·Z), the risk-neutral lognormal of
 * Black-Scholes-Merton, with σ the expiry's at-the-money implied volatility.
 */
import { normCdf } from '../pricing/normal';

export const LEG_STOCK = 0;
export const LEG_CALL = 1;
export const LEG_PUT = 2;
export const MAX_LEGS = 4;

/** Legs as parallel arrays; quantity is signed (+ long, - short), per share; stock counts 1 per share. */
export interface LegBuffer {
  count: number;
  kind: Uint8Array;
  strike: Float64Array;
  quantity: Float64Array;
  premium: Float64Array;
}

export function createLegBuffer(): LegBuffer {
  return {
    count: 0,
    kind: new Uint8Array(MAX_LEGS),
    strike: new Float64Array(MAX_LEGS),
    quantity: new Float64Array(MAX_LEGS),
    premium: new Float64Array(MAX_LEGS),
  };
}

export function pushLeg(
  buffer: LegBuffer,
  kind: number,
  strike: number,
  quantity: number,
  premium: number,
): void {
  const i = buffer.count;
  buffer.kind[i] = kind;
  buffer.strike[i] = strike;
  buffer.quantity[i] = quantity;
  buffer.premium[i] = premium;
  buffer.count = i + 1;
}

/** Profit per share at expiry when the underlying ends at `price`. */
export function legsPayoff(buffer: LegBuffer, price: number): number {
  let total = 0;
  for (let i = 0; i < buffer.count; i += 1) {
    const kind = buffer.kind[i]!;
    const strike = buffer.strike[i]!;
    const value =
      kind === LEG_STOCK
        ? price
        : kind === LEG_CALL
          ? Math.max(price - strike, 0)
          : Math.max(strike - price, 0);
    total += buffer.quantity[i]! * (value - buffer.premium[i]!);
  }
  return total;
}

/** Output slots of {@link analyzeLegs}. */
export const OUT_MAX_PROFIT = 0;
export const OUT_MAX_LOSS = 1;
export const OUT_POP = 2;
export const OUT_BREAKEVEN_COUNT = 3;
export const OUT_BREAKEVENS = 4; // up to MAX_LEGS + 1 of them
export const OUT_NET_PREMIUM = 10;
export const OUT_SIZE = 11;

const points = new Float64Array(2 * MAX_LEGS + 2);
const kinks = new Float64Array(MAX_LEGS);

/** The probability that S_T < level under the lognormal above. */
export function lognormalCdf(
  level: number,
  spot: number,
  years: number,
  rate: number,
  dividendYield: number,
  vol: number,
): number {
  if (level <= 0) return 0;
  if (level === Infinity) return 1;
  const s = vol * Math.sqrt(years);
  return normCdf((Math.log(level / spot) - (rate - dividendYield - 0.5 * vol * vol) * years) / s);
}

/** P(S_T < level) of some distribution of the underlying at expiry. */
export type ExpiryCdf = (level: number) => number;

/**
 * Per share: max profit, max loss (a positive number; Infinity when unbounded), probability of
 * profit, breakevens and net premium (+ paid, - received), written into `out`. The probability is
 * under the lognormal at `vol` unless `cdf` gives another distribution (the scanner's forecast).
 */
export function analyzeLegs(
  buffer: LegBuffer,
  spot: number,
  years: number,
  rate: number,
  dividendYield: number,
  vol: number,
  out: Float64Array,
  cdf?: ExpiryCdf,
): void {
  let kinkCount = 0;
  let slope = 0;
  let netPremium = 0;
  for (let i = 0; i < buffer.count; i += 1) {
    const kind = buffer.kind[i]!;
    netPremium += buffer.quantity[i]! * buffer.premium[i]!;
    if (kind !== LEG_PUT) slope += buffer.quantity[i]!;
    if (kind === LEG_STOCK) continue;
    const strike = buffer.strike[i]!;
    let j = kinkCount;
    let duplicate = false;
    for (let k = 0; k < kinkCount; k += 1) if (kinks[k] === strike) duplicate = true;
    if (duplicate) continue;
    while (j > 0 && kinks[j - 1]! > strike) {
      kinks[j] = kinks[j - 1]!;
      j -= 1;
    }
    kinks[j] = strike;
    kinkCount += 1;
  }
  const atZero = legsPayoff(buffer, 0);
  let best = atZero;
  let worst = atZero;
  let breakevens = 0;
  let previousPrice = 0;
  let previousValue = atZero;
  for (let k = 0; k < kinkCount; k += 1) {
    const price = kinks[k]!;
    const value = legsPayoff(buffer, price);
    if (value > best) best = value;
    if (value < worst) worst = value;
    if (value === 0 && previousValue !== 0) out[OUT_BREAKEVENS + breakevens++] = price;
    else if ((previousValue < 0 && value > 0) || (previousValue > 0 && value < 0)) {
      out[OUT_BREAKEVENS + breakevens++] =
        previousPrice - (previousValue * (price - previousPrice)) / (value - previousValue);
    }
    previousPrice = price;
    previousValue = value;
  }
  const flat = Math.abs(slope) < 1e-12;
  if (!flat && previousValue !== 0 && previousValue > 0 !== slope > 0) {
    out[OUT_BREAKEVENS + breakevens++] = previousPrice - previousValue / slope;
  }
  out[OUT_MAX_PROFIT] = !flat && slope > 0 ? Infinity : best;
  out[OUT_MAX_LOSS] = !flat && slope < 0 ? Infinity : Math.max(0, -worst);
  out[OUT_BREAKEVEN_COUNT] = breakevens;
  out[OUT_NET_PREMIUM] = netPremium;

  // Probability of profit: the intervals between 0, the kinks and the breakevens where payoff > 0.
  let count = 0;
  points[count++] = 0;
  for (let k = 0; k < kinkCount; k += 1) points[count++] = kinks[k]!;
  for (let b = 0; b < breakevens; b += 1) {
    const value = out[OUT_BREAKEVENS + b]!;
    let j = count;
    while (j > 0 && points[j - 1]! > value) {
      points[j] = points[j - 1]!;
      j -= 1;
    }
    points[j] = value;
    count += 1;
  }
  let probability = 0;
  let lowerCdf = 0;
  for (let p = 0; p < count; p += 1) {
    const lower = points[p]!;
    const upper = p + 1 < count ? points[p + 1]! : Infinity;
    if (upper <= lower) continue;
    const probe = upper === Infinity ? lower + 1 + lower : 0.5 * (lower + upper);
    const upperCdf =
      cdf === undefined
        ? lognormalCdf(upper, spot, years, rate, dividendYield, vol)
        : upper === Infinity
          ? 1
          : cdf(upper);
    if (legsPayoff(buffer, probe) > 0) probability += upperCdf - lowerCdf;
    lowerCdf = upperCdf;
  }
  out[OUT_POP] = Math.min(1, Math.max(0, probability));
}
