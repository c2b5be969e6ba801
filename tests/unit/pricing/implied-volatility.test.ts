import { describe, expect, it } from 'vitest';
import {
  bsm,
  bsmPrice,
  greeksBatch,
  impliedVolatility,
  impliedVolatilityBatch,
  impliedVolatilityWithReason,
} from '@shared/pricing';

const SIGMAS = [0.05, 0.1, 0.2, 0.35, 0.5, 0.8, 1, 1.5, 2];
const YEARS = [1 / 365, 7 / 365, 30 / 365, 0.25, 0.5, 1, 2];
const MONEYNESS = [0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 1, 1.05, 1.1, 1.25, 1.5, 1.75, 2];
const SPOT = 100;
const RATE = 0.0425;
const DIVIDEND = 0.01;

describe('impliedVolatility round trip (σ 0.05-2, T 1 day-2 years, K/S 0.5-2)', () => {
  it('recovers every solvable price, re-pricing to 1e-12 and σ to 1e-12 wherever vega is not negligible', () => {
    let solvable = 0;
    let checkedSigma = 0;
    for (const sigma of SIGMAS) {
      for (const years of YEARS) {
        for (const k of MONEYNESS) {
          for (const type of ['call', 'put'] as const) {
            const strike = SPOT * k;
            const price = bsmPrice(SPOT, strike, years, RATE, DIVIDEND, sigma, type === 'call');
            const input = { price, spot: SPOT, strike, years, rate: RATE, dividendYield: DIVIDEND, type };
            const result = impliedVolatilityWithReason(input);
            const intrinsic = Math.max(
              (type === 'call' ? 1 : -1) *
                (SPOT * Math.exp(-DIVIDEND * years) - strike * Math.exp(-RATE * years)),
              0,
            );
            // Solvable: some time value survives the rounding of the price (and no underflow).
            if (!(price - intrinsic > 0) || price < 1e-300) {
              expect(result.reason).not.toBeNull();
              continue;
            }
            solvable += 1;
            expect(result.reason, `σ=${sigma} T=${years} K/S=${k} ${type}`).toBeNull();
            const repriced = bsmPrice(SPOT, strike, years, RATE, DIVIDEND, result.value, type === 'call');
            const repriceError = Math.abs(repriced - price) / price;
            expect(repriceError).toBeLessThan(1e-10);
            // Vega not negligible: at least 1e-12 of the spot per vol point (a quoted option's tick is
            // far above), and σ well-conditioned: a 1% change of σ moves the price by at least 1e-5
            // of itself (deep in the money the price is all intrinsic and σ is lost in its rounding).
            const { vega } = bsm({
              spot: SPOT,
              strike,
              years,
              rate: RATE,
              dividendYield: DIVIDEND,
              volatility: sigma,
              type,
            });
            if (vega > 1e-12 * SPOT) expect(repriceError).toBeLessThan(1e-12);
            if (vega > 1e-12 * SPOT && (vega * sigma) / price > 1e-5) {
              checkedSigma += 1;
              expect(
                Math.abs(result.value - sigma) / sigma,
                `σ=${sigma} T=${years} K/S=${k} ${type}`,
              ).toBeLessThan(1e-12);
            }
          }
        }
      }
    }
    expect(solvable).toBeGreaterThan(1400);
    expect(checkedSigma).toBeGreaterThan(1000);
  });

  it('is exact on random inputs too (seeded)', () => {
    let seed = 12345;
    const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296;
    for (let n = 0; n < 2000; n += 1) {
      const sigma = 0.05 + 1.95 * random();
      const years = 1 / 365 + 2 * random();
      const strike = SPOT * (0.5 + 1.5 * random());
      const isCall = random() < 0.5;
      const price = bsmPrice(SPOT, strike, years, RATE, DIVIDEND, sigma, isCall);
      const vol = impliedVolatility({
        price,
        spot: SPOT,
        strike,
        years,
        rate: RATE,
        dividendYield: DIVIDEND,
        type: isCall ? 'call' : 'put',
      });
      const vega = bsm({
        spot: SPOT,
        strike,
        years,
        rate: RATE,
        dividendYield: DIVIDEND,
        volatility: sigma,
        type: 'call',
      }).vega;
      if (vega / price > 1e-4) expect(Math.abs(vol - sigma) / sigma).toBeLessThan(1e-12);
    }
  });
});

