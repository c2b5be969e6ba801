/** The expected-return calibration on hand-made cases: the index a fit builds, the shrunk decile knots, and what a candidate is promised. */
import { describe, expect, it } from 'vitest';
import {
  FEATURE_COUNT,
  FEATURE_INDEX,
  calibrate,
  calibratedReturnOf,
  calibrationIndex,
  decileTable,
  fitCalibration,
  fitStrategyCalibration,
  nonDecreasing,
  shrinkToMean,
  type CalibrationKnots,
} from '@shared/options/scan-calibration';

/** 1,000 positions with index values 0.000, 0.001, … 0.999 and realised f(index). */
const sample = (realised: (index: number) => number) => {
  const index = Array.from({ length: 1000 }, (_, i) => i / 1000);
  return { index, realised: index.map(realised) };
};

/** A deterministic pseudo-random number in [0, 1) (no Math.random: the test must repeat). */
const noise = (i: number) => {
  const x = Math.sin(i * 12.9898 + 78.233) * 43758.5453;
  return x - Math.floor(x);
};

describe('fitCalibration and calibrate', () => {
  it('leaves an index that realised what it promised as it is (within a decile; the signal is far above the noise, so shrinkage barely moves it)', () => {
    const { index, realised } = sample((f) => f);
    const knots = fitCalibration(index, realised);
    expect(knots.x).toHaveLength(10);
    knots.y.forEach((y, i) => expect(y).toBeCloseTo(knots.x[i]!, 3));
    for (const f of [0.05, 0.3, 0.77]) expect(calibrate(knots, f)).toBeCloseTo(f, 3);
  });

  it('maps an index to half of it, less 5 points, when that is what it realised; flat beyond the end knots', () => {
    const { index, realised } = sample((f) => 0.5 * f - 0.05);
    const knots = fitCalibration(index, realised);
    expect(calibrate(knots, 0.5)).toBeCloseTo(0.2, 3);
    // The top decile: mean index 0.9495, realised 0.42475.
    expect(calibrate(knots, 0.9495)).toBeCloseTo(0.42475, 3);
    expect(calibrate(knots, 5)).toBeCloseTo(0.42475, 3);
    expect(calibrate(knots, -3)).toBeCloseTo(0.5 * 0.0495 - 0.05, 3);
  });

  it('never calibrates a higher index lower (deciles that realised in reverse are pooled)', () => {
    const { index, realised } = sample((f) => (f < 0.5 ? 0.1 : -0.1));
    const knots = fitCalibration(index, realised);
    for (const y of knots.y) expect(y).toBeCloseTo(0, 12);
  });

  it('shrinks deciles that differ by no more than their noise to the mean: an index that does not rank gets one figure', () => {
    // Realised ±50% at random around +1%, whatever the index.
    const { index, realised } = sample((f) => 0.01 + (noise(f * 1000) < 0.5 ? -0.5 : 0.5));
    const knots = fitCalibration(index, realised);
    const mean = realised.reduce((a, b) => a + b, 0) / realised.length;
    for (const y of knots.y) expect(y).toBeCloseTo(mean, 12);
  });

  it('fits nothing on too few positions (the index stands)', () => {
    const knots = fitCalibration([0.1, 0.2], [-1, -1]);
    expect(knots).toEqual({ x: [], y: [] });
    expect(calibrate(knots, 0.2)).toBe(0.2);
  });

  it('interpolates between knots', () => {
    const knots: CalibrationKnots = { x: [0, 0.1, 0.3], y: [-0.2, 0, 0.05] };
    expect(calibrate(knots, 0.05)).toBeCloseTo(-0.1, 12);
    expect(calibrate(knots, 0.2)).toBeCloseTo(0.025, 12);
    expect(calibrate(knots, Number.NaN)).toBeNaN();
  });
});

describe('shrinkToMean', () => {
  it('moves a noisy mean further toward the pooled mean than a precise one', () => {
    // Pooled mean 0; the bins spread by 0.01 (variance 1e-4); one is measured with variance
    // 1e-4, the others 1e-6.
    const shrunk = shrinkToMean([-0.01, 0.01, -0.01, 0.01], [1e-6, 1e-4, 1e-6, 1e-6], [1, 1, 1, 1]);
    const tau2 = 1e-4 - (1e-4 + 3e-6) / 4;
    expect(shrunk[1]).toBeCloseTo((0.01 * tau2) / (tau2 + 1e-4), 12);
    expect(shrunk[0]).toBeCloseTo((-0.01 * tau2) / (tau2 + 1e-6), 12);
    expect(Math.abs(shrunk[1]!)).toBeLessThan(Math.abs(shrunk[0]!));
  });

  it('leaves means with no sampling noise as they are', () => {
    expect(shrinkToMean([1, 2, 3], [0, 0, 0], [1, 1, 1])).toEqual([1, 2, 3]);
  });
});

