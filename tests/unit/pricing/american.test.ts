import { describe, expect, it } from 'vitest';
import {
  AMERICAN_SCHEME,
  americanImpliedVolatilityKernel,
  americanPrice,
  earlyExerciseCanPay,
  optionGreeks,
} from '@shared/pricing/american';
import { createScheme, solvePutBoundary } from '@shared/pricing/american-boundary';
import { crankNicolsonAmerican } from '../../../scripts/pricing/crank-nicolson';
import { BoundaryCache, solveQuotes, tabulatedPrice } from '@shared/pricing/american-batch';
import { crrPrice } from '@shared/pricing/binomial';
import { bsm, bsmPrice } from '@shared/pricing/bsm';

const R = 0.0425;
const DAY = 1 / 365;
const intrinsic = (spot: number, strike: number, isCall: boolean) =>
  Math.max(isCall ? spot - strike : strike - spot, 0);

describe('the binomial reference', () => {
  it('converges to Black-Scholes-Merton when exercise is European', () => {
    for (const isCall of [true, false]) {
      const tree =
        0.5 *
        (crrPrice(100, 110, 0.5, R, 0.02, 0.3, isCall, 1500, false) +
          crrPrice(100, 110, 0.5, R, 0.02, 0.3, isCall, 1501, false));
      expect(Math.abs(tree - bsmPrice(100, 110, 0.5, R, 0.02, 0.3, isCall))).toBeLessThan(2e-3);
    }
  });
});

describe('American prices (Andersen–Lake–Offengelder) against a Crank–Nicolson solve', () => {
  // The PDE solver of scripts/pricing (an independent method: finite differences, calls solved as
  // calls), Richardson-extrapolated from 1,000 and 2,000 space intervals: itself within about 2e-6
  // of the strike here. The broad check over the whole range is american-reference.test.ts.
  const reference = (
    spot: number,
    strike: number,
    years: number,
    q: number,
    sigma: number,
    isCall: boolean,
  ) => {
    const coarse = crankNicolsonAmerican(spot, strike, years, R, q, sigma, isCall, {
      space: 1000,
      time: 250,
    });
    const fine = crankNicolsonAmerican(spot, strike, years, R, q, sigma, isCall, { space: 2000, time: 500 });
    return fine + (fine - coarse) / 3;
  };
  it.each([
    [100, 100, 1, 0, 0.2, false],
    [100, 120, 2, 0.01, 0.35, false],
    [100, 80, 0.25, 0.06, 0.3, true],
    [100, 70, 1.5, 0.07, 0.8, true],
    [100, 95, 7 * DAY, 0.02, 0.15, false],
  ] as const)(
    'S %f, K %f, T %f, q %f, σ %f, call %s: within 1e-5 of the strike',
    (spot, strike, years, q, sigma, isCall) => {
      const fast = americanPrice(spot, strike, years, R, q, sigma, isCall);
      expect(Math.abs(fast - reference(spot, strike, years, q, sigma, isCall)) / strike).toBeLessThan(1e-5);
      // and well away from the European price where early exercise matters
      if (years >= 1) expect(fast - bsmPrice(spot, strike, years, R, q, sigma, isCall)).toBeGreaterThan(0.05);
    },
  );

  it('has converged in its resolution: 4× the nodes and steps move the boundary by under 5e-5 of the strike', () => {
    const fine = createScheme({ chebyshev: 32, boundaryNodes: 64, priceNodes: 96, iterations: 40 });
    const h = new Float64Array(AMERICAN_SCHEME.chebyshev + 1);
    const hFine = new Float64Array(33);
    for (const [years, q, sigma] of [
      [1, 0, 0.05],
      [2, 0.01, 0.05],
      [0.5, 0.06, 0.3],
      [2, 0, 1.5],
    ] as const) {
      solvePutBoundary(AMERICAN_SCHEME, years, R, q, sigma, h);
      solvePutBoundary(fine, years, R, q, sigma, hFine);
      // B(T) / K, both ends of the Chebyshev grid at τ = T
      const boundary = Math.exp(-Math.sqrt(h[0]!));
      const boundaryFine = Math.exp(-Math.sqrt(hFine[0]!));
      expect(Math.abs(boundary - boundaryFine)).toBeLessThan(5e-5);
    }
  });

  it('is European exactly when early exercise cannot pay (a call without dividends), and never below it or intrinsic', () => {
    expect(earlyExerciseCanPay(true, R, 0)).toBe(false);
    expect(earlyExerciseCanPay(false, R, 0)).toBe(true);
    expect(americanPrice(100, 90, 0.5, R, 0, 0.3, true)).toBe(bsmPrice(100, 90, 0.5, R, 0, 0.3, true));
    for (const isCall of [true, false]) {
      for (const strike of [50, 80, 100, 120, 200]) {
        const american = americanPrice(100, strike, 0.75, R, 0.03, 0.25, isCall);
        expect(american).toBeGreaterThanOrEqual(bsmPrice(100, strike, 0.75, R, 0.03, 0.25, isCall) - 1e-12);
        expect(american).toBeGreaterThanOrEqual(intrinsic(100, strike, isCall) - 1e-12);
      }
    }
    // Deep in the money the option is worth its intrinsic value (exercised now), the European less.
    expect(americanPrice(50, 100, 0.5, R, 0, 0.2, false)).toBe(50);
    expect(bsmPrice(50, 100, 0.5, R, 0, 0.2, false)).toBeLessThan(50);
    expect(americanPrice(200, 100, 0.5, R, 0.06, 0.2, true)).toBe(100);
  });
});

