/**
 * The fast path for quotes: implied volatilities and greeks of a chain's contracts under their
 * exercise style (American for stocks and ETFs, European for cash-settled indices), from and into
 * typed arrays.
 *
 * American prices are those of ./american (Barone-Adesi & Whaley). The early-exercise boundary
 * S* / K depends only on (T, r, q, σ, type), so it is tabulated once per expiry, dividend yield
 * and type on a grid of σ (nodes 10% apart, computed on demand by Newton's method from the
 * neighbouring node) and read by cubic interpolation in ln σ. The amplitude is recomputed from the
 * interpolated boundary in its value-matching form, so an interpolation error ε in the boundary
 * moves the price by O(ε²): prices agree with the exact formula to about 1e-10 relative
 * (tests/unit/pricing/american.test.ts). Tables are shared by every chain priced with the same
 * cache (a universe snapshot shares one across its symbols and expirations).
 *
 * Which contracts get an implied volatility: those whose bid is above the option's value at zero
 * volatility (the market pays for time value). A contract with no bid, or bid at or below that
 * value (deep in the money near expiry, far out of the money), has a mid that is tick rounding,
 * not a volatility: it is left without IV or greeks (NaN) and counted as unpriced, not failed.
 *
 * Per contract, American: Newton's method on the price from a warm start (the neighbouring
 * strikes' volatilities extrapolated along the smile), the vega in closed form (the envelope
 * theorem of ./american), kept inside a bracket. Where early exercise is worth less than 1e-15
 * of the strike (most calls, short-dated puts out of the money) the European solver answers, its
 * result exact to rounding. Greeks: delta, gamma, vega in closed form; theta the value lost over
 * the next calendar day (./american).
 */
import { bsmPrice, DAYS_PER_YEAR } from './bsm';
import {
  bawExponent,
  bawExponentSlope,
  earlyExerciseCanPay,
  exerciseBoundary,
  type ExerciseStyle,
} from './american';
import { impliedVolatilityKernel } from './implied-volatility';
import { normCdf, normPdf } from './normal';

const SIGMA_BASE = 0.004;
const LN_SIGMA_BASE = Math.log(SIGMA_BASE);
const STEP = Math.log(1.1);
const NODES = 110; // σ from 0.4% to about 14,000%
const ONE_DAY = 1 / DAYS_PER_YEAR;
/** Early exercise below e^-36 ≈ 2e-16 of the strike is beneath double precision. */
const NEGLIGIBLE_LOG_POWER = -36;
const MAX_ITERATIONS = 60;

/** ln(S* / K) on a grid of ln σ for one (T, r, q, type), filled on demand. */
export class BoundaryTable {
  private readonly lnRatio = new Float64Array(NODES).fill(Number.NaN);
  constructor(
    readonly years: number,
    readonly rate: number,
    readonly dividendYield: number,
    readonly isCall: boolean,
  ) {}

  private node(k: number): number {
    const cached = this.lnRatio[k]!;
    if (cached === cached) return cached;
    const left = k > 0 ? this.lnRatio[k - 1]! : Number.NaN;
    const right = k + 1 < NODES ? this.lnRatio[k + 1]! : Number.NaN;
    const start = left === left ? Math.exp(left) : right === right ? Math.exp(right) : 0;
    const sigma = Math.exp(LN_SIGMA_BASE + k * STEP);
    const { ratio } = exerciseBoundary(this.years, this.rate, this.dividendYield, sigma, this.isCall, start);
    const value = Math.log(ratio);
    this.lnRatio[k] = value;
    return value;
  }

  /** ln(S* / K) at σ (cubic Lagrange through the four nearest nodes in ln σ). */
  lnRatioAt(sigma: number): number {
    let position = (Math.log(sigma) - LN_SIGMA_BASE) / STEP;
    if (position < 1) position = 1;
    if (position > NODES - 3) position = NODES - 3;
    const k = Math.floor(position);
    const t = position - k;
    const a = this.node(k - 1);
    const b = this.node(k);
    const c = this.node(k + 1);
    const d = this.node(k + 2);
    const tm1 = t - 1;
    const tm2 = t - 2;
    const tp1 = t + 1;
    return (
      (-t * tm1 * tm2 * a) / 6 + (tp1 * tm1 * tm2 * b) / 2 - (tp1 * t * tm2 * c) / 2 + (tp1 * t * tm1 * d) / 6
    );
  }
}

/** Boundary tables by (T, r, q, type); keep one per universe snapshot (T moves with the clock). */
export class BoundaryCache {
  private readonly tables = new Map<string, BoundaryTable>();
  table(years: number, rate: number, dividendYield: number, isCall: boolean): BoundaryTable {
    const key = `${years}|${rate}|${dividendYield}|${isCall ? 1 : 0}`;
    let table = this.tables.get(key);
    if (!table) {
      table = new BoundaryTable(years, rate, dividendYield, isCall);
      this.tables.set(key, table);
    }
    return table;
  }
  get size(): number {
    return this.tables.size;
  }
}

/** Scratch output of {@link evaluate}. */
const E_PRICE = 0;
const E_VEGA = 1; // per 1.00 of σ
const E_PREMIUM = 2; // the early-exercise premium (0 when negligible, NaN in the exercise region)
const E_EXPONENT = 3;
const E_LOG_POWER = 4; // q·ln(S / S*)
const E_EUROPEAN = 5;
const ev = new Float64Array(6);

