/**
 * American options on a stock or ETF with a continuous dividend yield q: the quadratic
 * approximation of Barone-Adesi & Whaley (1987), with cost of carry b = r - q as in Haug, "The
 * Complete Guide to Option Pricing Formulas" (2nd ed., 3.3.1).
 *
 *   call (early exercise pays only when q > 0):   C = c(S) + A₂·(S / S*)^q₂  for S < S*,  S - K above
 *   put  (early exercise pays whenever r > 0):    P = p(S) + A₁·(S / S**)^q₁ for S > S**, K - S below
 *   q₂,₁ = ½·(-(n - 1) ± √((n - 1)² + 4m/k)),  n = 2b/σ², m = 2r/σ², k = 1 - e^{-rT}
 *
 * The critical price S* solves the value-matching equation by Newton's method (Haug's seed and
 * iteration); it is proportional to the strike, so we solve for the ratio S* / K. The amplitude is
 * written in its value-matching form, A = (S* - K) - c(S*) for a call (K - S** - p(S**) for a put):
 * with it the price c(S) + A(b)·(S/b)^q is, for fixed S, stationary in the boundary b at b = S*
 * (the smooth-pasting condition is exactly dA/db = q·A/b). Two consequences we use:
 *   - the price's sensitivities to S, σ and T are those of the formula with b held fixed
 *     (the envelope theorem), which gives closed-form delta, gamma and vega;
 *   - an error ε in the boundary moves the price by O(ε²), so the batch (./american-batch) may
 *     reuse a neighbouring strike's boundary ratio to start its Newton iteration.
 *
 * Theta here is the value lost over the next calendar day, V(T) - V(T - 1 day) with V at or past
 * expiry the intrinsic value: it is never more than the time value left, and for an American
 * option never positive (more time is never worth less when you may exercise at any moment).
 * Accuracy against a 2,000-step binomial tree: tests/unit/pricing/american.test.ts.
 */
import { bsmPrice, DAYS_PER_YEAR } from './bsm';
import { normCdf, normPdf } from './normal';
import {
  IV_ABOVE_UPPER_BOUND,
  IV_BELOW_INTRINSIC,
  IV_NO_TIME_VALUE,
  impliedVolatilityKernel,
} from './implied-volatility';

export type ExerciseStyle = 'american' | 'european';

const ONE_DAY = 1 / DAYS_PER_YEAR;
const MAX_BOUNDARY_ITERATIONS = 100;
const MAX_IV_ITERATIONS = 60;

/** Early exercise can be worth something: a call when the dividend yield is positive, a put when the rate is. */
export function earlyExerciseCanPay(isCall: boolean, rate: number, dividendYield: number): boolean {
  return isCall ? dividendYield > 0 : rate > 0;
}

/** BAW's exponent: q₂ > 1 for a call, q₁ < 0 for a put. */
export function bawExponent(
  years: number,
  rate: number,
  dividendYield: number,
  volatility: number,
  isCall: boolean,
): number {
  const v2 = volatility * volatility;
  const nm1 = (2 * (rate - dividendYield)) / v2 - 1;
  const rt = rate * years;
  // m/k = 2r / (σ²(1 - e^{-rT})), which tends to 2/(σ²T) as r → 0.
  const mOverK = Math.abs(rt) < 1e-10 ? 2 / (v2 * years) : (2 * rate) / (v2 * -Math.expm1(-rt));
  const root = Math.sqrt(nm1 * nm1 + 4 * mOverK);
  return isCall ? 0.5 * (root - nm1) : -0.5 * (root + nm1);
}

/** dq/dσ of {@link bawExponent} (for vega). */
export function bawExponentSlope(
  years: number,
  rate: number,
  dividendYield: number,
  volatility: number,
  isCall: boolean,
): number {
  const v2 = volatility * volatility;
  const n = (2 * (rate - dividendYield)) / v2;
  const nm1 = n - 1;
  const rt = rate * years;
  const mOverK = Math.abs(rt) < 1e-10 ? 2 / (v2 * years) : (2 * rate) / (v2 * -Math.expm1(-rt));
  const root = Math.sqrt(nm1 * nm1 + 4 * mOverK);
  // n and m/k both scale as 1/σ².
  const inner = (nm1 * n + 2 * mOverK) / root;
  return isCall ? (n - inner) / volatility : (n + inner) / volatility;
}

