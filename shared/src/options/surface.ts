/**
 * The simulated implied-volatility surface of a symbol on a day: σ(K, T) is the input the chain's
 * quotes are priced from (the chain's own iv is solved back from its rounded mid).
 *
 *   ATM term structure  σ_atm(T) = σ_∞ + (σ_30 - σ_∞)·√(30d / max(T, 7d)): today's 30-day IV
 *                       decays to the symbol's long-run vol (backwardation when IV is rich)
 *   earnings            an expiry on or after the next report carries its move m in variance:
 *                       σ_T² = σ_atm² + m²/T, m = EARNINGS_MOVE (0.14) × the long-run vol, the same
 *                       move the price model makes on the report day (../market/earnings)
 *   skew and smile      with ψ = 2.5·tanh(z/2.5), z = ln(K/F)/(σ_T√T):
 *                       σ = σ_T·(1 + skew·ψ + curvature·ψ²), skew < 0 (puts richer) for equities,
 *                       > 0 for the VIX; both parameters drift day to day (seeded)
 */
import { normal } from '../market/random';
import { earningsMoveOf } from '../market/earnings';
import type { SymbolModel } from '../market/price-model';

const DAY = 1 / 365;
const THIRTY_DAYS = 30 * DAY;

export interface SurfaceParameters {
  atm30: number;
  longRun: number;
  skew: number;
  curvature: number;
  /** Expiries on or after this day number carry the earnings move. */
  earningsDay: number | null;
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

export function surfaceParameters(
  model: SymbolModel,
  dayIndex: number,
  atm30: number,
  earningsDay: number | null,
): SurfaceParameters {
  const shape = baseShape(model);
  return {
    atm30,
    longRun: model.entry.vol,
    skew: shape.skew * Math.exp(0.15 * normal(model.seed, dayIndex, 11)),
    curvature: shape.curvature * Math.exp(0.2 * normal(model.seed, dayIndex, 12)),
    earningsDay,
    earningsMove: earningsMoveOf(model.entry),
  };
}

/** The at-the-money volatility of an expiry `years` away (`expiryDay` for the earnings test). */
export function atmVolatility(p: SurfaceParameters, years: number, expiryDay: number): number {
  const decay = Math.sqrt(THIRTY_DAYS / Math.max(years, 7 * DAY));
  const base = Math.max(p.longRun + (p.atm30 - p.longRun) * decay, 0.3 * p.longRun);
  if (p.earningsDay === null || expiryDay < p.earningsDay) return base;
  return Math.sqrt(base * base + (p.earningsMove * p.earningsMove) / Math.max(years, DAY));
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
