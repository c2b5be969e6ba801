/**
 * The simulated market's volatility, day by day from the epoch (docs/market-model.md has the
 * figures it produces next to real ones). By trading-day index n:
 *
 *   market shock   z_n = (ξ - E ξ) / sd ξ, ξ = Z - 3.5·B: a normal draw Z, minus 3.5 on a seeded
 *                  2% of days (B): a standardised shock with a fat, negative left tail (skew -0.6)
 *   variance       the market's daily variance over its long-run level, v_n = x_n + c_n:
 *                  x_n a GJR-GARCH with leverage,
 *                  x_{n+1} = (1 - φ) + x_n·(β + α·z_n² + γ·z_n²·1{z_n < 0}), β = 0.92, α = 0,
 *                  φ = β + α + γ·E[z²·1{z < 0}] = 0.98 (half-life 34 sessions): a fall raises
 *                  tomorrow's variance, a rise of the same size lowers it; c_n the crash regimes'
 *                  part, c_{n+1} = 0.95·c_n (half-life 13.5 sessions) plus, on each session of a
 *                  regime, 1.4·s·max(0, 1 - z_n) (about 1.5·s a session, more on a down day)
 *   crash regime   18 sessions in which the market's shock is m_n = (1 + 0.3·s)·z_n - 0.6·s, s the
 *                  crash's severity, while the variance grows by c (outside a regime m_n = z_n):
 *                  the first, of severity 1, starts on 2020-02-24 (the real market's COVID crash);
 *                  later ones start on a seeded 1 session in 3,360 (one in 13 years: the real
 *                  market fell 20% or more within a month in 1987, 2008 and 2020), at least 250
 *                  sessions apart, of a seeded severity between 0.4 and 1
 *   premium        implied volatility = √(expected variance) × (1 + p_n), p_n = 0.12·e^{u_n + e_n}:
 *                  u_n the market's AR(1) (persistence 0.98; its shocks correlate -0.6 with the
 *                  market's, so a fall raises the premium), e_n the symbol's (0.97). Always
 *                  positive ex ante, so the front week is never priced below what the model expects
 *                  to realise, except inside a crash regime, whose continuation the implied
 *                  volatility does not price (the shock is news to the market too)
 *
 * A symbol's daily variance is s_n² = b²·(w·v_n + (1 - w)·y_n): b = 0.88 × its typical implied
 * volatility / √252, w the market's share (1 for the broad-market ETFs, 0.5 for a stock, 0.3 for
 * bonds, commodities, currencies) and y_n its own GARCH(1,1) on its own shock (persistence 0.98).
 * Every part is linear in expectation, so the expected variance over any horizon is exact in
 * closed form: E_n[x_{n+k}] = 1 + φ^{k-1}·(x_{n+1} - 1), E_n[c_{n+k}] = 0.95^{k-1}·c_{n+1} (no
 * regime ahead), summed geometrically.
 */
import { dayNumberOf, isTradingDay } from './calendar';
import { hashString, normal, uniform } from './random';
import { normCdf, normPdf } from '../pricing/normal';
import type { UniverseEntry } from './universe';

export const MARKET_EPOCH_DAY = dayNumberOf(2019, 1, 2);

/** Realised volatility's long-run level, as a share of a symbol's typical implied volatility. */
export const BASE_REALISED = 0.88;
/** The implied-volatility premium's level: implied = expected × (1 + 0.12·e^{u + e}). */
export const PREMIUM_LEVEL = 0.12;
/** Sessions in the 30-day implied volatility (the IV rank's and the VIX's horizon). */
export const IMPLIED_SESSIONS = 21;

const JUMP_PROBABILITY = 0.02;
const JUMP_SIZE = 3.5;
const JUMP_MEAN = -JUMP_PROBABILITY * JUMP_SIZE;
const JUMP_SD = Math.sqrt(1 + JUMP_PROBABILITY * (1 - JUMP_PROBABILITY) * JUMP_SIZE * JUMP_SIZE);

export const MARKET_PERSISTENCE = 0.98;
const GARCH_BETA = 0.92;
const GARCH_ALPHA = 0;
/**
 * Ceiling of the GARCH's ratio x: its part of realised volatility at most √30 ≈ 5.5× its long-run
 * level (the real VIX's highest close was 82.69, on 2020-03-16).
 */
