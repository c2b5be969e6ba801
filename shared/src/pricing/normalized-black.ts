/**
 * The normalised Black function (Jäckel's notation) that the whole engine prices with:
 * for forward F, strike K, x = ln(F/K), total volatility s = σ√T and h = x/s, t = s/2,
 *
 *   b(x, s) = e^{x/2}·Φ(h + t) - e^{-x/2}·Φ(h - t)         (a call; undiscounted price / √(F·K))
 *
 * Every option is reduced to an out-of-the-money call (x <= 0): a put is a call with -x, and an
 * in-the-money call is its intrinsic value plus the out-of-the-money call with -x (put-call parity).
 *
 * With E = exp(-(h² + t²)/2) the two terms share one exponential, so with erfcx:
 *   below the inflection point s_c = √(-2x) (h + t <= 0):  b = ½·E·[erfcx(-(h+t)/√2) - erfcx((t-h)/√2)]
 *   above it (h + t > 0):  the distance to the upper bound u = e^{x/2} - b = ½·E·[erfcx((h+t)/√2) + erfcx((t-h)/√2)]
 * Both erfcx arguments are >= 0 on their side, so nothing overflows, ln b and ln u are available
 * even when b or u underflow, and u is a sum (no cancellation). The implied-volatility solver
 * works in these same terms, so pricing and solving agree to the last bit.
 */
import { erfcx, normCdf } from './normal';

export const SQRT_TWO_OVER_PI = 0.7978845608028654;
const ONE_OVER_SQRT_TWO = 0.7071067811865476;

/** b(x, s) for an out-of-the-money call, x <= 0, s > 0. */
export function normalizedOtmCall(x: number, s: number): number {
  const h = x / s;
  const t = 0.5 * s;
  if (h + t <= 0) {
    const e = Math.exp(-0.5 * (h * h + t * t));
    const diff = erfcx(-(h + t) * ONE_OVER_SQRT_TWO) - erfcx((t - h) * ONE_OVER_SQRT_TWO);
    return Math.max(0.5 * e * diff, 0);
  }
  const upper = Math.exp(0.5 * x);
  const e = Math.exp(-0.5 * (h * h + t * t));
  const gap = 0.5 * e * (erfcx((h + t) * ONE_OVER_SQRT_TWO) + erfcx((t - h) * ONE_OVER_SQRT_TWO));
  // Subtracting from the bound is exact while the gap is under half of it; below that the two
  // Φ terms cancel less.
  if (gap < 0.5 * upper) return upper - gap;
  return Math.max(upper * normCdf(h + t) - Math.exp(-0.5 * x) * normCdf(h - t), 0);
}

/** b at the inflection point s_c = √(-2x): ½·e^{x/2}·(1 - erfcx(√-x)). */
export function normalizedOtmCallAtInflection(x: number): number {
  return 0.5 * Math.exp(0.5 * x) * (1 - erfcx(Math.sqrt(-x)));
}
