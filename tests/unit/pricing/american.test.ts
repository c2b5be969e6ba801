import { describe, expect, it } from 'vitest';
import {
  americanImpliedVolatilityKernel,
  americanPrice,
  earlyExerciseCanPay,
  exerciseBoundary,
  optionGreeks,
} from '@shared/pricing/american';
import { BoundaryCache, solveQuotes, tabulatedPrice } from '@shared/pricing/american-batch';
import { binomialPrice, crrPrice } from '@shared/pricing/binomial';
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

describe('American prices (Barone-Adesi & Whaley) against a 1,500-step binomial tree', () => {
  // Stated bound: |BAW - tree| ≤ these fractions of the strike, by time to expiry (S = 100, K 70-130,
  // σ 15-80%, q 0-7.1%, calls and puts). The tree itself is within 2e-6 of the strike of a 6,000-step one.
  const bounds: [number, number][] = [
    [7 * DAY, 0.0002],
    [30 * DAY, 0.0006],
    [91 * DAY, 0.0009],
    [182 * DAY, 0.0011],
    [1, 0.0016],
  ];
  it.each(bounds)('T = %f years: within %f of the strike', (years, bound) => {
    let worst = 0;
    for (const isCall of [true, false]) {
      for (const q of [0, 0.012, 0.045, 0.071]) {
        for (const sigma of [0.15, 0.35, 0.8]) {
          for (const strike of [70, 85, 100, 115, 130]) {
            const fast = americanPrice(100, strike, years, R, q, sigma, isCall);
            const tree = binomialPrice(100, strike, years, R, q, sigma, isCall, 1500);
            worst = Math.max(worst, Math.abs(fast - tree) / strike);
          }
        }
      }
    }
    expect(worst).toBeLessThan(bound);
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
    // Beyond the exercise boundary the option is worth its intrinsic value.
    const { ratio } = exerciseBoundary(0.5, R, 0, 0.2, false);
    expect(ratio).toBeLessThan(1);
    expect(americanPrice(100 * ratio * 0.99, 100, 0.5, R, 0, 0.2, false)).toBeCloseTo(
      100 - 100 * ratio * 0.99,
      12,
    );
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
      expect(g.theta).toBeCloseTo(price(spot, sigma, years - DAY) - g.price, 12);
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
              if (vega < 1e-6) continue; // no time value to read a volatility from
              const solved = americanImpliedVolatilityKernel(price, 100, strike, years, R, q, isCall, 0);
              worst = Math.max(worst, Math.abs(solved - sigma));
            }
          }
        }
      }
    }
    expect(worst).toBeLessThan(1e-8);
  });

  it('reports no time value, below intrinsic and above the bound as codes', () => {
    expect(americanImpliedVolatilityKernel(20, 100, 120, 0.5, R, 0, false, 0)).toBe(-2);
    expect(americanImpliedVolatilityKernel(19, 100, 120, 0.5, R, 0, false, 0)).toBe(-1);
    expect(americanImpliedVolatilityKernel(120, 100, 120, 0.5, R, 0, false, 0)).toBe(-3);
  });
});

describe('the batch (boundaries tabulated per expiry, dividend yield and type)', () => {
  it('prices like the exact formula to 1e-9 of the price and solves the same volatilities', () => {
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
        expect(Math.abs(tabulated - exact) / exact).toBeLessThan(1e-9);
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
      expect(out.iv[i]).toBeCloseTo(sigma(strike[i]!), 6);
      const g = optionGreeks('american', 100, strike[i]!, 0.3, R, 0.03, out.iv[i]!, isC);
      expect(out.delta[i]).toBeCloseTo(g.delta, 6);
      expect(out.vega[i]).toBeCloseTo(g.vega, 5);
      expect(out.theta[i]).toBeCloseTo(g.theta, 5);
      expect(out.theta[i]).toBeLessThanOrEqual(0);
    }
  });
});