const MARKET_RATIO_CAP = 30;
export const OWN_PERSISTENCE = 0.98;
const OWN_ALPHA = 0.08;

export const CRASH_SESSIONS = 18;
const CRASH_SCALE = 0.3;
const CRASH_DRIFT = -0.6;
const CRASH_INJECTION = 1.4;
export const CRASH_DECAY = 0.95;
const CRASH_PROBABILITY = 1 / 3360;
const CRASH_MIN_SEVERITY = 0.4;
const CRASH_SPACING = 250;
/** The scheduled crash: the real market's of 2020 started on the Monday after 2020-02-19's high. */
export const SCHEDULED_CRASH_DAY = dayNumberOf(2020, 2, 24);

const PREMIUM_PERSISTENCE = 0.98;
const PREMIUM_SHOCK = 0.07;
/** The premium's shock loads on the market's (falls raise it) with correlation -0.6. */
const PREMIUM_LEVERAGE = 0.6;
const PREMIUM_OWN = 0.8;
const OWN_PREMIUM_PERSISTENCE = 0.97;
const OWN_PREMIUM_SHOCK = 0.06;

const MARKET_SEED = hashString('#market');
const JUMP_SEED = hashString('#market-jump');
const CRASH_SEED = hashString('#crash');
const PREMIUM_SEED = hashString('#premium');

/**
 * E[m²·1{m < 0}] of the standardised shock: for each normal component N(a, 1) of ξ, with
 * d = E ξ - a, E[(ξ - E ξ)²·1{ξ < E ξ}] = Φ(d)(1 + d²) + d·φ(d).
 */
function downsideSecondMoment(): number {
  const part = (a: number) => {
    const d = JUMP_MEAN - a;
    return normCdf(d) * (1 + d * d) + d * normPdf(d);
  };
  const raw = (1 - JUMP_PROBABILITY) * part(0) + JUMP_PROBABILITY * part(-JUMP_SIZE);
  return raw / (JUMP_SD * JUMP_SD);
}

const GARCH_GAMMA = (MARKET_PERSISTENCE - GARCH_BETA - GARCH_ALPHA) / downsideSecondMoment();

/** By trading-day index: the market's shock, its state after the close, and the crash session. */
const marketShock: number[] = [0];
/** x_{n+1} and c_{n+1}: the variance ratio's parts for session n + 1, known at session n's close. */
const marketRatioNext: number[] = [1];
const crashRatioNext: number[] = [0];
const premiumState: number[] = [0];
/** 0 outside a crash regime, else 1..CRASH_SESSIONS; and the regime's severity (0 outside). */
const crashSession: number[] = [0];
const crashSeverity: number[] = [0];
let scheduledCrashIndex = -1;
let lastCrashStart = -Infinity;

function scheduledCrash(): number {
  if (scheduledCrashIndex < 0) {
    let index = 0;
    for (let day = MARKET_EPOCH_DAY + 1; day <= SCHEDULED_CRASH_DAY; day += 1)
      if (isTradingDay(day)) index += 1;
    scheduledCrashIndex = index;
  }
  return scheduledCrashIndex;
}

/** Session n's place in a crash regime, and the regime's severity. */
function pushCrashSession(n: number): void {
  const previous = crashSession[n - 1]!;
  if (previous > 0 && previous < CRASH_SESSIONS) {
    crashSession.push(previous + 1);
    crashSeverity.push(crashSeverity[n - 1]!);
    return;
  }
  const scheduled = n === scheduledCrash();
  const starts =
    scheduled ||
    (n - lastCrashStart >= CRASH_SPACING &&
      Math.abs(n - scheduledCrash()) >= CRASH_SPACING &&
      uniform(CRASH_SEED, n) < CRASH_PROBABILITY);
  if (starts) lastCrashStart = n;
  crashSession.push(starts ? 1 : 0);
  const severity = CRASH_MIN_SEVERITY + (1 - CRASH_MIN_SEVERITY) * uniform(CRASH_SEED, n, 1);
  crashSeverity.push(!starts ? 0 : scheduled ? 1 : severity);
}

