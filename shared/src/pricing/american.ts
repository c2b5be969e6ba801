// size: the public API (price, greeks, implied volatility) over one boundary solver
/**
 * American options on a stock or ETF with a continuous dividend yield q, priced by the fixed-point
 * method of Andersen, Lake & Offengelder (2016) in ./american-boundary: the early-exercise boundary
 * solved on Chebyshev nodes, the price the European one plus the early-exercise premium integral.
 * A call is the put with spot and strike, rate and dividend yield exchanged (McDonald–Schroder
 * symmetry: C(S, K, r, q) = P(K, S, q, r)).
 *
 * Early exercise is worth something to a put only when r > 0 and to a call only when q > 0
 * (otherwise the price is the European one, exactly); where the premium is provably under 1e-15 of
 * the strike (the boundary never rises above X = K·min(1, r/q)), the European price is returned
 * without solving the boundary.
 *
 * Accuracy (tests/unit/pricing/american-reference.test.ts, against a Crank–Nicolson reference over
 * S/K 0.5–1.5, 1 day–2 years, σ 5–150%, r 0–8%, q 0–6%): see docs/features/scanner.md.
 *
 * Greeks: delta and gamma in closed form (the boundary does not depend on the spot), vega by a
 * central difference of the price in σ (the boundary moves with σ). Theta is the value lost over
 * the next calendar day, V(T) - V(T - 1 day) with V at or past expiry the intrinsic value: it is
 * never more than the time value left, and for an American option never positive.
 */
import { bsmPrice, DAYS_PER_YEAR } from './bsm';
import { normCdf, normPdf } from './normal';
import {
  boundaryAtPriceNodes,
  boundaryAtShorterNodes,
  boundaryLimitLog,
  boundaryLogAt,
  createScheme,
  PREMIUM,
  PREMIUM_DELTA,
  PREMIUM_GAMMA,
  premiumNegligible,
  putPremium,
  solvePutBoundary,
} from './american-boundary';
import {
  IV_ABOVE_UPPER_BOUND,
  IV_BELOW_INTRINSIC,
  IV_NO_TIME_VALUE,
  impliedVolatilityKernel,
} from './implied-volatility';

export type ExerciseStyle = 'american' | 'european';

const ONE_DAY = 1 / DAYS_PER_YEAR;
/** Below this fraction of the strike the premium is beneath double precision of a price. */
export const NEGLIGIBLE_PREMIUM = 1e-15;
const MAX_IV_ITERATIONS = 60;
const VEGA_STEP = 1e-4;

/**
 * The resolution used everywhere: 8 Chebyshev intervals, 8 nodes per boundary integral, 16 for
 * the price, 10 fixed-point steps from B = X (4 from a neighbouring volatility's boundary). On the
 * Crank–Nicolson fixture: price error p99 9.0e-7 of the strike, IV p99 1.9e-4 vol points; 16 and
 * 24 nodes changed the price error by under 1e-7 of the strike (the fixed-point steps dominate it:
 * 8 steps instead of 10 make it 1.2e-5).
 */
export const AMERICAN_SCHEME = createScheme({
  chebyshev: 8,
  boundaryNodes: 8,
  priceNodes: 16,
  iterations: 10,
});
export const SEEDED_ITERATIONS = 4;

/** Early exercise can be worth something: a call when the dividend yield is positive, a put when the rate is. */
export function earlyExerciseCanPay(isCall: boolean, rate: number, dividendYield: number): boolean {
  return isCall ? dividendYield > 0 : rate > 0;
}

const intrinsicOf = (spot: number, strike: number, isCall: boolean) =>
  Math.max(isCall ? spot - strike : strike - spot, 0);

/** The put (strike 1) an option is priced as: its spot ratio, rate, dividend yield and the strike to scale by. */
interface PutView {
  ratio: number;
  scale: number;
  rate: number;
  dividendYield: number;
}
function putView(
  spot: number,
  strike: number,
  rate: number,
  dividendYield: number,
  isCall: boolean,
): PutView {
  return isCall
    ? { ratio: strike / spot, scale: spot, rate: dividendYield, dividendYield: rate }
    : { ratio: spot / strike, scale: strike, rate, dividendYield };
}

/** A solved boundary: H at the Chebyshev nodes and ln X. */
interface Solved {
  h: Float64Array;
  lnX: number;
}

