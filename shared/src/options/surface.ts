/**
 * The simulated implied-volatility surface of a symbol at an instant: σ(K, T) is the input the
 * chain's quotes are priced from (the chain's own iv is solved back from its rounded mid).
 *
 *   ATM term structure  the model's own expected variance to each expiry (../market/volatility:
 *                       from the variance state after the last close, the session in progress
 *                       counted for the part of it still to trade), times the premium (1 + p)²,
 *                       so no expiry is priced below what the model expects to realise (except in
 *                       a crash regime, which the model does not price); during a session the
 *                       whole structure moves with the 30-day IV from yesterday's close to today's
 *   earnings            each report before an expiry adds its move m in variance:
 *                       σ_T²·T = (premium)²·E[diffusive variance to T] + Σ m², m = EARNINGS_MOVE
 *                       (0.14) × the stock's typical vol, the move the price model makes on every
 *                       report day (../market/earnings)
 *   skew and smile      with ψ = 2.5·tanh(z/2.5), z = ln(K/F)/(σ_T√T):
 *                       σ = σ_T·(1 + skew·ψ + curvature·ψ²), skew < 0 (puts richer) for equities,
 *                       > 0 for the VIX; both parameters drift day to day (seeded)
 */
import { normal } from '../market/random';
import { earningsMoveOf, nextEarningsDate } from '../market/earnings';
import {
  tradingDayNumber,
  tradingIndexOnOrBefore,
  varianceStateAt,
  type MarketClock,
  type SymbolModel,
} from '../market/price-model';
import { expectedVariance, impliedVolatility, type VarianceState } from '../market/volatility';
import { SESSION_MINUTES } from '../market/calendar';

/** Reports further ahead than the last listed expiry (a year) are not needed. */
const EARNINGS_HORIZON_DAYS = 400;
/** A floor on an expiry's time (a minute), so that the last minute before it stays finite. */
const MIN_YEARS = 1 / (365 * 1440);

export interface SurfaceParameters {
  /** The 30-day ATM implied volatility now (the quote's). */
  atm30: number;
  /** The model's variance state after the last close (index `stateIndex`). */
  variance: VarianceState;
  stateIndex: number;
  /** The share of the session after stateIndex still to trade (1 from a close to the next open). */
  firstShare: number;
  /** atm30 over the state's own 30-day IV: 1 at a close, during a session the IV's move toward the close's. */
  scale: number;
  skew: number;
  curvature: number;
  /** Report days (day numbers) still ahead, ascending: each adds the earnings move to the expiries on or after it. */
  earningsDays: number[];
  earningsMove: number;
}

function baseShape(model: SymbolModel): { skew: number; curvature: number } {
  const { entry } = model;
  if (entry.symbol === 'VIX') return { skew: 0.15, curvature: 0.01 };
  switch (entry.sector) {
    case 'Broad Market':
      return { skew: -0.13, curvature: 0.015 };
    case 'Commodities':
      return { skew: 0.02, curvature: 0.02 };
    case 'Fixed Income':
    case 'Currencies':
      return { skew: -0.03, curvature: 0.015 };
    case 'Leveraged':
    case 'Volatility':
      return { skew: -0.08, curvature: 0.02 };
    default:
      return entry.kind === 'etf' ? { skew: -0.1, curvature: 0.015 } : { skew: -0.06, curvature: 0.03 };
  }
}

/** A stock's report days after `sessionDay` (reports come before the open) within the horizon. */
export function reportsAhead(model: SymbolModel, sessionDay: number): number[] {
  if (model.entry.kind !== 'stock') return [];
  const days: number[] = [];
  const last = sessionDay + EARNINGS_HORIZON_DAYS;
  for (let day = nextEarningsDate(model.entry.symbol, sessionDay + 1); day <= last;) {
    days.push(day);
    day = nextEarningsDate(model.entry.symbol, day + 1);
  }
  return days;
}

/** The surface of a symbol at a clock's minute, whose 30-day ATM IV is `atm30`. */
export function surfaceParameters(model: SymbolModel, clock: MarketClock, atm30: number): SurfaceParameters {
  const shape = baseShape(model);
  const session = clock.index;
  const open = clock.minute < SESSION_MINUTES;
  const stateIndex = open ? session - 1 : session;
  const variance = varianceStateAt(model, stateIndex);
  return {
    atm30,
    variance,
    stateIndex,
    firstShare: open ? 1 - clock.minute / SESSION_MINUTES : 1,
    scale: atm30 / impliedVolatility(variance),
    skew: shape.skew * Math.exp(0.15 * normal(model.seed, session, 11)),
    curvature: shape.curvature * Math.exp(0.2 * normal(model.seed, session, 12)),
    earningsDays: reportsAhead(model, tradingDayNumber(session)),
    earningsMove: earningsMoveOf(model.entry),
  };
}

/** The number of reports before an expiry (on or before its day: a report comes before the open). */
export function reportsSpanned(p: SurfaceParameters, expiryDay: number): number {
  let count = 0;
  while (count < p.earningsDays.length && p.earningsDays[count]! <= expiryDay) count += 1;
  return count;
}

/** The variance the reports before an expiry add: Σ m² over them. */
export function earningsVariance(p: SurfaceParameters, expiryDay: number): number {
  return reportsSpanned(p, expiryDay) * p.earningsMove * p.earningsMove;
}

/** The implied diffusive variance (log, total) from now to an expiry's close: the premium times the model's. */
export function impliedDiffusiveVariance(p: SurfaceParameters, expiryDay: number): number {
  const sessions = tradingIndexOnOrBefore(expiryDay) - p.stateIndex;
  const premium = p.variance.premium * p.scale;
  return premium * premium * expectedVariance(p.variance, sessions, p.firstShare);
}

/** The at-the-money volatility of an expiry `years` away on day `expiryDay`, its reports included. */
export function atmVolatility(p: SurfaceParameters, years: number, expiryDay: number): number {
  const variance = impliedDiffusiveVariance(p, expiryDay) + earningsVariance(p, expiryDay);
  return Math.sqrt(variance / Math.max(years, MIN_YEARS));
}

/** σ(K) on an expiry whose ATM volatility is `atm`, with forward F. */
export function smileVolatility(
  p: SurfaceParameters,
  atm: number,
  forward: number,
  strike: number,
  years: number,
): number {
  const z = Math.log(strike / forward) / (atm * Math.sqrt(years));
  const psi = 2.5 * Math.tanh(z / 2.5);
  return atm * Math.max(1 + p.skew * psi + p.curvature * psi * psi, 0.5);
}
