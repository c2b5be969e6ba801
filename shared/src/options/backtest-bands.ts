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

export const BACKTEST_PERIOD = { from: '2022-01-03', to: '2023-12-29', scanDays: 101 } as const;

export const BACKTEST_BANDS: readonly BacktestBand[] = [
  {
    min: 80,
    positions: 197223,
    hitRate: 0.3774,
    meanReturn: 0.0549,
  },
  {
    min: 60,
    positions: 1817372,
    hitRate: 0.6335,
    meanReturn: -0.0136,
  },
  {
    min: 40,
    positions: 1241576,
    hitRate: 0.5193,
    meanReturn: -0.044,
  },
  {
    min: 20,
    positions: 1476943,
    hitRate: 0.2457,
    meanReturn: -0.3142,
  },
  {
    min: 0,
    positions: 420157,
    hitRate: 0.0893,
    meanReturn: -0.6117,
  },
];