/** Extends the market's series to trading-day index `index`. */
export function extendMarketTo(index: number): void {
  for (let n = marketShock.length; n <= index; n += 1) {
    const xi = normal(MARKET_SEED, n) - (uniform(JUMP_SEED, n) < JUMP_PROBABILITY ? JUMP_SIZE : 0);
    const standard = (xi - JUMP_MEAN) / JUMP_SD;
    pushCrashSession(n);
    const severity = crashSeverity[n]!;
    marketShock.push(
      severity > 0 ? (1 + CRASH_SCALE * severity) * standard + CRASH_DRIFT * severity : standard,
    );
    const x = marketRatioNext[n - 1]!;
    const z2 = standard * standard;
    const next =
      1 - MARKET_PERSISTENCE + x * (GARCH_BETA + GARCH_ALPHA * z2 + (standard < 0 ? GARCH_GAMMA * z2 : 0));
    marketRatioNext.push(Math.min(next, MARKET_RATIO_CAP));
    const injection = severity > 0 ? CRASH_INJECTION * severity * Math.max(0, 1 - standard) : 0;
    crashRatioNext.push(CRASH_DECAY * crashRatioNext[n - 1]! + injection);
    const premiumShock = PREMIUM_LEVERAGE * -standard + PREMIUM_OWN * normal(PREMIUM_SEED, n);
    premiumState.push(PREMIUM_PERSISTENCE * premiumState[n - 1]! + PREMIUM_SHOCK * premiumShock);
  }
}

/** The market's standardised shock of session n (crash regime included). */
export const marketShockOf = (n: number): number => marketShock[n]!;
/** v_n = x_n + c_n: session n's market variance over its long-run level. */
export const marketRatioOf = (n: number): number => marketRatioNext[n - 1]! + crashRatioNext[n - 1]!;
/** x_{n+1} and c_{n+1}, known at session n's close. */
export const marketRatioAfter = (n: number): number => marketRatioNext[n]!;
export const crashRatioAfter = (n: number): number => crashRatioNext[n]!;
export const premiumStateOf = (n: number): number => premiumState[n]!;
/** 0 outside a crash regime, else the regime's session 1..CRASH_SESSIONS. */
export const crashSessionAt = (n: number): number => crashSession[n]!;
export const crashSeverityAt = (n: number): number => crashSeverity[n]!;

/** A symbol's own GARCH(1,1) ratio: y_{n+1} from y_n and the symbol's own standard shock. */
export function nextOwnRatio(y: number, shock: number): number {
  return 1 - OWN_PERSISTENCE + y * (OWN_PERSISTENCE - OWN_ALPHA + OWN_ALPHA * shock * shock);
}

export function nextOwnPremium(e: number, draw: number): number {
  return OWN_PREMIUM_PERSISTENCE * e + OWN_PREMIUM_SHOCK * draw;
}

/** 1 + p: implied over expected volatility from the market's premium state and the symbol's. */
export function premiumFactor(u: number, e: number): number {
  return 1 + PREMIUM_LEVEL * Math.exp(u + e);
}

/** ρ: the correlation of a symbol's daily return with the market's shock. */
export function correlationToMarket(entry: UniverseEntry): number {
  if (entry.symbol === 'VIX') return -0.8;
  switch (entry.sector) {
    case 'Broad Market':
      return 0.95;
    case 'Leveraged':
      return 0.9;
    case 'Commodities':
      return 0.1;
    case 'Materials':
      return 0.3;
    case 'Fixed Income':
      return -0.25;
    case 'Currencies':
      return -0.1;
    case 'Volatility':
      return -0.7;
    default:
      return entry.kind === 'etf' ? 0.85 : entry.sector === 'Technology' ? 0.65 : 0.55;
  }
}

/** The market's share w of a symbol's variance. */
export function marketShare(entry: UniverseEntry): number {
  switch (entry.sector) {
    case 'Broad Market':
    case 'Leveraged':
    case 'Volatility':
      return 1;
    case 'International':
      return 0.8;
    case 'Commodities':
    case 'Fixed Income':
    case 'Currencies':
      return 0.3;
    default:
      return entry.kind === 'etf' ? 0.85 : 0.5;
  }
}

