import { BoundaryCache } from '@shared/pricing/american-batch';
import { payoffAt, valueToday, type Position } from '@shared/options/strategies';

export interface PayoffSeries {
  prices: number[];
  /** Dollars per position at expiration. */
  atExpiration: number[];
  /** Dollars per position if closed at each price at the time the position was priced. */
  today: number[];
}

/** How far the diagram reaches either side of the underlying, in expected moves. */
export const PAYOFF_RANGE_MOVES = 2.5;

/**
 * P&L at expiration and today over spot ± 2.5 expected moves (widened to show every strike and
 * breakeven), `points` prices evenly spaced plus every strike and breakeven exactly: the payoff at
 * expiry is straight between strikes, so its extremes on the chart (and in the summary) are the
 * position's true ones, not samples. "Today" is the position's pricing time (`asOf`).
 */
export function payoffSeries(
  position: Position,
  expectedMove: number,
  breakevens: readonly number[],
  points = 121,
): PayoffSeries {
  const move = expectedMove > 0 ? expectedMove : position.spot * 0.1;
  const strikes = position.legs.flatMap((leg) => (leg.strike === null ? [] : [leg.strike]));
  const marks = [...strikes, ...breakevens];
  const low = Math.max(0, Math.min(position.spot - PAYOFF_RANGE_MOVES * move, ...marks.map((m) => m * 0.97)));
  const high = Math.max(position.spot + PAYOFF_RANGE_MOVES * move, ...marks.map((m) => m * 1.03));
  const grid = new Set<number>(marks.filter((m) => m >= low && m <= high));
  for (let i = 0; i < points; i += 1) grid.add(low + ((high - low) * i) / (points - 1));
  const at = new Date(position.asOf);
  const prices = [...grid].sort((a, b) => a - b);
  const boundaries = new BoundaryCache();
  return {
    prices,
    atExpiration: prices.map((price) => payoffAt(position, price)),
    today: prices.map((price) => valueToday(position, price, at, boundaries)),
  };
}

/** Round axis steps (1, 2, 2.5, 5 × 10^n) giving about `count` ticks over [min, max]. */
export function niceTicks(min: number, max: number, count = 5): number[] {
  const span = max - min || Math.abs(max) || 1;
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * power >= raw) ?? 10) * power;
  const ticks: number[] = [];
  for (let tick = Math.ceil(min / step) * step; tick <= max + step * 1e-9; tick += step) {
    ticks.push(Number(tick.toFixed(10)));
  }
  return ticks;
}