describe('fitStrategyCalibration', () => {
  /** n positions whose return rises with the premium's yield and falls with days to expiry; the forecast's figure is noise; IV rank does not vary. */
  const positions = (n: number) => {
    const features = new Float64Array(n * FEATURE_COUNT);
    const realised = new Float64Array(n);
    for (let i = 0; i < n; i += 1) {
      const yieldOnCapital = 0.01 + 0.04 * noise(i);
      const days = 5 + 50 * noise(i + n);
      const row = i * FEATURE_COUNT;
      features[row + FEATURE_INDEX.premiumYield] = yieldOnCapital;
      features[row + FEATURE_INDEX.daysToExpiry] = days;
      features[row + FEATURE_INDEX.forecastReturn] = noise(i + 2 * n) - 0.5;
      features[row + FEATURE_INDEX.ivRank] = 40;
      realised[i] = yieldOnCapital - 0.0004 * days + 0.01 * (noise(i + 3 * n) - 0.5);
    }
    return { features, realised };
  };

  it('weighs what ranks the outcomes on the fit (the yield up, days to expiry down) and leaves out what does not vary', () => {
    const { features, realised } = positions(2000);
    const fit = fitStrategyCalibration(features, realised);
    expect(fit.weight[FEATURE_INDEX.premiumYield]).toBeGreaterThan(0.1);
    expect(fit.weight[FEATURE_INDEX.daysToExpiry]).toBeLessThan(-0.1);
    expect(Math.abs(fit.weight[FEATURE_INDEX.forecastReturn]!)).toBeLessThan(0.05);
    expect(fit.weight[FEATURE_INDEX.ivRank]).toBe(0);
    expect(fit.knots.y).toHaveLength(10);
    // A rich short-dated premium is promised more than a thin long-dated one, and each promise is
    // within the range of what the fit's deciles realised.
    const candidate = (yieldOnCapital: number, days: number) => {
      const f = new Float64Array(FEATURE_COUNT);
      f[FEATURE_INDEX.premiumYield] = yieldOnCapital;
      f[FEATURE_INDEX.daysToExpiry] = days;
      f[FEATURE_INDEX.ivRank] = 40;
      return f;
    };
    const rich = calibratedReturnOf(fit, candidate(0.045, 7));
    const thin = calibratedReturnOf(fit, candidate(0.012, 50));
    expect(rich).toBeGreaterThan(thin + 0.02);
    expect(rich).toBeLessThanOrEqual(Math.max(...realised));
    // Features are clipped to the fit's 1st-99th percentiles: a yield of 100% is no further than the top.
    expect(calibrationIndex(fit, candidate(1, 7))).toBeCloseTo(
      calibrationIndex(fit, candidate(fit.hi[FEATURE_INDEX.premiumYield]!, 7)),
      12,
    );
  });

  it('fits nothing on too few positions: the forecast stands', () => {
    const { features, realised } = positions(20);
    const fit = fitStrategyCalibration(features, realised);
    expect(fit.knots.x).toEqual([]);
    const f = new Float64Array(FEATURE_COUNT);
    f[FEATURE_INDEX.forecastReturn] = 0.123;
    expect(calibratedReturnOf(fit, f)).toBe(0.123);
  });
});

describe('nonDecreasing and decileTable', () => {
  it('pools adjacent violators with their weights', () => {
    expect(nonDecreasing([1, 3, 2, 4], [1, 1, 1, 1])).toEqual([1, 2.5, 2.5, 4]);
    expect(nonDecreasing([3, 1], [3, 1])).toEqual([2.5, 2.5]);
  });

  it('puts promised against realised by decile of the promise', () => {
    const { index, realised } = sample((f) => (f >= 0.9 ? 0.1 : 0));
    const table = decileTable(index, realised);
    expect(table).toHaveLength(10);
    expect(table[9]).toMatchObject({ decile: 10, count: 100 });
    expect(table[9]!.realised).toBeCloseTo(0.1, 12);
    expect(table[9]!.promised).toBeCloseTo(0.9495, 10);
    expect(table[0]!.realised).toBe(0);
  });
});
