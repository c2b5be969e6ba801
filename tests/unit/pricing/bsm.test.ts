import { describe, expect, it } from 'vitest';
import { bsm, bsmPrice, type BsmInput } from '@shared/pricing';

const base: BsmInput = {
  spot: 100,
  strike: 105,
  years: 0.4,
  rate: 0.0425,
  dividendYield: 0.015,
  volatility: 0.3,
  type: 'call',
};

describe('bsm', () => {
  it("matches Hull's textbook example (S=42, K=40, r=10%, σ=20%, T=0.5)", () => {
    const input = { spot: 42, strike: 40, years: 0.5, rate: 0.1, dividendYield: 0, volatility: 0.2 };
    expect(bsm({ ...input, type: 'call' }).price.toFixed(2)).toBe('4.76');
    expect(bsm({ ...input, type: 'put' }).price.toFixed(2)).toBe('0.81');
  });

  it('holds put-call parity to 1e-12 relative across a grid', () => {
    for (const strike of [50, 80, 100, 120, 200]) {
      for (const years of [1 / 365, 0.1, 1, 2]) {
        for (const volatility of [0.05, 0.3, 1.5]) {
          const input = { ...base, strike, years, volatility };
          const call = bsm({ ...input, type: 'call' }).price;
          const put = bsm({ ...input, type: 'put' }).price;
          const forwardValue =
            input.spot * Math.exp(-input.dividendYield * years) - strike * Math.exp(-input.rate * years);
          expect(Math.abs(call - put - forwardValue) / Math.max(call, put)).toBeLessThan(1e-12);
        }
      }
    }
  });

  it.each(['call', 'put'] as const)(
    'has %s greeks equal to central finite differences, in documented units',
    (type) => {
      const input = { ...base, type };
      const greeks = bsm(input);
      const price = (change: Partial<BsmInput>) => bsm({ ...input, ...change }).price;
      const dS = 1e-3;
      const delta = (price({ spot: input.spot + dS }) - price({ spot: input.spot - dS })) / (2 * dS);
      const gamma =
        (price({ spot: input.spot + 0.05 }) - 2 * greeks.price + price({ spot: input.spot - 0.05 })) / 0.0025;
      const dT = 1e-5;
      const thetaPerDay =
        (price({ years: input.years - dT }) - price({ years: input.years + dT })) / (2 * dT) / 365;
      const dV = 1e-5;
      const vegaPerPoint =
        (price({ volatility: input.volatility + dV }) - price({ volatility: input.volatility - dV })) /
        (2 * dV) /
        100;
      const dR = 1e-6;
      const rhoPerPercent =
        (price({ rate: input.rate + dR }) - price({ rate: input.rate - dR })) / (2 * dR) / 100;
      expect(greeks.delta).toBeCloseTo(delta, 8);
      expect(greeks.gamma).toBeCloseTo(gamma, 6);
      expect(greeks.theta).toBeCloseTo(thetaPerDay, 8);
      expect(greeks.vega).toBeCloseTo(vegaPerPoint, 8);
      expect(greeks.rho).toBeCloseTo(rhoPerPercent, 8);
    },
  );

  it('prices an expired option at intrinsic and a zero-vol one at discounted forward intrinsic', () => {
    expect(bsm({ ...base, years: 0, spot: 110 }).price).toBe(5);
    expect(bsm({ ...base, years: 0, spot: 110 }).delta).toBe(1);
    const zeroVol = bsm({ ...base, spot: 120, volatility: 0 });
    expect(zeroVol.price).toBeCloseTo(120 * Math.exp(-0.015 * 0.4) - 105 * Math.exp(-0.0425 * 0.4), 12);
    expect(zeroVol.gamma).toBe(0);
  });

  it('keeps deep out-of-the-money prices positive and monotone in volatility', () => {
    const far = { ...base, strike: 300, years: 0.05, volatility: 0.2 };
    const low = bsmPrice(far.spot, far.strike, far.years, far.rate, far.dividendYield, 0.2, true);
    const high = bsmPrice(far.spot, far.strike, far.years, far.rate, far.dividendYield, 0.21, true);
    expect(low).toBeGreaterThan(0);
    expect(high).toBeGreaterThan(low);
  });

  it('rejects a non-positive spot or strike', () => {
    expect(() => bsm({ ...base, spot: 0 })).toThrow(RangeError);
    expect(() => bsm({ ...base, strike: -1 })).toThrow(RangeError);
  });
});
