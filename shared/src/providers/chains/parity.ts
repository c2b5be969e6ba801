/**
 * The forward and discount factor of one expiry, implied from put-call parity on real quotes:
 * C - P = D·(F - K) at every strike, so across strikes C - P is a line in K with slope -D and
 * intercept D·F. We fit it by least squares on the liquid strikes nearest the money (both sides
 * two-sided, not crossed, narrow), where American early exercise matters least. Where the fitted
 * D is implausible (an implied rate outside -2 % to 15 %, as a narrow short-dated strike range
 * gives) D comes from the rate and only F from parity; with no usable pair at all, F and D come
 * from the rate and dividend yield, and the method says so. Pure; no I/O.
 */

/** One strike's call and put mids (and their spreads) at one expiry. */
export interface ParityPair {
  strike: number;
  callMid: number;
  putMid: number;
  /** Ask - bid of the call plus that of the put: the pair's uncertainty. */
  spread: number;
}

/**
 * `curve_rate_parity_carry` (American exercise with a rate curve): D from the curve's rate at the
 * expiry, F from the pairs at that D; American parity is only an inequality, so the slope of
 * C - P on K is no rate (the puts' early-exercise premium biases it).
 */
export const FORWARD_METHODS = [
  'parity',
  'parity_forward_rate_discount',
  'rate_and_yield',
  'curve_rate_parity_carry',
] as const;
export type ForwardMethod = (typeof FORWARD_METHODS)[number];

export interface ExpiryForward {
  forward: number;
  discount: number;
  method: ForwardMethod;
  /** Strikes the fit used (0 for rate_and_yield). */
  strikesUsed: number;
}

/** Strikes nearest the money the fit reads. */
export const PARITY_STRIKES = 8;
const MIN_RATE = -0.02;
const MAX_RATE = 0.15;

/** The forward and discount factor implied by `pairs`, or from the carry when parity cannot be solved. */
export function impliedForward(
  pairs: readonly ParityPair[],
  spot: number,
  years: number,
  rate: number,
  dividendYield: number,
): ExpiryForward {
  const fallbackDiscount = Math.exp(-rate * years);
  const usable = usablePairs(pairs);
  if (usable.length === 0 || !(years > 0)) {
    return {
      forward: spot * Math.exp((rate - dividendYield) * years),
      discount: fallbackDiscount,
      method: 'rate_and_yield',
      strikesUsed: 0,
    };
  }
  const near = nearestMoney(usable);
  const fitted = near.length >= 3 ? fitLine(near) : null;
  if (fitted) {
    const impliedRate = -Math.log(fitted.discount) / years;
    const forward = fitted.intercept / fitted.discount;
    if (impliedRate >= MIN_RATE && impliedRate <= MAX_RATE && forward > 0)
      return { forward, discount: fitted.discount, method: 'parity', strikesUsed: near.length };
  }
  return {
    forward: medianForward(near, fallbackDiscount),
    discount: fallbackDiscount,
    method: 'parity_forward_rate_discount',
    strikesUsed: near.length,
  };
}

/**
 * American exercise with a known rate (the Treasury curve's at the expiry): D = e^{-rT} and F the
 * median of the pairs' K + (C - P)/D; with no usable pair, F and D from the rate and yield.
 */
export function forwardAtRate(
  pairs: readonly ParityPair[],
  spot: number,
  years: number,
  rate: number,
  dividendYield: number,
): ExpiryForward {
  const usable = usablePairs(pairs);
  if (usable.length === 0 || !(years > 0)) return impliedForward([], spot, years, rate, dividendYield);
  const discount = Math.exp(-rate * years);
  const near = nearestMoney(usable);
  const forward = medianForward(near, discount);
  return { forward, discount, method: 'curve_rate_parity_carry', strikesUsed: near.length };
}

function usablePairs(pairs: readonly ParityPair[]): ParityPair[] {
  return pairs.filter(
    (p) => p.strike > 0 && p.callMid > 0 && p.putMid > 0 && Number.isFinite(p.spread) && p.spread >= 0,
  );
}

/** The at-the-money strike is where call and put are worth most alike; its neighbours. */
function nearestMoney(usable: readonly ParityPair[]): ParityPair[] {
  return [...usable]
    .sort((a, b) => Math.abs(a.callMid - a.putMid) - Math.abs(b.callMid - b.putMid))
    .slice(0, PARITY_STRIKES);
}

/** F from each pair at the discount factor, the median (one bad quote cannot move it). */
function medianForward(near: readonly ParityPair[], discount: number): number {
  return median(near.map((p) => p.strike + (p.callMid - p.putMid) / discount).sort((a, b) => a - b));
}

/** Weighted least squares of C - P on K (weights 1/spread², floored at a cent). */
function fitLine(pairs: readonly ParityPair[]): { discount: number; intercept: number } | null {
  let sw = 0;
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let sxy = 0;
  for (const p of pairs) {
    const w = 1 / Math.max(p.spread, 0.01) ** 2;
    const y = p.callMid - p.putMid;
    sw += w;
    sx += w * p.strike;
    sy += w * y;
    sxx += w * p.strike * p.strike;
    sxy += w * p.strike * y;
  }
  const det = sw * sxx - sx * sx;
  if (!(Math.abs(det) > 1e-12 * sw * sxx)) return null;
  const slope = (sw * sxy - sx * sy) / det;
  const intercept = (sy - slope * sx) / sw;
  const discount = -slope;
  return discount > 0 ? { discount, intercept } : null;
}

export function median(sorted: readonly number[]): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  const mid = Math.floor(n / 2);
  return n % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