describe('American greeks', () => {
  it('agree with finite differences of the price (delta, gamma, vega) and theta is the one-day decay', () => {
    for (const [spot, strike, years, q, sigma, isCall] of [
      [100, 110, 0.5, 0.01, 0.3, false],
      [100, 90, 0.25, 0.06, 0.25, true],
      [100, 100, 1, 0.02, 0.45, false],
    ] as const) {
      const g = optionGreeks('american', spot, strike, years, R, q, sigma, isCall);
      const price = (s: number, v: number, t: number = years) => americanPrice(s, strike, t, R, q, v, isCall);
      const h = 1e-3;
      expect(g.price).toBeCloseTo(price(spot, sigma), 12);
      expect(g.delta).toBeCloseTo((price(spot + h, sigma) - price(spot - h, sigma)) / (2 * h), 5);
      expect(g.gamma).toBeCloseTo(
        (price(spot + h, sigma) - 2 * g.price + price(spot - h, sigma)) / (h * h),
        3,
      );
      expect(g.vega).toBeCloseTo((price(spot, sigma + 1e-5) - price(spot, sigma - 1e-5)) / 2e-5 / 100, 5);
      // Theta reuses today's boundary for tomorrow (B(u) does not depend on the expiry).
      expect(Math.abs(g.theta - (price(spot, sigma, years - DAY) - g.price))).toBeLessThan(1e-6);
    }
  });

  it('never shows a deep in-the-money option a positive theta (early exercise rules it out), where European puts have one', () => {
    for (const years of [7 * DAY, 0.25, 1]) {
      for (const strike of [120, 150, 200]) {
        for (const sigma of [0.15, 0.4]) {
          const european = bsm({
            spot: 100,
            strike,
            years,
            rate: R,
            dividendYield: 0,
            volatility: sigma,
            type: 'put',
          });
          const american = optionGreeks('american', 100, strike, years, R, 0, sigma, false);
          if (strike >= 150 && years >= 0.25 && sigma === 0.15) expect(european.theta).toBeGreaterThan(0);
          expect(american.theta).toBeLessThanOrEqual(0);
          expect(-american.theta).toBeLessThanOrEqual(american.price - intrinsic(100, strike, false) + 1e-12);
        }
      }
    }
    // Deep in-the-money calls on a high-dividend stock, likewise.
    for (const strike of [40, 60]) {
      expect(optionGreeks('american', 100, strike, 0.5, R, 0.07, 0.2, true).theta).toBeLessThanOrEqual(0);
    }
  });

  it('never decays more in a day than the time value left, even minutes from expiry', () => {
    const minutes = 10 / (365 * 24 * 60);
    for (const style of ['american', 'european'] as const) {
      for (const strike of [95, 99.5, 100, 100.5, 105]) {
        for (const isCall of [true, false]) {
          const g = optionGreeks(style, 100, strike, minutes, R, 0.01, 0.3, isCall);
          expect(-g.theta).toBeLessThanOrEqual(g.price - intrinsic(100, strike, isCall) + 1e-12);
          const analytic = bsm({
            spot: 100,
            strike,
            years: minutes,
            rate: R,
            dividendYield: 0.01,
            volatility: 0.3,
            type: isCall ? 'call' : 'put',
          });
          if (strike === 100)
            expect(-analytic.theta).toBeGreaterThan(g.price - intrinsic(100, strike, isCall));
        }
      }
    }
  });
});