function solve(view: PutView, years: number, volatility: number, start?: Solved): Solved {
  const h = new Float64Array(AMERICAN_SCHEME.chebyshev + 1);
  if (start) h.set(start.h);
  solvePutBoundary(
    AMERICAN_SCHEME,
    years,
    view.rate,
    view.dividendYield,
    volatility,
    h,
    start !== undefined,
    AMERICAN_SCHEME.iterations,
  );
  return { h, lnX: boundaryLimitLog(view.rate, view.dividendYield) };
}

const premiumOut = new Float64Array(4);
const nodeLogs = new Float64Array(AMERICAN_SCHEME.priceNodes);

/**
 * The normalised premium (per unit of `view.scale`) with the boundary `solved` for expiry `solvedYears`,
 * at `years` ≤ it, into premiumOut; NaN in the exercise region.
 */
function premiumWith(
  view: PutView,
  solved: Solved,
  solvedYears: number,
  years: number,
  volatility: number,
  greeks: boolean,
): void {
  const fraction = Math.sqrt(years / solvedYears);
  if (Math.log(view.ratio) <= boundaryLogAt(AMERICAN_SCHEME, solved.lnX, solved.h, fraction)) {
    premiumOut[PREMIUM] = Number.NaN;
    return;
  }
  if (fraction === 1) boundaryAtPriceNodes(AMERICAN_SCHEME, solved.lnX, solved.h, nodeLogs);
  else boundaryAtShorterNodes(AMERICAN_SCHEME, solved.lnX, solved.h, fraction, nodeLogs);
  putPremium(
    AMERICAN_SCHEME,
    view.ratio,
    years,
    view.rate,
    view.dividendYield,
    volatility,
    nodeLogs,
    null,
    greeks,
    premiumOut,
  );
}

/** Whether the American price is the European one at σ (no boundary needed to tell). */
function europeanAt(
  spot: number,
  strike: number,
  years: number,
  rate: number,
  dividendYield: number,
  volatility: number,
  isCall: boolean,
): boolean {
  if (!earlyExerciseCanPay(isCall, rate, dividendYield)) return true;
  const view = putView(spot, strike, rate, dividendYield, isCall);
  return premiumNegligible(view.ratio, years, view.rate, view.dividendYield, volatility, NEGLIGIBLE_PREMIUM);
}

/** The price with a solved boundary (intrinsic in the exercise region). */
function priceWith(
  view: PutView,
  solved: Solved,
  solvedYears: number,
  spot: number,
  strike: number,
  years: number,
  rate: number,
  dividendYield: number,
  volatility: number,
  isCall: boolean,
): number {
  if (!(years > 0)) return intrinsicOf(spot, strike, isCall);
  premiumWith(view, solved, solvedYears, years, volatility, false);
  const premium = premiumOut[PREMIUM]!;
  if (premium !== premium) return intrinsicOf(spot, strike, isCall);
  return bsmPrice(spot, strike, years, rate, dividendYield, volatility, isCall) + view.scale * premium;
}

