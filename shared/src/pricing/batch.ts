/**
 * The fast path: implied volatilities and greeks of many contracts of one underlying, from and
 * into typed arrays, with no allocation in the loop. Contracts of one type and expiry are
 * warm-started from the previous strikes' solutions (linear extrapolation along the smile), which
 * brings the solver to about two Halley steps per contract.
 */
import { impliedVolatilityKernel } from './implied-volatility';
import { normCdf, normPdf } from './normal';
import { DAYS_PER_YEAR } from './bsm';

export interface OptionBatch {
  /** Contracts in [start, end) are read and written. */
  start: number;
  end: number;
  spot: number;
  rate: number;
  dividendYield: number;
  strike: Float64Array;
  years: Float64Array;
  /** 1 for a call, 0 for a put. */
  isCall: Uint8Array;
  /** The price to solve from (the mid, for a chain). */
  price: Float64Array;
}

export interface GreeksBatchOutput {
  delta: Float64Array;
  gamma: Float64Array;
  theta: Float64Array;
  vega: Float64Array;
}

/**
 * Writes each contract's implied volatility into `out` (NaN where indeterminate) and returns how
 * many were indeterminate.
 */
export function impliedVolatilityBatch(batch: OptionBatch, out: Float64Array): number {
  const { start, end, spot, rate, dividendYield, strike, years, isCall, price } = batch;
  let failures = 0;
  // Per type (0 put, 1 call): the expiry and the last two solved (strike, vol) pairs.
  let putYears = -1;
  let putK1 = 0;
  let putV1 = 0;
  let putK2 = 0;
  let putV2 = 0;
  let callYears = -1;
  let callK1 = 0;
  let callV1 = 0;
  let callK2 = 0;
  let callV2 = 0;
  for (let i = start; i < end; i += 1) {
    const call = isCall[i] === 1;
    const k = strike[i]!;
    const t = years[i]!;
    let guess = 0;
    if (call ? t === callYears : t === putYears) {
      const k1 = call ? callK1 : putK1;
      const v1 = call ? callV1 : putV1;
      const k2 = call ? callK2 : putK2;
      const v2 = call ? callV2 : putV2;
      guess = v1;
      if (v2 > 0 && k1 !== k2) {
        const extrapolated = v1 + ((v1 - v2) * (k - k1)) / (k1 - k2);
        if (extrapolated > 0.5 * v1 && extrapolated < 2 * v1) guess = extrapolated;
      }
    }
    const vol = impliedVolatilityKernel(price[i]!, spot, k, t, rate, dividendYield, call, guess);
    if (vol > 0) {
      out[i] = vol;
      if (call) {
        if (t !== callYears) callV1 = 0;
        callYears = t;
        callK2 = callK1;
        callV2 = callV1;
        callK1 = k;
        callV1 = vol;
      } else {
        if (t !== putYears) putV1 = 0;
        putYears = t;
        putK2 = putK1;
        putV2 = putV1;
        putK1 = k;
        putV1 = vol;
      }
    } else {
      out[i] = NaN;
      failures += 1;
    }
  }
  return failures;
}

/**
 * Greeks for contracts [start, end) at the volatilities in `vol` (units as ./bsm: theta per
 * calendar day, vega per vol point). A NaN volatility gives NaN greeks.
 */
export function greeksBatch(
  batch: Omit<OptionBatch, 'price'>,
  vol: Float64Array,
  out: GreeksBatchOutput,
): void {
  const { start, end, spot, rate, dividendYield, strike, years, isCall } = batch;
  const { delta, gamma, theta, vega } = out;
  let lastYears = -1;
  let carry = 1;
  let discount = 1;
  let sqrtYears = 1;
  for (let i = start; i < end; i += 1) {
    const t = years[i]!;
    if (t !== lastYears) {
      lastYears = t;
      carry = Math.exp(-dividendYield * t);
      discount = Math.exp(-rate * t);
      sqrtYears = Math.sqrt(t);
    }
    const sigma = vol[i]!;
    const k = strike[i]!;
    const s = sigma * sqrtYears;
    const d1 = (Math.log(spot / k) + (rate - dividendYield) * t) / s + 0.5 * s;
    const d2 = d1 - s;
    const pdf = normPdf(d1);
    const sign = isCall[i] === 1 ? 1 : -1;
    const nd1 = normCdf(sign * d1);
    const nd2 = normCdf(sign * d2);
    const spotCarry = spot * carry;
    delta[i] = sign * carry * nd1;
    gamma[i] = (carry * pdf) / (spot * s);
    vega[i] = (spotCarry * pdf * sqrtYears) / 100;
    theta[i] =
      ((-spotCarry * pdf * sigma) / (2 * sqrtYears) -
        sign * rate * k * discount * nd2 +
        sign * dividendYield * spotCarry * nd1) /
      DAYS_PER_YEAR;
  }
}