describe('American implied volatility', () => {
  it('recovers the volatility that priced the option wherever the price carries time value', () => {
    let worst = 0;
    for (const isCall of [true, false]) {
      for (const q of [0.005, 0.03, 0.07]) {
        for (const years of [3 * DAY, 30 * DAY, 0.5, 1]) {
          for (const sigma of [0.1, 0.3, 0.9]) {
            for (let strike = 60; strike <= 150; strike += 7.5) {
              const price = americanPrice(100, strike, years, R, q, sigma, isCall);
              const vega = optionGreeks('american', 100, strike, years, R, q, sigma, isCall).vega;
              if (vega < 1e-3) continue; // the requirement's floor: 0.001 per vol point
              const solved = americanImpliedVolatilityKernel(price, 100, strike, years, R, q, isCall, 0);
              worst = Math.max(worst, Math.abs(solved - sigma));
            }
          }
        }
      }
    }
    // The solver's boundaries start from the previous step's, the price's from B = X: the two
    // fixed-point iterations stop at slightly different points (up to about 3e-7 of the strike).
    // Requirement: within 0.01 vol points.
    expect(worst).toBeLessThan(1e-4);
  });

  it('reports no time value, below intrinsic and above the bound as codes', () => {
    expect(americanImpliedVolatilityKernel(20, 100, 120, 0.5, R, 0, false, 0)).toBe(-2);
    expect(americanImpliedVolatilityKernel(19, 100, 120, 0.5, R, 0, false, 0)).toBe(-1);
    expect(americanImpliedVolatilityKernel(120, 100, 120, 0.5, R, 0, false, 0)).toBe(-3);
  });
});

describe('the batch (boundaries tabulated per expiry, dividend yield and type)', () => {
  it('prices like ./american to 1e-6 of the price and solves the same volatilities', () => {
    const cache = new BoundaryCache();
    const n = 2 * 41;
    const strike = new Float64Array(n);
    const years = new Float64Array(n).fill(0.3);
    const isCall = new Uint8Array(n);
    const price = new Float64Array(n);
    const bid = new Float64Array(n);
    const sigma = (k: number) => 0.3 + 0.002 * (100 - k);
    for (let j = 0; j <= 40; j += 1) {
      for (let t = 0; t < 2; t += 1) {
        const i = 2 * j + t;
        strike[i] = 60 + 2 * j;
        isCall[i] = t === 0 ? 1 : 0;
        const table = cache.table(0.3, R, 0.03, t === 0);
        const tabulated = tabulatedPrice(100, strike[i]!, 0.3, R, 0.03, sigma(strike[i]!), t === 0, table);
        const exact = americanPrice(100, strike[i]!, 0.3, R, 0.03, sigma(strike[i]!), t === 0);
        expect(Math.abs(tabulated - exact) / exact).toBeLessThan(1e-6);
        price[i] = exact;
        bid[i] = exact; // a bid at the price: every contract with time value is solved
      }
    }
    const out = {
      iv: new Float64Array(n),
      delta: new Float64Array(n),
      gamma: new Float64Array(n),
      theta: new Float64Array(n),
      vega: new Float64Array(n),
    };
    const batch = {
      start: 0,
      end: n,
      spot: 100,
      rate: R,
      dividendYield: 0.03,
      style: 'american' as const,
      strike,
      years,
      isCall,
      price,
      bid,
    };
    const { failures } = solveQuotes(batch, cache, out);
    expect(failures).toBe(0);
    for (let i = 0; i < n; i += 1) {
      const isC = isCall[i] === 1;
      const zero = Math.max(intrinsic(100, strike[i]!, isC), bsmPrice(100, strike[i]!, 0.3, R, 0.03, 0, isC));
      if (price[i]! - zero < 1e-6 * strike[i]!) continue;
      expect(Math.abs(out.iv[i]! - sigma(strike[i]!))).toBeLessThan(1e-4);
      const g = optionGreeks('american', 100, strike[i]!, 0.3, R, 0.03, out.iv[i]!, isC);
      expect(out.delta[i]).toBeCloseTo(g.delta, 5);
      expect(out.gamma[i]).toBeCloseTo(g.gamma, 5);
      expect(out.vega[i]).toBeCloseTo(g.vega, 4);
      expect(out.theta[i]).toBeCloseTo(g.theta, 4);
      expect(out.theta[i]).toBeLessThanOrEqual(0);
    }
  });
});