/**
 * The American price. European when early exercise cannot pay; the intrinsic value at or past
 * expiry and at zero volatility (where it is at least the discounted forward intrinsic).
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
  if (europeanAt(spot, strike, years, rate, dividendYield, volatility, isCall)) {
    return bsmPrice(spot, strike, years, rate, dividendYield, volatility, isCall);
  }
  const view = putView(spot, strike, rate, dividendYield, isCall);
  const solved = solve(view, years, volatility);
  return priceWith(view, solved, years, spot, strike, years, rate, dividendYield, volatility, isCall);
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

/** European price, delta, gamma and vega (per vol point). */
function europeanGreeks(
  spot: number,
  strike: number,
  years: number,
  rate: number,
  dividendYield: number,
  volatility: number,
  isCall: boolean,
): OptionGreeks {
  const sqrtYears = Math.sqrt(years);
  const s = volatility * sqrtYears;
  const carry = Math.exp(-dividendYield * years);
  const d1 = (Math.log(spot / strike) + (rate - dividendYield) * years) / s + 0.5 * s;
  const pdf = normPdf(d1);
  const price = bsmPrice(spot, strike, years, rate, dividendYield, volatility, isCall);
  const tomorrow = years - ONE_DAY;
  const next =
    tomorrow > 0
      ? bsmPrice(spot, strike, tomorrow, rate, dividendYield, volatility, isCall)
      : intrinsicOf(spot, strike, isCall);
  return {
    price,
    delta: isCall ? carry * normCdf(d1) : -carry * normCdf(-d1),
    gamma: (carry * pdf) / (spot * s),
    vega: (spot * carry * pdf * sqrtYears) / 100,
    theta: next - price,
  };
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
  const european = europeanGreeks(spot, strike, years, rate, dividendYield, volatility, isCall);
  if (style === 'european' || !earlyExerciseCanPay(isCall, rate, dividendYield)) return european;
  const view = putView(spot, strike, rate, dividendYield, isCall);
  const solved = solve(view, years, volatility);
  premiumWith(view, solved, years, years, volatility, true);
  const premium = premiumOut[PREMIUM]!;
  if (premium !== premium) return { price: intrinsic, delta: isCall ? 1 : -1, gamma: 0, theta: 0, vega: 0 };
  const slope = premiumOut[PREMIUM_DELTA]!;
  const curvature = premiumOut[PREMIUM_GAMMA]!;
  // Put: premium K·π(S/K). Call: S·π(K/S), so d/dS = π - yπ' and d²/dS² = y²π''/S with y = K/S.
  const y = view.ratio;
  const delta = isCall ? premium - y * slope : slope;
  const gamma = isCall ? (y * y * curvature) / spot : curvature / strike;
  const price = european.price + view.scale * premium;
  const at = (sigma: number) =>
    priceWith(
      view,
      solve(view, years, sigma, solved),
      years,
      spot,
      strike,
      years,
      rate,
      dividendYield,
      sigma,
      isCall,
    );
  const vega = (at(volatility + VEGA_STEP) - at(volatility - VEGA_STEP)) / (2 * VEGA_STEP);
  const tomorrow = years - ONE_DAY;
  const next =
    tomorrow > 0
      ? priceWith(view, solved, years, spot, strike, tomorrow, rate, dividendYield, volatility, isCall)
      : intrinsic;
  return {
    price,
    delta: european.delta + delta,
    gamma: european.gamma + gamma,
    vega: vega / 100,
    theta: Math.min(next - price, 0),
  };
}

/**
 * The volatility at which the American price equals `price`, or a negative IV_* code
 * (./implied-volatility): no time value (at or below what the option is worth at zero volatility),
 * below intrinsic, or at or above the upper bound (the spot for a call, the strike for a put).
 * The American IV is at most the European IV of the same price; from there, a bracketed secant
 * (Illinois) on the American price, each step's boundary started from the previous one's.
 * `guessVol` is accepted for the European solver's warm start.
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
  const europeanVol = impliedVolatilityKernel(
    price,
    spot,
    strike,
    years,
    rate,
    dividendYield,
    isCall,
    guessVol,
  );
  if (europeanVol > 0 && europeanAt(spot, strike, years, rate, dividendYield, europeanVol, isCall))
    return europeanVol;
  const view = putView(spot, strike, rate, dividendYield, isCall);
  let solved: Solved | undefined;
  const excess = (sigma: number) => {
    solved = solve(view, years, sigma, solved);
    return priceWith(view, solved, years, spot, strike, years, rate, dividendYield, sigma, isCall) - price;
  };
  // Bracket [lo, hi] with f(lo) < 0 < f(hi): the European IV is an upper end when there is one.
  let hi = europeanVol > 0 ? europeanVol : 1;
  let fHi = excess(hi);
  while (fHi < 0 && hi < 100) {
    hi *= 2;
    fHi = excess(hi);
  }
  if (fHi === 0) return hi;
  if (fHi < 0) return IV_ABOVE_UPPER_BOUND;
  const vega = europeanGreeks(spot, strike, years, rate, dividendYield, hi, isCall).vega * 100;
  let lo = Math.max(hi - fHi / vega, 0.5 * hi);
  let fLo = excess(lo);
  while (fLo > 0 && lo > 1e-4) {
    hi = lo;
    fHi = fLo;
    lo *= 0.5;
    fLo = excess(lo);
  }
  if (fLo > 0) return IV_NO_TIME_VALUE;
  let side = 0;
  for (let i = 0; i < MAX_IV_ITERATIONS; i += 1) {
    const next = (lo * fHi - hi * fLo) / (fHi - fLo);
    const f = excess(next);
    if (f === 0 || hi - lo <= 1e-12 * hi) return next;
    if (f > 0) {
      hi = next;
      fHi = f;
      if (side === 1) fLo *= 0.5;
      side = 1;
    } else {
      lo = next;
      fLo = f;
      if (side === -1) fHi *= 0.5;
      side = -1;
    }
    if (Math.abs(f) <= 1e-13 * price) return next;
  }
  return 0.5 * (lo + hi);
}