/** Haug's starting point for the critical ratio S* / K. */
function seedRatio(years: number, rate: number, dividendYield: number, volatility: number, isCall: boolean) {
  const v2 = volatility * volatility;
  const b = rate - dividendYield;
  const nm1 = (2 * b) / v2 - 1;
  const m = (2 * rate) / v2;
  const root = Math.sqrt(nm1 * nm1 + 4 * m);
  const s = volatility * Math.sqrt(years);
  if (isCall) {
    const qInf = 0.5 * (root - nm1);
    const ratioInf = 1 / (1 - 1 / qInf);
    const h = (-(b * years + 2 * s) * 1) / (ratioInf - 1);
    return 1 + (ratioInf - 1) * -Math.expm1(h);
  }
  const qInf = -0.5 * (root + nm1);
  const ratioInf = 1 / (1 - 1 / qInf);
  const h = (b * years - 2 * s) / (1 - ratioInf);
  return ratioInf + (1 - ratioInf) * Math.exp(h);
}

/**
 * The critical ratio S* / K (call, above 1) or S** / K (put, below 1) for an exponent from
 * {@link bawExponent}, by Newton's method on the value-matching equation from `start` (a nearby
 * solution) or Haug's seed, to rounding level (it converges quadratically).
 */
export function criticalRatio(
  years: number,
  rate: number,
  dividendYield: number,
  volatility: number,
  isCall: boolean,
  exponent: number,
  start = 0,
): number {
  const s = volatility * Math.sqrt(years);
  const carry = Math.exp(-dividendYield * years); // e^{(b - r)T}
  const drift = (rate - dividendYield) * years + 0.5 * s * s;
  let x = start > 0 ? start : seedRatio(years, rate, dividendYield, volatility, isCall);
  for (let i = 0; i < MAX_BOUNDARY_ITERATIONS; i += 1) {
    const d1 = (Math.log(x) + drift) / s;
    const value = bsmPrice(x, 1, years, rate, dividendYield, volatility, isCall);
    let next: number;
    if (isCall) {
      const n1 = carry * normCdf(d1);
      const rhs = value + ((1 - n1) * x) / exponent;
      const slope = n1 * (1 - 1 / exponent) + (1 - (carry * normPdf(d1)) / s) / exponent;
      next = (1 + rhs - slope * x) / (1 - slope);
    } else {
      const n1 = carry * normCdf(-d1);
      const rhs = value - ((1 - n1) * x) / exponent;
      const slope = -n1 * (1 - 1 / exponent) - (1 + (carry * normPdf(d1)) / s) / exponent;
      next = (1 - rhs + slope * x) / (1 + slope);
    }
    if (!(next > 0)) next = 0.5 * x;
    // Quadratic convergence: after a step under 1e-8 the error is at rounding level.
    if (Math.abs(next - x) <= 1e-8 * x) return next;
    x = next;
  }
  return x;
}

/** The early-exercise amplitude per unit of strike in its value-matching form, given the boundary ratio. */
export function amplitudeAt(
  ratio: number,
  years: number,
  rate: number,
  dividendYield: number,
  volatility: number,
  isCall: boolean,
): number {
  const european = bsmPrice(ratio, 1, years, rate, dividendYield, volatility, isCall);
  return isCall ? ratio - 1 - european : 1 - ratio - european;
}

/** Where the early-exercise boundary is: the critical ratio and the BAW exponent. */
export interface ExerciseBoundary {
  ratio: number;
  exponent: number;
}

export function exerciseBoundary(
  years: number,
  rate: number,
  dividendYield: number,
  volatility: number,
  isCall: boolean,
  start = 0,
): ExerciseBoundary {
  const exponent = bawExponent(years, rate, dividendYield, volatility, isCall);
  return {
    exponent,
    ratio: criticalRatio(years, rate, dividendYield, volatility, isCall, exponent, start),
  };
}

const intrinsicOf = (spot: number, strike: number, isCall: boolean) =>
  Math.max(isCall ? spot - strike : strike - spot, 0);

/** The price with a given boundary ratio (the formula of the header, b = ratio·K). */
export function priceWithBoundary(
  spot: number,
  strike: number,
  years: number,
  rate: number,
  dividendYield: number,
  volatility: number,
  isCall: boolean,
  boundary: ExerciseBoundary,
): number {
  const critical = boundary.ratio * strike;
  if (isCall ? spot >= critical : spot <= critical) return intrinsicOf(spot, strike, isCall);
  const amplitude = amplitudeAt(boundary.ratio, years, rate, dividendYield, volatility, isCall);
  return (
    bsmPrice(spot, strike, years, rate, dividendYield, volatility, isCall) +
    strike * amplitude * Math.exp(boundary.exponent * Math.log(spot / critical))
  );
}

/**
 * The American price (BAW). European when early exercise cannot pay; the intrinsic value at or
 * past expiry and at zero volatility (where it is at least the discounted forward intrinsic).
 */
