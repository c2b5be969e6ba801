/**
 * The scanner's eight strategies as real positions (one lot), built from a chain's contracts.
 *
 *   long-call         +1 call                       debit; max profit unbounded (Infinity)
 *   long-put          +1 put                        debit; max profit strike - premium
 *   covered-call      +100 shares, -1 call           max loss spot - premium (shares to 0)
 *   cash-secured-put  -1 put, strike × 100 in cash   max loss strike - premium
 *   iron-condor       +1 put, -1 put, -1 call, +1 call (short strikes ~20 delta); credit
 *   butterfly         +1 call, -2 calls, +1 call, centred at the money; debit
 *   straddle          +1 call, +1 put at the money (bought: long volatility); max profit unbounded
 *   strangle          +1 call, +1 put out of the money (~25 delta; bought); max profit unbounded
 * None of them has an unbounded loss; `maxLoss` is Infinity only for positions that do (e.g. a
 * naked short call), which analyzePosition supports. Fills are at the mid. Capital required is the
 * worst case at expiry (max loss): the debit for long options, the cash to secure a put, the
 * shares net of the call premium, the wing width net of the condor's credit.
 * Money is in dollars per position (× 100 shares a contract) except where "per share" is said.
 */
import { optionPrice } from '../pricing/american';
import { BoundaryCache, tableFor, tabulatedPrice } from '../pricing/american-batch';
import { exerciseStyleOfSymbol } from '../market/universe';
import { MS_PER_YEAR } from '../market/calendar';
import type { ScannerStrategy } from '../constants/strategies';
import {
  LEG_CALL,
  LEG_PUT,
  LEG_STOCK,
  OUT_BREAKEVENS,
  OUT_BREAKEVEN_COUNT,
  OUT_MAX_LOSS,
  OUT_MAX_PROFIT,
  OUT_NET_PREMIUM,
  OUT_POP,
  OUT_SIZE,
  analyzeLegs,
  createLegBuffer,
  legsPayoff,
  pushLeg,
  type LegBuffer,
} from './payoff';

export const CONTRACT_MULTIPLIER = 100;

export type LegKind = 'call' | 'put' | 'stock';
export type Side = 'long' | 'short';

export interface PositionLeg {
  kind: LegKind;
  side: Side;
  /** Contracts (an option) or lots of 100 shares (stock). */
  quantity: number;
  /** null for stock. */
  strike: number | null;
  expiration: string | null;
  /** Years to expiry when the position was priced (0 for stock). */
  years: number;
  /** Entry price per share at the executable side (the ask bought, the bid sold), or the stock price. */
  premium: number;
  bid: number;
  ask: number;
  /** Implied volatility (fraction) the leg is revalued with; null for stock. */
  iv: number | null;
  /** Per share and per unit, for a long unit (the side is applied in the net greeks). */
  delta: number;
  gamma: number;
  theta: number;
  vega: number;
  volume: number;
  openInterest: number;
}

export interface Position {
  symbol: string;
  strategy: ScannerStrategy;
  spot: number;
  rate: number;
  dividendYield: number;
  /** When the position was priced (ISO). */
  asOf: string;
  expiration: string;
  years: number;
  legs: PositionLeg[];
}

export interface NetGreeks {
  /** Per share equivalent: Σ ± quantity × leg greek (× 100 for dollars per position). */
  delta: number;
  gamma: number;
  theta: number;
  vega: number;
}

export interface PositionMetrics {
  /** Per share: + paid (debit), - received (credit). */
  netPremium: number;
  /** Dollars: + debit paid, - credit received (per contract × 100). */
  cost: number;
  /** Dollars; Infinity when unbounded. */
  maxProfit: number;
  /** Dollars, as a positive number; Infinity when unbounded. */
  maxLoss: number;
  breakevens: number[];
  /** 0-1, see ./payoff. */
  probabilityOfProfit: number;
  /** Per share: spot × ATM IV × √T, the one-standard-deviation move to expiry. */
  expectedMove: number;
  /** Dollars: the worst case at expiry. */
  capitalRequired: number;
  greeks: NetGreeks;
}

