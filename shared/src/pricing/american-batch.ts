// size: the batch's solver, its tabulated pricing and greeks share the scratch arrays
/**
 * The fast path for quotes: implied volatilities and greeks of a chain's contracts under their
 * exercise style (American for stocks and ETFs, European for cash-settled indices), from and into
 * typed arrays.
 *
 * American prices are those of ./american (Andersen–Lake–Offengelder). The early-exercise boundary
 * depends only on (T, r, q, σ, type), so it is tabulated once per expiry, dividend yield and type
 * on a grid of σ (./american-table: nodes 10% apart, each solved on demand from its neighbour's
 * boundary) and read by cubic interpolation in ln σ: ln B at the price integral's nodes, with its slope in σ for the
 * vega. Prices agree with ./american to about 1e-8 of the strike (tests/unit/pricing/american.test.ts).
 * Tables are shared by every chain priced with the same cache (a universe snapshot shares one
 * across its symbols and expirations).
 *
 * Which contracts get an implied volatility: those whose bid is above the option's value at zero
 * volatility (the market pays for time value). A contract with no bid, or bid at or below that
 * value (deep in the money near expiry, far out of the money), has a mid that is tick rounding,
 * not a volatility: it is left without IV or greeks (NaN) and counted as unpriced, not failed.
 *
 * Per contract, American: Newton's method on the price from a warm start (the neighbouring
 * strikes' volatilities extrapolated along the smile), the vega exact for the tabulated boundary,
 * kept inside a bracket. Where early exercise is provably worth less than 1e-15 of the strike
 * (most calls, puts far out of the money) the European solver answers, its result exact to
 * rounding. Greeks: delta and gamma in closed form, vega as above; theta the value lost over the
 * next calendar day (./american), with the same boundary (B does not depend on the expiry).
 */
import { bsmPrice, DAYS_PER_YEAR } from './bsm';
import { earlyExerciseCanPay, NEGLIGIBLE_PREMIUM, type ExerciseStyle } from './american';
import { PREMIUM, PREMIUM_DELTA, PREMIUM_GAMMA, PREMIUM_VEGA, premiumNegligible } from './american-boundary';
import { impliedVolatilityKernel } from './implied-volatility';
import { normCdf, normPdf } from './normal';
import type { BoundaryCache, BoundaryTable } from './american-table';

export { BoundaryCache, BoundaryTable } from './american-table';

const ONE_DAY = 1 / DAYS_PER_YEAR;
const MAX_ITERATIONS = 60;

/** Scratch output of {@link evaluate}. */
const E_PRICE = 0;
const E_VEGA = 1; // per 1.00 of σ
const E_PREMIUM = 2; // the early-exercise premium (0 when negligible, NaN in the exercise region)
const E_DELTA = 3; // of the premium
const E_GAMMA = 4;
const ev = new Float64Array(5);
const premiumOut = new Float64Array(4);

/** The put's spot ratio for an option: S/K for a put, K/S for a call (put–call symmetry). */
const ratioOf = (spot: number, strike: number, isCall: boolean) => (isCall ? strike / spot : spot / strike);

/**
 * The price (ALO with the tabulated boundary, or European when `table` is null) and its vega at
 * σ, into `ev`; with `greeks`, the premium's delta and gamma too. In the exercise region: the
 * intrinsic value, vega 0, E_PREMIUM NaN.
 */