export function americanPrice(
  spot: number,
  strike: number,
  years: number,
  rate: number,
  dividendYield: number,
  volatility: number,
  isCall: boolean,
): number {
  if (!(years > 0)) return intrinsicOf(spot, strike, isCall);
  if (!(volatility > 0)) {
    return Math.max(
      intrinsicOf(spot, strike, isCall),
      bsmPrice(spot, strike, years, rate, dividendYield, 0, isCall),
    );
  }
  if (!earlyExerciseCanPay(isCall, rate, dividendYield)) {
    return bsmPrice(spot, strike, years, rate, dividendYield, volatility, isCall);
  }
  const boundary = exerciseBoundary(years, rate, dividendYield, volatility, isCall);
  return priceWithBoundary(spot, strike, years, rate, dividendYield, volatility, isCall, boundary);
}

/** The price under either exercise style. */
export function optionPrice(
  style: ExerciseStyle,
  spot: number,
  strike: number,
  years: number,
  rate: number,
  dividendYield: number,
  volatility: number,
  isCall: boolean,
): number {
  return style === 'american'
    ? americanPrice(spot, strike, years, rate, dividendYield, volatility, isCall)
    : bsmPrice(spot, strike, years, rate, dividendYield, volatility, isCall);
}

export interface OptionGreeks {
  price: number;
  /** Per $1 of spot. */
  delta: number;
  gamma: number;
  /** The value lost over the next calendar day (never more than the time value left). */
  theta: number;
  /** Per volatility point. */
  vega: number;
}

/** Writes price, delta, gamma and vega (per vol point) of the European option into out[0..3]. */
function europeanGreeks(
  spot: number,
  strike: number,
  years: number,
  rate: number,
  dividendYield: number,
  volatility: number,
  isCall: boolean,
  out: Float64Array,
): void {
  const sqrtYears = Math.sqrt(years);
  const s = volatility * sqrtYears;
  const carry = Math.exp(-dividendYield * years);
  const d1 = (Math.log(spot / strike) + (rate - dividendYield) * years) / s + 0.5 * s;
  const pdf = normPdf(d1);
  out[0] = bsmPrice(spot, strike, years, rate, dividendYield, volatility, isCall);
  out[1] = isCall ? carry * normCdf(d1) : -carry * normCdf(-d1);
  out[2] = (carry * pdf) / (spot * s);
  out[3] = (spot * carry * pdf * sqrtYears) / 100;
}

const scratch = new Float64Array(4);

/** One-day theta: V(T - 1 day) - V(T), with V(≤ 0) the intrinsic value. */
function oneDayTheta(value: number, valueTomorrow: number): number {
  return valueTomorrow - value;
}

/**
 * Price and greeks under either exercise style (theta the one-day decay for both). For an
 * American option in its exercise region: price intrinsic, delta ±1, gamma, vega and theta 0.
 */
export function optionGreeks(
  style: ExerciseStyle,
  spot: number,
  strike: number,
  years: number,
  rate: number,
  dividendYield: number,
  volatility: number,
  isCall: boolean,
): OptionGreeks {
  const intrinsic = intrinsicOf(spot, strike, isCall);
  if (!(years > 0) || !(volatility > 0)) {
    const price = optionPrice(style, spot, strike, years, rate, dividendYield, volatility, isCall);
    const inTheMoney = intrinsic > 0;
    return { price, delta: inTheMoney ? (isCall ? 1 : -1) : 0, gamma: 0, theta: intrinsic - price, vega: 0 };
  }
  const tomorrow = years - ONE_DAY;
  europeanGreeks(spot, strike, years, rate, dividendYield, volatility, isCall, scratch);
  if (style === 'european' || !earlyExerciseCanPay(isCall, rate, dividendYield)) {
    const price = scratch[0]!;
    const next =
      tomorrow > 0 ? bsmPrice(spot, strike, tomorrow, rate, dividendYield, volatility, isCall) : intrinsic;
    return {
      price,
      delta: scratch[1]!,
      gamma: scratch[2]!,
      vega: scratch[3]!,
      theta: oneDayTheta(price, next),
    };
  }
  const boundary = exerciseBoundary(years, rate, dividendYield, volatility, isCall);
  const critical = boundary.ratio * strike;
  if (isCall ? spot >= critical : spot <= critical) {
    return { price: intrinsic, delta: isCall ? 1 : -1, gamma: 0, theta: 0, vega: 0 };
  }
  const q = boundary.exponent;
  const amplitude = amplitudeAt(boundary.ratio, years, rate, dividendYield, volatility, isCall);
  const logRatio = Math.log(spot / critical);
  const premium = strike * amplitude * Math.exp(q * logRatio);
  // Envelope theorem: with b held at S*, vega is the formula's own derivative in σ.
  const s = volatility * Math.sqrt(years);
  const d1Critical = (Math.log(boundary.ratio) + (rate - dividendYield) * years) / s + 0.5 * s;
  const vegaCritical =
    boundary.ratio * Math.exp(-dividendYield * years) * normPdf(d1Critical) * Math.sqrt(years);
  const slope = bawExponentSlope(years, rate, dividendYield, volatility, isCall);
  const premiumVega = -strike * vegaCritical * Math.exp(q * logRatio) + premium * logRatio * slope; // per 1.00 of σ
  const price = scratch[0]! + premium;
  let next = intrinsic;
  if (tomorrow > 0) {
    const later = exerciseBoundary(tomorrow, rate, dividendYield, volatility, isCall, boundary.ratio);
    next = priceWithBoundary(spot, strike, tomorrow, rate, dividendYield, volatility, isCall, later);
  }
  return {
    price,
    delta: scratch[1]! + (q * premium) / spot,
    gamma: scratch[2]! + (q * (q - 1) * premium) / (spot * spot),
    vega: scratch[3]! + premiumVega / 100,
    theta: oneDayTheta(price, next),
  };
}

