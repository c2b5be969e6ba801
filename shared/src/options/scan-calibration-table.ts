/**
 * Written by `npm run calibrate-score -- --write` (do not edit by hand): per strategy, the knots
 * of the expected-return calibration (./scan-calibration). Not yet fitted: no knots, the forecast
 * unchanged.
 */
import type { ScannerStrategy } from '../constants/strategies';
import type { CalibrationKnots } from './scan-calibration';

export const CALIBRATION_FIT = { from: '', until: 0, everySessions: 0 } as const;

export const CALIBRATION_KNOTS: Record<ScannerStrategy, CalibrationKnots> = {
  'long-call': { x: [], y: [] },
  'long-put': { x: [], y: [] },
  'covered-call': { x: [], y: [] },
  'cash-secured-put': { x: [], y: [] },
  'iron-condor': { x: [], y: [] },
  butterfly: { x: [], y: [] },
  straddle: { x: [], y: [] },
  strangle: { x: [], y: [] },
};
