/**
 * The risk level of a suggested position (spec: low green, medium yellow, high red), from what it
 * can lose relative to the capital it ties up. Every strategy the scanner builds can lose its whole
 * capital in the worst case (its max loss IS its capital required), so the worst case alone cannot
 * tell them apart; what does is how much of that capital is lost if the underlying ends anywhere
 * within one expected move (spot ± spot·IV·√T) at expiry:
 *   low     under 25% of the capital
 *   medium  25% to under 60%
 *   high    60% or more
 * A covered call or a cash-secured put loses a few percent of its capital on a one-sigma fall; an
 * iron condor whose short strikes sit near one sigma loses little; a long option, straddle or
 * butterfly can lose most of its premium without any unusual move.
 */
import type { RiskLevel } from './schemas';
import { payoffAt, type Position } from '../options/strategies';

export const RISK_BANDS = { medium: 0.25, high: 0.6 } as const;

/**
 * The worst loss at expiry for an underlying price within spot ± expectedMove, as a share of
 * `capital` (0 when even the worst price there is a profit). The payoff is linear between strikes,
 * so its minimum over the range is at an end or a strike inside it.
 */
export function lossAtExpectedMove(position: Position, expectedMove: number, capital: number): number {
  if (!(capital > 0)) return 1;
  const low = Math.max(0, position.spot - expectedMove);
  const high = position.spot + expectedMove;
  const prices = [low, high];
  for (const leg of position.legs)
    if (leg.strike !== null && leg.strike > low && leg.strike < high) prices.push(leg.strike);
  const worst = Math.min(...prices.map((price) => payoffAt(position, price)));
  return Math.min(1, Math.max(0, -worst) / capital);
}

export function riskLevelOf(lossShare: number): RiskLevel {
  if (lossShare >= RISK_BANDS.high) return 'high';
  if (lossShare >= RISK_BANDS.medium) return 'medium';
  return 'low';
}