/**
 * The price (BAW with the tabulated boundary, or European when `table` is null) and its vega at
 * σ, into `ev`. In the exercise region: the intrinsic value, vega 0, E_PREMIUM NaN.
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
): void {
  const sqrtYears = Math.sqrt(years);
  const s = sigma * sqrtYears;
  const carry = Math.exp(-dividendYield * years);
  const lnMoneyness = Math.log(spot / strike);
  const drift = (rate - dividendYield) * years;
  const d1 = (lnMoneyness + drift) / s + 0.5 * s;
  const european = bsmPrice(spot, strike, years, rate, dividendYield, sigma, isCall);
  const vegaEuropean = spot * carry * normPdf(d1) * sqrtYears;
  ev[E_EUROPEAN] = european;
  if (table === null) {
    ev[E_PRICE] = european;
    ev[E_VEGA] = vegaEuropean;
    ev[E_PREMIUM] = 0;
    ev[E_LOG_POWER] = -Infinity;
    return;
  }
  const lnRatio = table.lnRatioAt(sigma);
  const lnY = lnMoneyness - lnRatio; // ln(S / S*)
  if (isCall ? lnY >= 0 : lnY <= 0) {
    ev[E_PRICE] = Math.max(isCall ? spot - strike : strike - spot, 0);
    ev[E_VEGA] = 0;
    ev[E_PREMIUM] = Number.NaN;
    ev[E_LOG_POWER] = 0;
    return;
  }
  const q = bawExponent(years, rate, dividendYield, sigma, isCall);
  const logPower = q * lnY;
  ev[E_EXPONENT] = q;
  ev[E_LOG_POWER] = logPower;
  if (logPower < NEGLIGIBLE_LOG_POWER) {
    ev[E_PRICE] = european;
    ev[E_VEGA] = vegaEuropean;
    ev[E_PREMIUM] = 0;
    return;
  }
  const ratio = Math.exp(lnRatio);
  const atBoundary = bsmPrice(ratio, 1, years, rate, dividendYield, sigma, isCall);
  const amplitude = isCall ? ratio - 1 - atBoundary : 1 - ratio - atBoundary;
  const power = Math.exp(logPower);
  const premium = strike * amplitude * power;
  const d1Boundary = (lnRatio + drift) / s + 0.5 * s;
  const vegaBoundary = ratio * carry * normPdf(d1Boundary) * sqrtYears;
  ev[E_PRICE] = european + premium;
  ev[E_PREMIUM] = premium;
  ev[E_VEGA] =
    vegaEuropean -
    strike * vegaBoundary * power +
    premium * lnY * bawExponentSlope(years, rate, dividendYield, sigma, isCall);
}

/** Whether early exercise is worth under e^-34 of the strike at σ (no price needed to tell). */
function negligibleAt(
  spot: number,
  strike: number,
  years: number,
  rate: number,
  dividendYield: number,
  sigma: number,
  isCall: boolean,
  table: BoundaryTable,
): boolean {
  const lnY = Math.log(spot / strike) - table.lnRatioAt(sigma);
  if (isCall ? lnY >= 0 : lnY <= 0) return false;
  return bawExponent(years, rate, dividendYield, sigma, isCall) * lnY < NEGLIGIBLE_LOG_POWER + 2;
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
  if (negligibleAt(spot, strike, years, rate, dividendYield, vol, isCall, table)) {
    // Early exercise is worth nothing near here: the European solver is exact (and quicker).
    const european = impliedVolatilityKernel(price, spot, strike, years, rate, dividendYield, isCall, vol);
    if (european > 0 && negligibleAt(spot, strike, years, rate, dividendYield, european, isCall, table)) {
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
    // Newton's method converges quadratically: after a step under 1e-9 the error is at rounding level.
    if (f === 0) return vol;
    if (Math.abs(next - vol) <= 1e-9 * vol) return next;
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
  let callTomorrow: BoundaryTable | null = null;
  let putTomorrow: BoundaryTable | null = null;
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
      const tomorrow = t - ONE_DAY;
      callTomorrow = tomorrow > 0 ? tableFor(cache, style, tomorrow, rate, dividendYield, true) : null;
      putTomorrow = tomorrow > 0 ? tableFor(cache, style, tomorrow, rate, dividendYield, false) : null;
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
    greeksAt(spot, k, t, rate, dividendYield, vol, call, table, call ? callTomorrow : putTomorrow, out, i);
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
  tomorrowTable: BoundaryTable | null,
  out: QuoteGreeks,
  i: number,
): void {
  evaluate(spot, strike, years, rate, dividendYield, sigma, isCall, table);
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
  const vega = ev[E_VEGA]!;
  const q = ev[E_EXPONENT]!;
  const sqrtYears = Math.sqrt(years);
  const s = sigma * sqrtYears;
  const carry = Math.exp(-dividendYield * years);
  const d1 = (Math.log(spot / strike) + (rate - dividendYield) * years) / s + 0.5 * s;
  let delta = isCall ? carry * normCdf(d1) : -carry * normCdf(-d1);
  let gamma = (carry * normPdf(d1)) / (spot * s);
  if (premium !== 0) {
    delta += (q * premium) / spot;
    gamma += (q * (q - 1) * premium) / (spot * spot);
  }
  let next = intrinsic;
  if (tomorrow > 0) {
    const useTable = table === null ? null : tomorrowTable;
    evaluate(spot, strike, tomorrow, rate, dividendYield, sigma, isCall, useTable);
    next = ev[E_PRICE]!;
  }
  out.delta[i] = delta;
  out.gamma[i] = gamma;
  out.vega[i] = vega / 100;
  out.theta[i] = next - price;
}
