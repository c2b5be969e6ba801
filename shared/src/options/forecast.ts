/**
 * The scanner's forecast of an underlying at each expiry, from what is known at scan time only:
 * the closes before today's session, the earnings calendar, the rate and dividend yield, and the
 * option surface's shape (its skew is in today's quotes). Nothing reads a later price.
 *
 *   volatility   EWMA (λ = 0.94, RiskMetrics) of each past session's realized variance from its
 *                minute bars (squared 5-minute returns from the open to the close plus the squared
 *                overnight return, ../market/price-model sessionRealizedVariance), scaled to
 *                close-to-close variance by the ratio of the two over the last 252 sessions (Hansen
 *                and Lunde's scaling), earnings days left out (a report's jump is an event, not
 *                diffusion). Intraday data make the estimate far less noisy than squared daily
 *                returns (78 returns a day instead of one). The variance then reverts to the
 *                long-run close-to-close average (ex-earnings, the last 1,260 sessions: the
 *                unconditional variance wants the longest history, one year is one regime) like a
 *                GARCH(1,1) forecast,
 *                E[σ²(t + k)] = σ²_LR + φ^k·(σ²_now - σ²_LR) with φ = 0.97 a session (half-life
 *                about 23 sessions), summed over the sessions left to the expiry (today's remaining
 *                fraction included)
 *   horizon      that sum assumes independent sessions; over weeks and months prices here revert
 *                (and the sum overstates the move), so it is multiplied by the variance ratio
 *                VR(h) = E[(y_{t+h} - y_t)²] / (h·E[(y_{t+1} - y_t)²]) measured on past closes
 *                (Lo and MacKinlay): y the log close without report days' returns, every scannable
 *                stock and ETF pooled, the 1,260 sessions before today's (fewer near the market's
 *                start), at horizons of 1 to 252 sessions, interpolated between them. A random walk
 *                measures 1 and is left as it is; nothing here knows the price model's reversion
 *   earnings     each report before an expiry (on or before its day) adds its move in variance,
 *                m² (the surface's own earnings move, ../market/earnings)
 *   drift        r - q: the forward S·e^{(r - q)T}
 *   shape        the surface's smile scaled to the forecast: σ_f(K) = (σ_f,ATM / σ_surface,ATM)·σ_surface(K)
 *
 * Under this distribution the expected payoff of a call struck at K is the undiscounted Black
 * price F·N(d1) - K·N(d2) at σ_f(K) (the smile is the distribution: Breeden-Litzenberger), and
 * P(S_T > K) = N(d2) - F·φ(d1)·√T·σ_f'(K), the digital with its skew term.
 */
import { normCdf, normPdf } from '../pricing/normal';
import {
  extendSymbolTo,
  sessionRealizedVariance,
  symbolModel,
  tradingIndexOnOrBefore,
  type MarketClock,
} from '../market/price-model';
import { UNIVERSE, type UniverseEntry } from '../market/universe';
import { atmVolatility, earningsVariance, type SurfaceParameters } from './surface';
import { CappedMap } from '../cache/capped-map';

export const EWMA_LAMBDA = 0.94;
export const VARIANCE_PERSISTENCE = 0.97;
export const HISTORY_SESSIONS = 252;
/** Sessions of closes the long-run variance is averaged over (GARCH's unconditional variance). */
export const LONG_RUN_SESSIONS = 1260;
const TRADING_DAYS_PER_YEAR = 252;
/** Sessions of closes the variance ratios are measured on, and the horizons they are measured at. */
export const VARIANCE_RATIO_SESSIONS = 1260;
export const VARIANCE_RATIO_HORIZONS: readonly number[] = [
  1, 2, 3, 5, 7, 10, 15, 21, 30, 42, 63, 84, 105, 126, 157, 189, 220, 252,
];

