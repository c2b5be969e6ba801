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
    positions: 152353,
    hitRate: 0.2827,
    meanReturn: -0.26,
  },
  {
    min: 60,
    positions: 1951751,
    hitRate: 0.5617,
    meanReturn: -0.0666,
  },
  {
    min: 40,
    positions: 1551153,
    hitRate: 0.5414,
    meanReturn: -0.0429,
  },
  {
    min: 20,
    positions: 1221367,
    hitRate: 0.2417,
    meanReturn: -0.3208,
  },
  {
    min: 0,
    positions: 268315,
    hitRate: 0.1206,
    meanReturn: -0.4631,
  },
];
