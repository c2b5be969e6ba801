/**
 * IV rank and IV percentile of a current implied volatility against a history (252 trading days
 * of closing 30-day ATM IVs in the simulated market).
 *   IV rank       = (current - min) / (max - min) × 100, clamped to 0-100 (50 on a flat history)
 *   IV percentile = the share of days in the history with an IV below the current one, × 100
 */

export function ivRank(history: ArrayLike<number>, current: number): number {
  if (history.length === 0) return 50;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < history.length; i += 1) {
    const value = history[i]!;
    if (value < min) min = value;
    if (value > max) max = value;
  }
  if (!(max > min)) return 50;
  return Math.min(100, Math.max(0, ((current - min) / (max - min)) * 100));
}

export function ivPercentile(history: ArrayLike<number>, current: number): number {
  if (history.length === 0) return 50;
  let below = 0;
  for (let i = 0; i < history.length; i += 1) if (history[i]! < current) below += 1;
  return (below / history.length) * 100;
}