describe('impliedVolatilityWithReason', () => {
  const input = { spot: 100, strike: 90, years: 0.5, rate: 0.05, dividendYield: 0, type: 'call' as const };
  const intrinsic = 100 - 90 * Math.exp(-0.05 * 0.5);

  it('is NaN with below_intrinsic under the discounted intrinsic value, or for a negative price', () => {
    expect(impliedVolatilityWithReason({ ...input, price: intrinsic - 0.01 })).toEqual({
      value: NaN,
      reason: 'below_intrinsic',
    });
    expect(impliedVolatilityWithReason({ ...input, strike: 110, price: -0.01 }).reason).toBe(
      'below_intrinsic',
    );
  });

  it('is NaN with no_time_value at exactly intrinsic, and at expiry', () => {
    expect(impliedVolatilityWithReason({ ...input, price: intrinsic }).reason).toBe('no_time_value');
    expect(impliedVolatilityWithReason({ ...input, strike: 110, price: 0 }).reason).toBe('no_time_value');
    expect(impliedVolatilityWithReason({ ...input, years: 0, price: 10 }).reason).toBe('no_time_value');
  });

  it('is NaN with above_upper_bound at or above the spot (call) or discounted strike (put)', () => {
    expect(impliedVolatilityWithReason({ ...input, price: 100 }).reason).toBe('above_upper_bound');
    expect(impliedVolatilityWithReason({ ...input, type: 'put', price: 90 }).reason).toBe(
      'above_upper_bound',
    );
  });

  it('is NaN with underflow when the time value is below the smallest normal double', () => {
    expect(impliedVolatilityWithReason({ ...input, strike: 1e6, price: 1e-310 }).reason).toBe('underflow');
  });

  it('returns the volatility with a null reason otherwise', () => {
    const price = bsm({ ...input, volatility: 0.27 }).price;
    const result = impliedVolatilityWithReason({ ...input, price });
    expect(result.reason).toBeNull();
    expect(result.value).toBeCloseTo(0.27, 14);
  });
});

describe('batch fast path', () => {
  it('agrees with the scalar functions', () => {
    const strikes = [80, 90, 100, 110, 120, 80, 90, 100, 110, 120];
    const n = strikes.length;
    const strike = Float64Array.from(strikes);
    const years = Float64Array.from(strikes.map((_, i) => (i < 5 ? 0.1 : 0.6)));
    const isCall = Uint8Array.from(strikes.map((_, i) => i % 2));
    const sigmas = strikes.map((k) => 0.3 + 0.002 * (100 - k));
    const price = Float64Array.from(
      strikes.map((k, i) => bsmPrice(100, k, years[i]!, 0.04, 0.01, sigmas[i]!, isCall[i] === 1)),
    );
    const batch = {
      start: 0,
      end: n,
      spot: 100,
      rate: 0.04,
      dividendYield: 0.01,
      strike,
      years,
      isCall,
      price,
    };
    const iv = new Float64Array(n);
    expect(impliedVolatilityBatch(batch, iv)).toBe(0);
    const out = {
      delta: new Float64Array(n),
      gamma: new Float64Array(n),
      theta: new Float64Array(n),
      vega: new Float64Array(n),
    };
    greeksBatch(batch, iv, out);
    for (let i = 0; i < n; i += 1) {
      expect(iv[i]).toBeCloseTo(sigmas[i]!, 13);
      const scalar = bsm({
        spot: 100,
        strike: strikes[i]!,
        years: years[i]!,
        rate: 0.04,
        dividendYield: 0.01,
        volatility: iv[i]!,
        type: isCall[i] === 1 ? 'call' : 'put',
      });
      expect(out.delta[i]).toBeCloseTo(scalar.delta, 13);
      expect(out.gamma[i]).toBeCloseTo(scalar.gamma, 13);
      expect(out.theta[i]).toBeCloseTo(scalar.theta, 13);
      expect(out.vega[i]).toBeCloseTo(scalar.vega, 13);
    }
  });
});