function evaluate(
  spot: number,
  strike: number,
  years: number,
  rate: number,
  dividendYield: number,
  sigma: number,
  isCall: boolean,
  table: BoundaryTable | null,
  greeks = false,
): void {
  const sqrtYears = Math.sqrt(years);
  const s = sigma * sqrtYears;
  const carry = Math.exp(-dividendYield * years);
  const d1 = (Math.log(spot / strike) + (rate - dividendYield) * years) / s + 0.5 * s;
  const european = bsmPrice(spot, strike, years, rate, dividendYield, sigma, isCall);
  const vegaEuropean = spot * carry * normPdf(d1) * sqrtYears;
  ev[E_PRICE] = european;
  ev[E_VEGA] = vegaEuropean;
  ev[E_PREMIUM] = 0;
  ev[E_DELTA] = 0;
  ev[E_GAMMA] = 0;
  if (table === null) return;
  const ratio = ratioOf(spot, strike, isCall);
  if (premiumNegligible(ratio, years, table.putRate, table.putDividendYield, sigma, NEGLIGIBLE_PREMIUM))
    return;
  if (Math.log(ratio) <= table.at(sigma)) {
    ev[E_PRICE] = Math.max(isCall ? spot - strike : strike - spot, 0);
    ev[E_VEGA] = 0;
    ev[E_PREMIUM] = Number.NaN;
    return;
  }
  table.grid.premium(ratio, sigma, table.lnBAt, table.slopeAt, greeks, premiumOut);
  const scale = isCall ? spot : strike;
  const premium = scale * premiumOut[PREMIUM]!;
  ev[E_PRICE] = european + premium;
  ev[E_VEGA] = vegaEuropean + scale * premiumOut[PREMIUM_VEGA]!;
  ev[E_PREMIUM] = premium;
  if (greeks) {
    // Put: K·π(S/K). Call: S·π(y), y = K/S: d/dS = π - yπ', d²/dS² = y²π''/S.
    const slope = premiumOut[PREMIUM_DELTA]!;
    const curvature = premiumOut[PREMIUM_GAMMA]!;
    ev[E_DELTA] = isCall ? premiumOut[PREMIUM]! - ratio * slope : slope;
    ev[E_GAMMA] = isCall ? (ratio * ratio * curvature) / spot : curvature / strike;
  }
}

/** The price at T - 1 day with the table's boundary at σ (call {@link evaluate} at σ first). */
function priceTomorrow(
  spot: number,
  strike: number,
  tomorrow: number,
  rate: number,
  dividendYield: number,
  sigma: number,
  isCall: boolean,
  table: BoundaryTable,
): number {
  const ratio = ratioOf(spot, strike, isCall);
  const grid = table.tomorrow();
  const intrinsic = Math.max(isCall ? spot - strike : strike - spot, 0);
  if (grid === null || Math.log(ratio) <= table.lnBoundaryTomorrow) return intrinsic;
  const european = bsmPrice(spot, strike, tomorrow, rate, dividendYield, sigma, isCall);
  grid.premium(ratio, sigma, table.lnBTomorrow, null, false, premiumOut);
  return Math.max(european + (isCall ? spot : strike) * premiumOut[PREMIUM]!, intrinsic);
}

/** The American (or European) price alone with tabulated boundaries, e.g. to quote a chain. */
export function tabulatedPrice(
  spot: number,
  strike: number,
  years: number,
  rate: number,
  dividendYield: number,
  sigma: number,
  isCall: boolean,
  table: BoundaryTable | null,
): number {
  if (!(years > 0)) return Math.max(isCall ? spot - strike : strike - spot, 0);
  evaluate(spot, strike, years, rate, dividendYield, sigma, isCall, table);
  return ev[E_PRICE]!;
}

/** The boundary table an option of this style needs, or null when early exercise cannot pay. */
export function tableFor(
  cache: BoundaryCache,
  style: ExerciseStyle,
  years: number,
  rate: number,
  dividendYield: number,
  isCall: boolean,
): BoundaryTable | null {
  if (style !== 'american' || !(years > 0) || !earlyExerciseCanPay(isCall, rate, dividendYield)) return null;
  return cache.table(years, rate, dividendYield, isCall);
}

/**
 * Solves price = V(σ) under `table` (null: European). Returns σ, or a negative code: -2 (no time
 * value: at or below the zero-volatility value), -1 (below intrinsic), -3 (at or above the upper
 * bound). `guess` warm-starts it (0 for none).
 */