const signOf = (leg: PositionLeg): number => (leg.side === 'long' ? 1 : -1) * leg.quantity;

function fillBuffer(position: Position, buffer: LegBuffer): void {
  buffer.count = 0;
  for (const leg of position.legs) {
    const kind = leg.kind === 'stock' ? LEG_STOCK : leg.kind === 'call' ? LEG_CALL : LEG_PUT;
    pushLeg(buffer, kind, leg.strike ?? 0, signOf(leg), leg.premium);
  }
}

const scratch = createLegBuffer();
const out = new Float64Array(OUT_SIZE);

/** Profit or loss in dollars of the position at expiry if the underlying ends at `priceAtExpiry`. */
export function payoffAt(position: Position, priceAtExpiry: number): number {
  fillBuffer(position, scratch);
  return legsPayoff(scratch, priceAtExpiry) * CONTRACT_MULTIPLIER;
}

/**
 * Profit or loss in dollars if the position were closed at `spot` at instant `at`, each option
 * revalued at its own implied volatility and the time left then, under the exercise style its IV
 * was solved with (American for stocks and ETFs, European for indices), so that at the position's
 * own spot and time each leg is worth its mid again (the payoff diagram's "today" line). At or
 * after expiry it equals payoffAt. A curve passes one `boundaries` cache for all its points.
 */
export function valueToday(
  position: Position,
  spot: number,
  at: Date,
  boundaries: BoundaryCache = new BoundaryCache(),
): number {
  const elapsed = (at.getTime() - Date.parse(position.asOf)) / MS_PER_YEAR;
  const style = exerciseStyleOfSymbol(position.symbol);
  let total = 0;
  for (const leg of position.legs) {
    let value: number;
    if (leg.kind === 'stock') value = spot;
    else {
      const years = Math.max(leg.years - elapsed, 0);
      const isCall = leg.kind === 'call';
      const { rate, dividendYield } = position;
      // The early-exercise boundary depends on (T, r, q, type), not the spot: one per leg for a curve.
      const iv = leg.iv ?? 0;
      value =
        iv > 0
          ? tabulatedPrice(
              spot,
              leg.strike!,
              years,
              rate,
              dividendYield,
              iv,
              isCall,
              tableFor(boundaries, style, years, rate, dividendYield, isCall),
            )
          : optionPrice(style, spot, leg.strike!, years, rate, dividendYield, 0, isCall);
    }
    total += signOf(leg) * (value - leg.premium);
  }
  return total * CONTRACT_MULTIPLIER;
}

export function netGreeks(position: Position): NetGreeks {
  const greeks = { delta: 0, gamma: 0, theta: 0, vega: 0 };
  for (const leg of position.legs) {
    const sign = signOf(leg);
    greeks.delta += sign * leg.delta;
    greeks.gamma += sign * leg.gamma;
    greeks.theta += sign * leg.theta;
    greeks.vega += sign * leg.vega;
  }
  return greeks;
}

/** Everything the scanner shows about a position; `atmIv` is the expiry's at-the-money IV. */
export function analyzePosition(position: Position, atmIv: number): PositionMetrics {
  fillBuffer(position, scratch);
  analyzeLegs(scratch, position.spot, position.years, position.rate, position.dividendYield, atmIv, out);
  const breakevens: number[] = [];
  for (let b = 0; b < out[OUT_BREAKEVEN_COUNT]!; b += 1) breakevens.push(out[OUT_BREAKEVENS + b]!);
  const maxLoss = out[OUT_MAX_LOSS]! * CONTRACT_MULTIPLIER;
  return {
    netPremium: out[OUT_NET_PREMIUM]!,
    cost: out[OUT_NET_PREMIUM]! * CONTRACT_MULTIPLIER,
    maxProfit: out[OUT_MAX_PROFIT]! * CONTRACT_MULTIPLIER,
    maxLoss,
    breakevens,
    probabilityOfProfit: out[OUT_POP]!,
    expectedMove: position.spot * atmIv * Math.sqrt(position.years),
    capitalRequired: maxLoss,
    greeks: netGreeks(position),
  };
}
