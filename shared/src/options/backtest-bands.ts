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
  },
  {
    min: 60,
    positions: 742725,
    hitRate: 0.6994,
    meanReturn: 0.0023,
  },
  {
    min: 40,
    positions: 440793,
    hitRate: 0.4962,
    meanReturn: -0.0043,
  },
  {
    min: 20,
    positions: 1039563,
    hitRate: 0.2639,
    meanReturn: -0.2359,
  },
  {
    min: 0,
    positions: 96186,
    hitRate: 0.1345,
    meanReturn: -0.4881,
  },
];