/** b²: a symbol's long-run daily variance. */
export function baseDailyVariance(entry: UniverseEntry): number {
  const b = BASE_REALISED * entry.vol;
  return (b * b) / 252;
}

/** Σ_{k=1..K} E[ratio_{n+k}] for a ratio whose next value is `next`: K + (next - 1)(1 - φ^K)/(1 - φ). */
export function ratioSum(next: number, persistence: number, sessions: number): number {
  if (!(sessions > 0)) return 0;
  return sessions + ((next - 1) * (1 - Math.pow(persistence, sessions))) / (1 - persistence);
}

/** The variance state of a symbol after a close, from which every expectation follows. */
export interface VarianceState {
  /** b²·w and b²·(1 - w): the market's and the symbol's own long-run daily variance. */
  marketVariance: number;
  ownVariance: number;
  /** x_{n+1}, c_{n+1} and y_{n+1}: the next session's ratios. */
  marketRatio: number;
  crashRatio: number;
  ownRatio: number;
  /** 1 + p. */
  premium: number;
}

/** A flat term structure at a 30-day implied volatility (the VIX's options: their volatility's own). */
export function flatVarianceState(implied: number): VarianceState {
  const premium = premiumFactor(0, 0);
  const daily = implied / premium / Math.sqrt(252);
  return {
    marketVariance: 0,
    ownVariance: daily * daily,
    marketRatio: 1,
    crashRatio: 0,
    ownRatio: 1,
    premium,
  };
}

/**
 * The model's expected variance of the log price over the next `sessions` sessions after the
 * state's close (the first counted at `firstShare`, the part of it still to trade), diffusion
 * only: no report (those add their moves) and no crash regime (whose continuation is a shock).
 */
export function expectedVariance(state: VarianceState, sessions: number, firstShare = 1): number {
  if (!(sessions > 0)) return 0;
  const unstarted = 1 - firstShare;
  const market =
    ratioSum(state.marketRatio, MARKET_PERSISTENCE, sessions) +
    ratioSum(1 + state.crashRatio, CRASH_DECAY, sessions) -
    sessions -
    unstarted * (state.marketRatio + state.crashRatio);
  const own = ratioSum(state.ownRatio, OWN_PERSISTENCE, sessions) - unstarted * state.ownRatio;
  return state.marketVariance * market + state.ownVariance * own;
}

const MARKET_SUM_30D = ratioSum(2, MARKET_PERSISTENCE, IMPLIED_SESSIONS) - IMPLIED_SESSIONS;
const CRASH_SUM_30D = ratioSum(2, CRASH_DECAY, IMPLIED_SESSIONS) - IMPLIED_SESSIONS;
const OWN_SUM_30D = ratioSum(2, OWN_PERSISTENCE, IMPLIED_SESSIONS) - IMPLIED_SESSIONS;

/**
 * The 30-day (21-session) implied volatility, annualised on 252 sessions: the premium times the
 * expected volatility, from a state's parts (written out for the price model's daily loop).
 */
export function impliedFrom(
  marketVariance: number,
  ownVariance: number,
  marketRatio: number,
  crashRatio: number,
  ownRatio: number,
  premium: number,
): number {
  const market = IMPLIED_SESSIONS + (marketRatio - 1) * MARKET_SUM_30D + crashRatio * CRASH_SUM_30D;
  const own = IMPLIED_SESSIONS + (ownRatio - 1) * OWN_SUM_30D;
  return premium * Math.sqrt((252 / IMPLIED_SESSIONS) * (marketVariance * market + ownVariance * own));
}

export function impliedVolatility(state: VarianceState): number {
  const { marketVariance, ownVariance, marketRatio, crashRatio, ownRatio, premium } = state;
  return impliedFrom(marketVariance, ownVariance, marketRatio, crashRatio, ownRatio, premium);
}

/**
 * The index's 30-day implied volatility after session n's close (a symbol wholly of the market,
 * with the market's premium only), for a typical implied volatility `typical`: the VIX is read
 * from it.
 */
export function indexImpliedVolatility(n: number, typical: number): number {
  const b = BASE_REALISED * typical;
  const premium = premiumFactor(premiumState[n]!, 0);
  return impliedFrom((b * b) / 252, 0, marketRatioNext[n]!, crashRatioNext[n]!, 1, premium);
}
