/** The expected-return calibration on hand-made cases: it maps each decile's forecast to what that decile realised. */
import { describe, expect, it } from 'vitest';
import {
  calibrate,
  decileTable,
  fitCalibration,
  nonDecreasing,
  type CalibrationKnots,
} from '@shared/options/scan-calibration';

/** 1,000 positions with forecasts 0.000, 0.001, … 0.999 and realised f(forecast). */
const sample = (realised: (forecast: number) => number) => {
  const forecast = Array.from({ length: 1000 }, (_, i) => i / 1000);
  return { forecast, realised: forecast.map(realised) };
};

describe('fitCalibration and calibrate', () => {
  it('leaves a forecast that realised what it promised as it is (within a decile)', () => {
    const { forecast, realised } = sample((f) => f);
    const knots = fitCalibration(forecast, realised);
    expect(knots.x).toHaveLength(10);
    expect(knots.y).toEqual(knots.x);
    for (const f of [0.05, 0.3, 0.77]) expect(calibrate(knots, f)).toBeCloseTo(f, 10);
  });

  it('shrinks a forecast that realised half of its promise, less 5 points, to that', () => {
    const { forecast, realised } = sample((f) => 0.5 * f - 0.05);
    const knots = fitCalibration(forecast, realised);
    expect(calibrate(knots, 0.5)).toBeCloseTo(0.2, 10);
    // The top decile's promise is its realisation: mean forecast 0.9495, realised 0.42475.
    expect(calibrate(knots, 0.9495)).toBeCloseTo(0.42475, 10);
    // Flat beyond the knots: no extrapolation of a forecast the backtest never saw.
    expect(calibrate(knots, 5)).toBeCloseTo(0.42475, 10);
    expect(calibrate(knots, -3)).toBeCloseTo(0.5 * 0.0495 - 0.05, 10);
  });

  it('never calibrates a higher forecast lower (deciles that realised in reverse are pooled)', () => {
    // The top half of forecasts realised less than the bottom half: -10% against +10%.
    const { forecast, realised } = sample((f) => (f < 0.5 ? 0.1 : -0.1));
    const knots = fitCalibration(forecast, realised);
    for (const y of knots.y) expect(y).toBeCloseTo(0, 12);
    expect(calibrate(knots, 0.9)).toBeCloseTo(0, 12);
  });

  it('fits nothing on too few positions (the forecast stands)', () => {
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

describe('nonDecreasing and decileTable', () => {
  it('pools adjacent violators with their weights', () => {
    expect(nonDecreasing([1, 3, 2, 4], [1, 1, 1, 1])).toEqual([1, 2.5, 2.5, 4]);
    expect(nonDecreasing([3, 1], [3, 1])).toEqual([2.5, 2.5]);
  });

  it('puts promised against realised by decile of the promise', () => {
    const { forecast, realised } = sample((f) => (f >= 0.9 ? 0.1 : 0));
    const table = decileTable(forecast, realised);
    expect(table).toHaveLength(10);
    expect(table[9]).toMatchObject({ decile: 10, count: 100 });
    expect(table[9]!.realised).toBeCloseTo(0.1, 12);
    expect(table[9]!.promised).toBeCloseTo(0.9495, 10);
    expect(table[0]!.realised).toBe(0);
  });
});
