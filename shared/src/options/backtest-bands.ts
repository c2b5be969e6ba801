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
    positions: 109,
    hitRate: 0.3211,
    meanReturn: -0.2421,
    worst: null,
  },
  {
    min: 60,
    positions: 742725,
    hitRate: 0.6994,
    meanReturn: 0.0023,
    worst: { year: 2024, positions: 223902, hitRate: 0.5989, meanReturn: -0.0233 },
  },
  {
    min: 40,
    positions: 440793,
    hitRate: 0.4962,
    meanReturn: -0.0043,
    worst: { year: 2024, positions: 100614, hitRate: 0.4403, meanReturn: -0.119 },
  },
  {
    min: 20,
    positions: 1039563,
    hitRate: 0.2639,
    meanReturn: -0.2359,
    worst: { year: 2026, positions: 190123, hitRate: 0.231, meanReturn: -0.3818 },
  },
  {
    min: 0,
    positions: 96186,
    hitRate: 0.1345,
    meanReturn: -0.4881,
    worst: { year: 2024, positions: 33340, hitRate: 0.1053, meanReturn: -0.6258 },
  },
];
