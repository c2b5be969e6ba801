import { describe, expect, it } from 'vitest';
import {
  erf,
  erfc,
  erfcx,
  inverseNormCdfApprox,
  normCdf,
  normCdfQuadrature,
  normPdf,
} from '@shared/pricing/normal';

const relativeError = (actual: number, expected: number) => Math.abs(actual - expected) / Math.abs(expected);

describe('normCdf', () => {
  it.each([
    [0, 0.5],
    [-1, 0.15865525393145707],
    [1.96, 0.9750021048517795],
    [-3, 0.0013498980316300946],
    [-5, 2.866515718791939e-7],
    [-10, 7.619853024160527e-24],
    [-20, 2.7536241186062337e-89],
    [-30, 4.906713927148187e-198],
  ])('Φ(%d) = %d to a few ulps', (z, expected) => {
    expect(relativeError(normCdf(z), expected)).toBeLessThan(2e-15);
  });

  it('stays positive deep in the tail: Φ(-38) is a subnormal, not 0', () => {
    expect(normCdf(-38)).toBeGreaterThan(0);
    expect(relativeError(normCdf(-38), 2.885428351e-316)).toBeLessThan(1e-6);
  });

  it('is symmetric: Φ(z) + Φ(-z) = 1', () => {
    for (let z = -8; z <= 8; z += 0.37) expect(normCdf(z) + normCdf(-z)).toBeCloseTo(1, 15);
  });

  it('has the density as its derivative', () => {
    for (const z of [-4, -1.3, 0, 0.7, 2.5]) {
      const h = 1e-5;
      expect((normCdf(z + h) - normCdf(z - h)) / (2 * h)).toBeCloseTo(normPdf(z), 9);
    }
  });
});

describe('erf, erfc, erfcx (Cody)', () => {
  it.each([
    [0.1, 0.1124629160182849],
    [0.5, 0.5204998778130465],
    [1, 0.8427007929497149],
    [3, 0.9999779095030014],
  ])('erf(%d)', (x, expected) => {
    expect(relativeError(erf(x), expected)).toBeLessThan(2e-16);
    expect(erf(-x)).toBe(-erf(x));
  });

  it('keeps erfc relative precision in the tail', () => {
    expect(relativeError(erfc(5), 1.5374597944280349e-12)).toBeLessThan(1e-15);
    expect(relativeError(erfc(10), 2.088487583762545e-45)).toBeLessThan(1e-15);
    expect(erfc(-1)).toBeCloseTo(1.8427007929497148, 15);
  });

  it('scales erfc by exp(x²)', () => {
    for (const x of [0.2, 1, 3, 6, 20]) {
      expect(relativeError(erfcx(x), Math.exp(x * x) * erfc(x))).toBeLessThan(x > 10 ? 1e-12 : 1e-14);
    }
    expect(relativeError(erfcx(-1), 5.00898008076228)).toBeLessThan(1e-14);
  });
});

describe('inverseNormCdfApprox (initial guesses only)', () => {
  it('inverts Φ to about 1e-9', () => {
    for (const p of [1e-12, 0.001, 0.02, 0.3, 0.5, 0.8, 0.99, 1 - 1e-9]) {
      const q = Math.min(p, 1 - p);
      expect(Math.abs(normCdf(inverseNormCdfApprox(p)) - p) / q).toBeLessThan(1e-7);
    }
  });
});

describe('normCdfQuadrature (Φ for the quadrature integrands)', () => {
  it('agrees with normCdf to 3e-16 absolute and 1e-13 relative in the lower tail', () => {
    for (let z = -40; z <= 40; z += 0.0137) {
      const exact = normCdf(z);
      const fast = normCdfQuadrature(z);
      expect(Math.abs(fast - exact)).toBeLessThan(3e-16);
      if (z < 0 && exact > 1e-300) expect(relativeError(fast, exact)).toBeLessThan(1e-13);
    }
  });
});