export function solveVolatility(
  price: number,
  spot: number,
  strike: number,
  years: number,
  rate: number,
  dividendYield: number,
  isCall: boolean,
  table: BoundaryTable | null,
  guess: number,
): number {
  if (table === null) {
    return impliedVolatilityKernel(price, spot, strike, years, rate, dividendYield, isCall, guess);
  }
  if (price >= (isCall ? spot : strike)) return -3;
  const intrinsic = Math.max(isCall ? spot - strike : strike - spot, 0);
  if (price < intrinsic) return -1;
  const floor = Math.max(intrinsic, bsmPrice(spot, strike, years, rate, dividendYield, 0, isCall));
  if (price <= floor) return -2;
  let vol = guess;
  if (!(vol > 0)) {
    const european = impliedVolatilityKernel(price, spot, strike, years, rate, dividendYield, isCall, 0);
    vol = european > 0 ? european : 0.5;
  }
  const ratio = ratioOf(spot, strike, isCall);
  if (premiumNegligible(ratio, years, table.putRate, table.putDividendYield, vol, NEGLIGIBLE_PREMIUM)) {
    // Early exercise is worth nothing near here: the European solver is exact (and quicker).
    const european = impliedVolatilityKernel(price, spot, strike, years, rate, dividendYield, isCall, vol);
    if (
      european > 0 &&
      premiumNegligible(ratio, years, table.putRate, table.putDividendYield, european, NEGLIGIBLE_PREMIUM)
    ) {
      return european;
    }
  }
  let lo = 0;
  let hi = Infinity;
  for (let i = 0; i < MAX_ITERATIONS; i += 1) {
    evaluate(spot, strike, years, rate, dividendYield, vol, isCall, table);
    const f = ev[E_PRICE]! - price;
    if (f > 0) hi = vol;
    else lo = vol;
    const vega = ev[E_VEGA]!;
    let next = vega > 0 ? vol - f / vega : Number.NaN;
    if (!(next > lo && next < hi)) next = hi === Infinity ? 2 * vol : 0.5 * (lo + hi);
    // Newton's method converges quadratically (the vega is exact for the tabulated boundary): after
    // a step under 1e-6 of σ the next one would be about (1e-6)²·σ times σ·V''/V', far below 1e-8·σ.
    if (f === 0) return vol;
    if (Math.abs(next - vol) <= 1e-6 * vol) return next;
    if (next < 1e-8) return -2;
    vol = next;
  }
  return vol;
}

export interface QuoteBatch {
  /** Contracts in [start, end) are read and written. */
  start: number;
  end: number;
  spot: number;
  rate: number;
  dividendYield: number;
  style: ExerciseStyle;
  strike: Float64Array;
  years: Float64Array;
  /** 1 for a call, 0 for a put. */
  isCall: Uint8Array;
  /** The price to solve from (the mid). */
  price: Float64Array;
  bid: Float64Array;
}

export interface QuoteGreeks {
  iv: Float64Array;
  delta: Float64Array;
  gamma: Float64Array;
  /** The value lost over the next calendar day. */
  theta: Float64Array;
  /** Per volatility point. */
  vega: Float64Array;
}

export interface QuoteBatchResult {
  /** Contracts with a time-value bid whose IV could not be solved (0 expected). */
  failures: number;
  /** Contracts without a time-value bid: no IV, no greeks. */
  unpriced: number;
}

function writeNaN(out: QuoteGreeks, i: number): void {
  out.iv[i] = Number.NaN;
  out.delta[i] = Number.NaN;
  out.gamma[i] = Number.NaN;
  out.theta[i] = Number.NaN;
  out.vega[i] = Number.NaN;
}

/**
 * Implied volatility (from the mid) and greeks of contracts [start, end) under the batch's
 * exercise style. Contracts of one type and expiry are warm-started from the previous strikes'
 * solutions, as in ./batch.
 */
