/**
 * The forecast of a real chain (./forecast's distribution, fed from real data, never from the
 * simulated model): the daily variance from the symbol's real daily closes (the provider's daily
 * bars and the closes the chain snapshot job recorded, ../providers/history/daily-history), and the
 * implied side, each expiry's at-the-money IV and smile, from the chain's own IVs.
 *
 *   volatility   EWMA (λ = 0.94) of squared daily close-to-close log returns over the last 252
 *                sessions, seeded with the long-run average (the last 1,260); no intraday bars
 *                (a real stage has only daily closes), and no earnings days left out (no real
 *                report dates here: docs/known-limits.md)
 *   horizon      the variance ratios VR(h) measured on this symbol's own log closes over the last
 *                1,260 sessions; a horizon with fewer than MIN_VR_WINDOWS windows is left at 1
 *   implied      the expiry's at-the-money IV (call and put averaged, interpolated at the forward)
 *   shape        skew and curvature fitted by least squares to the expiry's IVs in the surface's
 *                own form, σ(K)/σ_ATM = 1 + skew·ψ + curvature·ψ², ψ = 2.5·tanh(z/2.5),
 *                z = ln(K/F)/(σ_ATM·√T)
 * Under REAL_FORECAST_MIN_CLOSES closes there is no forecast (null): the scan then gives no
 * expected return and no edge score, with why.
 */
import type { MarketClock } from '../market/price-model';
import type { PricedChain } from '../providers/chains/price-real-chain';
import { expiryAtmIv } from '../providers/history/real-iv';
import {
  addSquaredMoves,
  EWMA_LAMBDA,
  HISTORY_SESSIONS,
  horizonVariance,
  LONG_RUN_SESSIONS,
  sessionsUntil,
  VARIANCE_RATIO_HORIZONS,
  VARIANCE_RATIO_SESSIONS,
  type ExpiryForecast,
  type SmileShape,
  type UnderlyingForecast,
} from './forecast';

/** Daily closes a real forecast needs at least: 40 returns, two months of sessions. */
export const REAL_FORECAST_MIN_CLOSES = 41;
/** Overlapping windows a variance ratio is measured on at least (fewer: the horizon is left at 1). */
const MIN_VR_WINDOWS = 60;

/**
 * The forecast of an underlying from its real daily closes (oldest first, every one before the
 * scan's session: the caller leaves today's out while the session trades), or null under
 * REAL_FORECAST_MIN_CLOSES.
 */
export function realHistoryForecast(
  closes: readonly number[],
  clock: MarketClock,
): UnderlyingForecast | null {
  if (closes.length < REAL_FORECAST_MIN_CLOSES) return null;
  const recentCloses = closes.slice(-(LONG_RUN_SESSIONS + 1));
  const returns: number[] = [];
  for (let n = 1; n < recentCloses.length; n += 1)
    returns.push(Math.log(recentCloses[n]! / recentCloses[n - 1]!));
  const longRun = returns.reduce((sum, r) => sum + r * r, 0) / returns.length;
  const recent = returns.slice(-HISTORY_SESSIONS);
  let ewma = longRun;
  for (const r of recent) ewma = EWMA_LAMBDA * ewma + (1 - EWMA_LAMBDA) * r * r;
  return {
    dailyVariance: ewma,
    longRunDailyVariance: longRun,
    sessions: recent.length,
    varianceRatios: ownVarianceRatios(closes),
    sessionIndex: clock.index,
    remainingToday: clock.isOpen ? 1 - clock.minute / 390 : 0,
  };
}

/** VR(h) at VARIANCE_RATIO_HORIZONS on one symbol's log closes (the last VARIANCE_RATIO_SESSIONS). */
function ownVarianceRatios(closes: readonly number[]): Float64Array {
  const used = closes.slice(-(VARIANCE_RATIO_SESSIONS + 1));
  const path = Float64Array.from(used, (c) => Math.log(c / used[0]!));
  const horizons = VARIANCE_RATIO_HORIZONS;
  const sums = new Float64Array(horizons.length);
  const counts = new Float64Array(horizons.length);
  addSquaredMoves(path, sums, counts);
  const daily = counts[0]! > 0 ? sums[0]! / counts[0]! : 0;
  return Float64Array.from(horizons, (h, k) =>
    counts[k]! >= MIN_VR_WINDOWS && daily > 0 ? sums[k]! / counts[k]! / (h * daily) : 1,
  );
}

/**
 * The smile's skew and curvature fitted to one expiry's IVs (least squares of σ/σ_ATM - 1 on ψ and
 * ψ²); flat (0, 0) with fewer than three usable strikes.
 */
export function fitSmile(
  atm: number,
  forward: number,
  years: number,
  points: readonly { strike: number; iv: number }[],
): SmileShape {
  let s11 = 0;
  let s12 = 0;
  let s22 = 0;
  let b1 = 0;
  let b2 = 0;
  let n = 0;
  const width = atm * Math.sqrt(years);
  for (const { strike, iv } of points) {
    if (!(iv > 0) || !(strike > 0)) continue;
    const psi = 2.5 * Math.tanh(Math.log(strike / forward) / width / 2.5);
    const y = iv / atm - 1;
    const q = psi * psi;
    s11 += psi * psi;
    s12 += psi * q;
    s22 += q * q;
    b1 += psi * y;
    b2 += q * y;
    n += 1;
  }
  const det = s11 * s22 - s12 * s12;
  if (n < 3 || !(Math.abs(det) > 1e-12)) return { skew: 0, curvature: 0 };
  return { skew: (b1 * s22 - b2 * s12) / det, curvature: (s11 * b2 - s12 * b1) / det };
}

/**
 * The forecast of one expiry of a real chain: the implied side from the chain's own IVs (out of
 * the money: puts below the forward, calls above), null when the expiry has no at-the-money IV.
 */
export function realExpiryForecast(
  forecast: UnderlyingForecast,
  priced: PricedChain,
  expiration: string,
  expiryDay: number,
  years: number,
): ExpiryForecast | null {
  const expiry = priced.expiries.find((e) => e.expiration === expiration);
  if (!expiry || !(years > 0)) return null;
  const rows = priced.contracts.filter((c) => c.contract.expiration === expiration);
  const impliedAtm = expiryAtmIv(expiry.forward, rows);
  if (impliedAtm === null || !(impliedAtm > 0)) return null;
  const otm = rows.flatMap((c) =>
    c.iv !== null && (c.contract.type === 'put') === c.contract.strike < expiry.forward
      ? [{ strike: c.contract.strike, iv: c.iv }]
      : [],
  );
  const sessions = sessionsUntil(forecast, expiryDay);
  const variance = horizonVariance(forecast, sessions);
  const forecastAtm = Math.sqrt(Math.max(variance, 1e-12) / years);
  return {
    years,
    forward: expiry.forward,
    impliedAtm,
    forecastAtm,
    scale: forecastAtm / impliedAtm,
    spansEarnings: false,
    surface: fitSmile(impliedAtm, expiry.forward, years, otm),
  };
}
