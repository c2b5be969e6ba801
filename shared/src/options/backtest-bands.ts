/**
 * Written by `npm run backtest -- --write` (do not edit by hand): how positions in each edge score
 * band did in the walk-forward backtest of the simulated market (shared/src/options/backtest.ts),
 * held to expiry and filled at the bid/ask. The position dialog shows them next to the score.
 */
export interface BacktestBand {
  /** The band's lowest score. */
  min: number;
  positions: number;
  /** Share of positions with a profit. */
  hitRate: number;
  /** Mean return on capital at risk. */
  meanReturn: number;
  /** The year with the lowest mean return in the band (100 positions or more), or null. */
  worst: { year: number; positions: number; hitRate: number; meanReturn: number } | null;
}

export const BACKTEST_PERIOD = {
  from: '2020-02-10',
  to: '2026-09-17',
  scanDays: 167,
  outOfSampleFrom: 2023,
} as const;

export const BACKTEST_BANDS: readonly BacktestBand[] = [
  {
    min: 80,
    positions: 1205,
    hitRate: 0.4058,
    meanReturn: -0.1677,
    worst: { year: 2026, positions: 147, hitRate: 0.4014, meanReturn: -0.3465 },
  },
  {
    min: 60,
    positions: 684617,
    hitRate: 0.6961,
    meanReturn: 0.0135,
    worst: { year: 2025, positions: 191848, hitRate: 0.6866, meanReturn: 0.0003 },
  },
  {
    min: 40,
    positions: 761886,
    hitRate: 0.5039,
    meanReturn: -0.0596,
    worst: { year: 2026, positions: 161859, hitRate: 0.539, meanReturn: -0.0722 },
  },
  {
    min: 20,
    positions: 730535,
    hitRate: 0.2059,
    meanReturn: -0.2587,
    worst: { year: 2026, positions: 133048, hitRate: 0.1927, meanReturn: -0.3681 },
  },
  {
    min: 0,
    positions: 141135,
    hitRate: 0.1,
    meanReturn: -0.475,
    worst: { year: 2025, positions: 43934, hitRate: 0.0902, meanReturn: -0.5845 },
  },
];