export function solveQuotes(batch: QuoteBatch, cache: BoundaryCache, out: QuoteGreeks): QuoteBatchResult {
  const { start, end, spot, rate, dividendYield, style, strike, years, isCall, price, bid } = batch;
  let failures = 0;
  let unpriced = 0;
  let lastYears = -1;
  let carry = 1;
  let discount = 1;
  let callTable: BoundaryTable | null = null;
  let putTable: BoundaryTable | null = null;
  // Per type (0 put, 1 call): the last two solved (strike, vol) pairs of this expiry.
  let putK1 = 0;
  let putV1 = 0;
  let putK2 = 0;
  let putV2 = 0;
  let callK1 = 0;
  let callV1 = 0;
  let callK2 = 0;
  let callV2 = 0;
  for (let i = start; i < end; i += 1) {
    const t = years[i]!;
    if (t !== lastYears) {
      lastYears = t;
      carry = Math.exp(-dividendYield * t);
      discount = Math.exp(-rate * t);
      callTable = tableFor(cache, style, t, rate, dividendYield, true);
      putTable = tableFor(cache, style, t, rate, dividendYield, false);
      putV1 = 0;
      putV2 = 0;
      callV1 = 0;
      callV2 = 0;
    }
    const call = isCall[i] === 1;
    const k = strike[i]!;
    const intrinsic = Math.max(call ? spot - k : k - spot, 0);
    const zeroVol = Math.max(call ? spot * carry - k * discount : k * discount - spot * carry, 0);
    const table = call ? callTable : putTable;
    const floor = table === null ? zeroVol : Math.max(intrinsic, zeroVol);
    if (!(bid[i]! > floor) || !(t > 0)) {
      writeNaN(out, i);
      unpriced += 1;
      continue;
    }
    let guess = call ? callV1 : putV1;
    const k1 = call ? callK1 : putK1;
    const k2 = call ? callK2 : putK2;
    const v2 = call ? callV2 : putV2;
    if (guess > 0 && v2 > 0 && k1 !== k2) {
      const extrapolated = guess + ((guess - v2) * (k - k1)) / (k1 - k2);
      if (extrapolated > 0.5 * guess && extrapolated < 2 * guess) guess = extrapolated;
    }
    const vol = solveVolatility(price[i]!, spot, k, t, rate, dividendYield, call, table, guess);
    if (!(vol > 0)) {
      writeNaN(out, i);
      failures += 1;
      continue;
    }
    if (call) {
      callK2 = callK1;
      callV2 = callV1;
      callK1 = k;
      callV1 = vol;
    } else {
      putK2 = putK1;
      putV2 = putV1;
      putK1 = k;
      putV1 = vol;
    }
    out.iv[i] = vol;
    greeksAt(spot, k, t, rate, dividendYield, vol, call, table, out, i);
  }
  return { failures, unpriced };
}

/** Greeks of one contract at σ into out[i] (theta: V(T - 1 day) - V(T)). */
function greeksAt(
  spot: number,
  strike: number,
  years: number,
  rate: number,
  dividendYield: number,
  sigma: number,
  isCall: boolean,
  table: BoundaryTable | null,
  out: QuoteGreeks,
  i: number,
): void {
  evaluate(spot, strike, years, rate, dividendYield, sigma, isCall, table, true);
  const price = ev[E_PRICE]!;
  const premium = ev[E_PREMIUM]!;
  const tomorrow = years - ONE_DAY;
  const intrinsic = Math.max(isCall ? spot - strike : strike - spot, 0);
  if (premium !== premium) {
    // Exercise region: the option is its intrinsic value and stays so.
    out.delta[i] = isCall ? 1 : -1;
    out.gamma[i] = 0;
    out.vega[i] = 0;
    out.theta[i] = 0;
    return;
  }
  const sqrtYears = Math.sqrt(years);
  const s = sigma * sqrtYears;
  const carry = Math.exp(-dividendYield * years);
  const d1 = (Math.log(spot / strike) + (rate - dividendYield) * years) / s + 0.5 * s;
  out.delta[i] = (isCall ? carry * normCdf(d1) : -carry * normCdf(-d1)) + ev[E_DELTA]!;
  out.gamma[i] = (carry * normPdf(d1)) / (spot * s) + ev[E_GAMMA]!;
  out.vega[i] = ev[E_VEGA]! / 100;
  let next = intrinsic;
  if (tomorrow > 0) {
    next =
      table === null || premium === 0
        ? bsmPrice(spot, strike, tomorrow, rate, dividendYield, sigma, isCall)
        : priceTomorrow(spot, strike, tomorrow, rate, dividendYield, sigma, isCall, table);
  }
  // An American option never gains value as expiry nears.
  out.theta[i] = table === null ? next - price : Math.min(next - price, 0);
}
