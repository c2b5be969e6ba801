/**
 * The payoff graph of marked positions (the journal issue, item 2): profit and loss in dollars at
 * the first expiration of the positions, as the underlying ends at each price, for one position or
 * all of an underlying's positions together. Option legs that expire then are worth their
 * intrinsic value; legs that expire later (a calendar's long leg) are held at their current mid,
 * so the curve is exact for single-expiration positions and an estimate beside them (`estimate`).
 * Stock legs move one for one.
 */
import { CONTRACT_SHARES } from './marks';
import type { MarkedPosition } from './position-schemas';

export interface PayoffPoint {
  price: number;
  pnl: number;
}

export interface PayoffCurve {
  ticker: string;
  /** The first expiration of the positions' option legs; null for stock alone. */
  expiration: string | null;
  points: PayoffPoint[];
  /** Where the curve crosses zero, by linear interpolation. */
  breakevens: number[];
  /** The least and the most of the curve over its range (not beyond it). */
  worst: number;
  best: number;
  /** Some leg expires after the first expiration, priced at its current mid. */
  estimate: boolean;
  spot: number;
}

/** P&L in dollars of the positions if the underlying ends the first expiration at `price`. */
function pnlAt(positions: readonly MarkedPosition[], expiration: string | null, price: number): number {
  let total = 0;
  for (const position of positions) {
    const entry = position.entry_price * CONTRACT_SHARES * position.quantity;
    total += position.side === 'credit' ? entry : -entry;
    total -= position.fees;
    for (const leg of position.legs) {
      const sign = leg.side === 'long' ? 1 : -1;
      const value =
        leg.kind === 'stock'
          ? price
          : leg.expiration !== expiration
            ? leg.mid
            : Math.max(leg.kind === 'call' ? price - leg.strike! : leg.strike! - price, 0);
      total += sign * leg.contracts * CONTRACT_SHARES * value;
    }
  }
  return Math.round(total * 100) / 100 || 0;
}

/** The curve of `positions` (all of one underlying) over ±25% of the spot and every strike, `steps` apart. */
export function payoffCurve(positions: readonly MarkedPosition[], steps = 80): PayoffCurve | null {
  const first = positions[0];
  if (!first) return null;
  const spot = first.underlying_price;
  const expirations = positions.flatMap((p) => p.legs.map((leg) => leg.expiration).filter((e) => e !== null));
  const expiration = expirations.length > 0 ? [...expirations].sort()[0]! : null;
  const strikes = positions.flatMap((p) => p.legs.map((leg) => leg.strike).filter((s) => s !== null));
  const low = Math.max(0, Math.min(spot * 0.75, ...strikes.map((s) => s * 0.95)));
  const high = Math.max(spot * 1.25, ...strikes.map((s) => s * 1.05));
  const prices = new Set<number>(strikes);
  for (let i = 0; i <= steps; i += 1) prices.add(Math.round((low + ((high - low) * i) / steps) * 100) / 100);
  const points = [...prices]
    .filter((price) => price >= low && price <= high)
    .sort((a, b) => a - b)
    .map((price) => ({ price, pnl: pnlAt(positions, expiration, price) }));
  const breakevens: number[] = [];
  for (let i = 1; i < points.length; i += 1) {
    const a = points[i - 1]!;
    const b = points[i]!;
    if (a.pnl === 0 && (i === 1 || points[i - 2]!.pnl !== 0)) breakevens.push(a.price);
    else if ((a.pnl < 0 && b.pnl > 0) || (a.pnl > 0 && b.pnl < 0))
      breakevens.push(Math.round((a.price - (a.pnl * (b.price - a.price)) / (b.pnl - a.pnl)) * 100) / 100);
  }
  return {
    ticker: first.ticker,
    expiration,
    points,
    breakevens,
    worst: Math.min(...points.map((p) => p.pnl)),
    best: Math.max(...points.map((p) => p.pnl)),
    estimate: positions.some((p) =>
      p.legs.some((leg) => leg.expiration !== null && leg.expiration !== expiration),
    ),
    spot,
  };
}