export interface UnderlyingForecast {
  /** Today's daily variance estimate (EWMA, ex-earnings). */
  dailyVariance: number;
  /** The long-run (up to 1,260 sessions) average daily variance (ex-earnings): where the forecast reverts to. */
  longRunDailyVariance: number;
  /** Index of the session the scan is in, and the share of it still to trade (0 once closed). */
  sessionIndex: number;
  remainingToday: number;
  /** Sessions of the EWMA's history (fewer than 252 only near the market's start). */
  sessions: number;
  /** VR(h) at each of VARIANCE_RATIO_HORIZONS (see varianceRatios). */
  varianceRatios: Float64Array;
}

const CACHE_LIMIT = 2000;
const cache = new CappedMap<
  string,
  { dailyVariance: number; longRunDailyVariance: number; sessions: number }
>(CACHE_LIMIT);

/**
 * The daily variance estimates from sessions before `index` (the EWMA and its scaling from the
 * last 252, the long-run average from the last 1,260): a pure function of prices already set
 * when session `index` opens.
 */
export function historyVariance(
  entry: UniverseEntry,
  index: number,
): { dailyVariance: number; longRunDailyVariance: number; sessions: number } {
  const key = `${entry.symbol}:${index}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const model = symbolModel(entry);
  extendSymbolTo(model, index - 1);
  const first = Math.max(1, index - LONG_RUN_SESSIONS);
  const recent = index - HISTORY_SESSIONS;
  const realized: number[] = [];
  let sumLongRun = 0;
  let countLongRun = 0;
  let sumCloses = 0;
  let sumRealized = 0;
  for (let n = first; n <= index - 1; n += 1) {
    if (model.reportDay[n] === 1) continue; // the report's jump: an event the forecast adds separately
    const r = Math.log(model.close[n]! / model.close[n - 1]!);
    sumLongRun += r * r;
    countLongRun += 1;
    if (n < recent) continue;
    const v = sessionRealizedVariance(entry, n);
    realized.push(v);
    sumCloses += r * r;
    sumRealized += v;
  }
  const longRun = countLongRun > 0 ? sumLongRun / countLongRun : 0;
  const scale = sumRealized > 0 ? sumCloses / sumRealized : 1;
  // EWMA of the scaled realized variances, seeded with the average, run oldest to newest.
  let ewma = longRun;
  for (const v of realized) ewma = EWMA_LAMBDA * ewma + (1 - EWMA_LAMBDA) * scale * v;
  const value = { dailyVariance: ewma, longRunDailyVariance: longRun, sessions: realized.length };
  cache.set(key, value);
  return value;
}

const RATIO_CACHE_LIMIT = 64;
const ratioCache = new CappedMap<number, Float64Array>(RATIO_CACHE_LIMIT);
const SCANNABLE: readonly UniverseEntry[] = UNIVERSE.filter((entry) => entry.kind !== 'index');

/**
 * The variance ratios VR(h) at VARIANCE_RATIO_HORIZONS from the closes of sessions before `index`
 * (a pure function of prices already set when session `index` opens): every scannable stock and
 * ETF pooled, over the last VARIANCE_RATIO_SESSIONS sessions, each report day's return left out
 * (as in historyVariance). VR(1) is 1; a horizon with no complete window yet is left at 1.
 */
export function varianceRatios(index: number): Float64Array {
  const cached = ratioCache.get(index);
  if (cached) return cached;
  const horizons = VARIANCE_RATIO_HORIZONS;
  const sums = new Float64Array(horizons.length);
  const counts = new Float64Array(horizons.length);
  const first = Math.max(0, index - 1 - VARIANCE_RATIO_SESSIONS);
  const path = new Float64Array(index - first);
  for (const entry of SCANNABLE) {
    logClosePath(entry, first, path);
    addSquaredMoves(path, sums, counts);
  }
  const daily = counts[0]! > 0 ? sums[0]! / counts[0]! : 0;
  const ratios = new Float64Array(horizons.length);
  for (let k = 0; k < horizons.length; k += 1) {
    ratios[k] = counts[k]! > 0 && daily > 0 ? sums[k]! / counts[k]! / (horizons[k]! * daily) : 1;
  }
  ratioCache.set(index, ratios);
  return ratios;
}

/** path[j]: the log close of session first + j from that of `first`, report days' returns left out. */
function logClosePath(entry: UniverseEntry, first: number, path: Float64Array): void {
  const model = symbolModel(entry);
  const last = first + path.length - 1;
  extendSymbolTo(model, last);
  path[0] = 0;
  for (let n = first + 1; n <= last; n += 1) {
    const r = model.reportDay[n] === 1 ? 0 : Math.log(model.close[n]! / model.close[n - 1]!);
    path[n - first] = path[n - first - 1]! + r;
  }
}

/** Adds a path's squared moves at each horizon, and their number, to the pooled sums. */
export function addSquaredMoves(path: Float64Array, sums: Float64Array, counts: Float64Array): void {
  const horizons = VARIANCE_RATIO_HORIZONS;
  for (let k = 0; k < horizons.length; k += 1) {
    const h = horizons[k]!;
    let sum = 0;
    for (let j = h; j < path.length; j += 1) {
      const move = path[j]! - path[j - h]!;
      sum += move * move;
    }
    sums[k] = sums[k]! + sum;
    counts[k] = counts[k]! + Math.max(0, path.length - h);
  }
}

/** VR(h) for any horizon in sessions: 1 at 0, linear between the measured horizons, flat past the last. */
export function varianceRatioAt(ratios: ArrayLike<number>, sessions: number): number {
  const horizons = VARIANCE_RATIO_HORIZONS;
  if (!(sessions > 0)) return 1;
  if (sessions <= horizons[0]!) return 1 + (ratios[0]! - 1) * (sessions / horizons[0]!);
  for (let k = 1; k < horizons.length; k += 1) {
    if (sessions <= horizons[k]!) {
      const w = (sessions - horizons[k - 1]!) / (horizons[k]! - horizons[k - 1]!);
      return ratios[k - 1]! + w * (ratios[k]! - ratios[k - 1]!);
    }
  }
  return ratios[horizons.length - 1]!;
}

/** Forgets cached history estimates (tests that rewrite the future use it to prove nothing looked ahead). */
export function clearForecastCache(): void {
  cache.clear();
  ratioCache.clear();
}

export function underlyingForecast(entry: UniverseEntry, clock: MarketClock): UnderlyingForecast {
  // A closed session's close is known: the next session's history includes it.
  const historyIndex = clock.isOpen ? clock.index : clock.index + 1;
  const { dailyVariance, longRunDailyVariance, sessions } = historyVariance(entry, historyIndex);
  // Written out, not spread: every forecast then has one shape, whatever its source's history.
  return {
    dailyVariance,
    longRunDailyVariance,
    sessions,
    varianceRatios: varianceRatios(historyIndex),
    sessionIndex: clock.index,
    remainingToday: clock.isOpen ? 1 - clock.minute / 390 : 0,
  };
}

/**
 * The sum of the daily variance forecasts (log, total) over `sessions` sessions from now
 * (fractional allowed), as if the sessions were independent; see horizonVariance.
 */
export function diffusiveVariance(
  forecast: Pick<UnderlyingForecast, 'dailyVariance' | 'longRunDailyVariance'>,
  sessions: number,
): number {
  if (!(sessions > 0)) return 0;
  const { dailyVariance, longRunDailyVariance } = forecast;
  const decay = (1 - Math.pow(VARIANCE_PERSISTENCE, sessions)) / (1 - VARIANCE_PERSISTENCE);
  return sessions * longRunDailyVariance + (dailyVariance - longRunDailyVariance) * decay;
}

/** The forecast's diffusive variance of the log price over `sessions`: the sum times VR(sessions). */
export function horizonVariance(forecast: UnderlyingForecast, sessions: number): number {
  return diffusiveVariance(forecast, sessions) * varianceRatioAt(forecast.varianceRatios, sessions);
}

/** Sessions left until an expiry's close (the rest of today, then each session to the expiry). */
export function sessionsUntil(forecast: UnderlyingForecast, expiryDay: number): number {
  const expiryIndex = tradingIndexOnOrBefore(expiryDay);
  return Math.max(0, expiryIndex - forecast.sessionIndex) + forecast.remainingToday;
}

/** The smile's shape the forecast scales (./surface smileVolatility's skew and curvature). */
export type SmileShape = Pick<SurfaceParameters, 'skew' | 'curvature'>;

/** The forecast of one expiry of one chain. */
export interface ExpiryForecast {
  years: number;
  /** S·e^{(r - q)T}. */
  forward: number;
  /** The surface's at-the-money volatility for this expiry (earnings included when spanned). */
  impliedAtm: number;
  /** The forecast's at-the-money volatility (annualised over the same T). */
  forecastAtm: number;
  /** forecastAtm / impliedAtm: the smile's scale. */
  scale: number;
  spansEarnings: boolean;
  surface: SmileShape;
}

export function expiryForecast(
  forecast: UnderlyingForecast,
  surface: SurfaceParameters,
  spot: number,
  rate: number,
  dividendYield: number,
  expiryDay: number,
  years: number,
): ExpiryForecast {
  const sessions = sessionsUntil(forecast, expiryDay);
  const reports = earningsVariance(surface, expiryDay);
  const spansEarnings = reports > 0;
  const variance = horizonVariance(forecast, sessions) + reports;
  const t = Math.max(years, 1e-9);
  const impliedAtm = atmVolatility(surface, t, expiryDay);
  const forecastAtm = Math.sqrt(Math.max(variance, 1e-12) / t);
  return {
    years: t,
    forward: spot * Math.exp((rate - dividendYield) * t),
    impliedAtm,
    forecastAtm,
    scale: forecastAtm / impliedAtm,
    spansEarnings,
    surface,
  };
}

/** Annualised historical volatility (ex-earnings) on a 252-session year, for display. */
export function historicalVolatility(forecast: UnderlyingForecast): number {
  return Math.sqrt(forecast.dailyVariance * TRADING_DAYS_PER_YEAR);
}

/** σ_f(K) and dσ_f/dK: the surface's smile (./surface smileVolatility) at the forecast's scale. */
function smileWithSlope(f: ExpiryForecast, strike: number, out: Float64Array): void {
  const p = f.surface;
  const atm = f.impliedAtm;
  const width = atm * Math.sqrt(f.years);
  const z = Math.log(strike / f.forward) / width;
  const th = Math.tanh(z / 2.5);
  const psi = 2.5 * th;
  const shape = 1 + p.skew * psi + p.curvature * psi * psi;
  if (shape <= 0.5) {
    out[0] = f.scale * atm * 0.5;
    out[1] = 0;
    return;
  }
  out[0] = f.scale * atm * shape;
  const dPsi = (1 - th * th) / (strike * width);
  out[1] = f.scale * atm * (p.skew + 2 * p.curvature * psi) * dPsi;
}

const smile = new Float64Array(2);

/** E[max(S_T - K, 0)] (call) or E[max(K - S_T, 0)] (put) under the forecast, undiscounted. */
export function expectedPayoff(f: ExpiryForecast, strike: number, isCall: boolean): number {
  smileWithSlope(f, strike, smile);
  const s = smile[0]! * Math.sqrt(f.years);
  const F = f.forward;
  if (!(s > 0)) return Math.max(isCall ? F - strike : strike - F, 0);
  const d1 = Math.log(F / strike) / s + 0.5 * s;
  const d2 = d1 - s;
  return isCall ? F * normCdf(d1) - strike * normCdf(d2) : strike * normCdf(-d2) - F * normCdf(-d1);
}

/** P(S_T < level) under the forecast (0 at or below 0, 1 at Infinity). */
export function probabilityBelow(f: ExpiryForecast, level: number): number {
  if (!(level > 0)) return 0;
  if (level === Infinity) return 1;
  smileWithSlope(f, level, smile);
  const sqrtT = Math.sqrt(f.years);
  const s = smile[0]! * sqrtT;
  const F = f.forward;
  const d1 = Math.log(F / level) / s + 0.5 * s;
  const d2 = d1 - s;
  const above = normCdf(d2) - F * normPdf(d1) * sqrtT * smile[1]!;
  return Math.min(1, Math.max(0, 1 - above));
}