/**
 * The volatility at which the American price equals `price`, or a negative IV_* code
 * (./implied-volatility): no time value (at or below what the option is worth at zero volatility),
 * below intrinsic, or at or above the upper bound (the spot for a call, the strike for a put).
 * Newton's method on the price with its closed-form vega, kept inside a bracket (bisection when a
 * step leaves it); `guessVol` warm-starts it. Stops once a step is under 1e-9 relative (the error left is then at rounding level).
 */
export function americanImpliedVolatilityKernel(
  price: number,
  spot: number,
  strike: number,
  years: number,
  rate: number,
  dividendYield: number,
  isCall: boolean,
  guessVol: number,
): number {
  if (!earlyExerciseCanPay(isCall, rate, dividendYield)) {
    return impliedVolatilityKernel(price, spot, strike, years, rate, dividendYield, isCall, guessVol);
  }
  if (!(years > 0)) return price < 0 ? IV_BELOW_INTRINSIC : IV_NO_TIME_VALUE;
  const intrinsic = intrinsicOf(spot, strike, isCall);
  if (price >= (isCall ? spot : strike)) return IV_ABOVE_UPPER_BOUND;
  if (price < intrinsic || price < 0) return IV_BELOW_INTRINSIC;
  const floor = Math.max(intrinsic, bsmPrice(spot, strike, years, rate, dividendYield, 0, isCall));
  if (price <= floor) return IV_NO_TIME_VALUE;
  let vol = guessVol;
  if (!(vol > 0)) {
    const european = impliedVolatilityKernel(price, spot, strike, years, rate, dividendYield, isCall, 0);
    vol = european > 0 ? european : 0.5;
  }
  let lo = 0;
  let hi = Infinity;
  let ratio = 0;
  for (let i = 0; i < MAX_IV_ITERATIONS; i += 1) {
    const q = bawExponent(years, rate, dividendYield, vol, isCall);
    ratio = criticalRatio(years, rate, dividendYield, vol, isCall, q, ratio);
    const critical = ratio * strike;
    let value: number;
    let vega: number;
    if (isCall ? spot >= critical : spot <= critical) {
      value = intrinsic;
      vega = 0;
    } else {
      const sqrtYears = Math.sqrt(years);
      const s = vol * sqrtYears;
      const carry = Math.exp(-dividendYield * years);
      const drift = (rate - dividendYield) * years;
      const d1 = (Math.log(spot / strike) + drift) / s + 0.5 * s;
      const d1Critical = (Math.log(ratio) + drift) / s + 0.5 * s;
      const logRatio = Math.log(spot / critical);
      const power = Math.exp(q * logRatio);
      const amplitude = amplitudeAt(ratio, years, rate, dividendYield, vol, isCall);
      const premium = strike * amplitude * power;
      value = bsmPrice(spot, strike, years, rate, dividendYield, vol, isCall) + premium;
      vega =
        spot * carry * normPdf(d1) * sqrtYears -
        strike * ratio * carry * normPdf(d1Critical) * sqrtYears * power +
        premium * logRatio * bawExponentSlope(years, rate, dividendYield, vol, isCall);
    }
    const f = value - price;
    if (f > 0) hi = vol;
    else lo = vol;
    let next = vega > 0 ? vol - f / vega : NaN;
    if (!(next > lo && next < hi)) next = hi === Infinity ? 2 * vol : 0.5 * (lo + hi);
    // Newton converges quadratically: after a step under 1e-9 the error is at rounding level.
    if (f === 0) return vol;
    if (Math.abs(next - vol) <= 1e-9 * vol) return next;
    if (next < 1e-8) return IV_NO_TIME_VALUE;
    vol = next;
  }
  return vol;
}
