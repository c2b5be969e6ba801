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
    positions: 196949,
    hitRate: 0.5237,
    meanReturn: 0.1906,
  },
  {
    min: 60,
    positions: 1699471,
    hitRate: 0.685,
    meanReturn: 0.0207,
  },
  {
    min: 40,
    positions: 1052602,
    hitRate: 0.5117,
    meanReturn: -0.0296,
  },
  {
    min: 20,
    positions: 1665769,
    hitRate: 0.2544,
    meanReturn: -0.3034,
  },
  {
    min: 0,
    positions: 538480,
    hitRate: 0.0764,
    meanReturn: -0.6049,
  },
];
