/**
 * A real chain's 30-day at-the-money implied volatility, and its IV rank and percentile against the
 * IVs recorded at past closes (docs/decisions/real-iv-history.md). The chain snapshot job solves
 * the IV30 of each session's closing chain (its own IVs, ../chains/price-real-chain) and records
 * it in the symbol's history (./daily-history); a scan of a real chain ranks today's IV30 against
 * the recorded ones. Under REAL_IV_MIN_SESSIONS recorded sessions there is no rank: null, with
 * how many sessions there are. Never a simulated number in its place. Pure.
 */
import { ivPercentile, ivRank } from '../../market/iv-stats';
import type { PricedChain, PricedContract } from '../chains/price-real-chain';

/** Recorded sessions an IV rank rests on at least (a month of closes: under it a rank says little). */
export const REAL_IV_MIN_SESSIONS = 20;
/** Recorded IVs kept per symbol: a year of sessions, the window IV rank is read over. */
export const REAL_IV_SESSIONS_KEPT = 252;

/** Calendar days of the IV the rank is read on (the VIX's convention). */
const IV30_YEARS = 30 / 365;

/**
 * One expiry's at-the-money IV: the call and put IVs averaged at each strike quoted with both,
 * interpolated linearly in strike at the expiry's forward; null when no strike with both IVs lies on
 * each side of the forward (or exactly at it).
 */
export function expiryAtmIv(forward: number, contracts: readonly PricedContract[]): number | null {
  const byStrike = new Map<number, { call?: number; put?: number }>();
  for (const c of contracts) {
    if (c.iv === null || !(c.iv > 0)) continue;
    const row = byStrike.get(c.contract.strike) ?? {};
    row[c.contract.type] = c.iv;
    byStrike.set(c.contract.strike, row);
  }
  const points = [...byStrike.entries()]
    .filter(([, r]) => r.call !== undefined && r.put !== undefined)
    .map(([strike, r]) => ({ strike, iv: (r.call! + r.put!) / 2 }))
    .sort((a, b) => a.strike - b.strike);
  const exact = points.find((p) => p.strike === forward);
  if (exact) return exact.iv;
  const above = points.findIndex((p) => p.strike > forward);
  if (above <= 0) return null;
  const lo = points[above - 1]!;
  const hi = points[above]!;
  const w = (forward - lo.strike) / (hi.strike - lo.strike);
  return lo.iv + w * (hi.iv - lo.iv);
}

/** Each open expiry's at-the-money IV and its years, nearest first (expiries without one left out). */
export function atmIvTerm(priced: PricedChain): { expiration: string; years: number; iv: number }[] {
  const term: { expiration: string; years: number; iv: number }[] = [];
  for (const e of priced.expiries) {
    if (!(e.years > 0) || !(e.forward > 0)) continue;
    const rows = priced.contracts.filter((c) => c.contract.expiration === e.expiration);
    const iv = expiryAtmIv(e.forward, rows);
    if (iv !== null) term.push({ expiration: e.expiration, years: e.years, iv });
  }
  return term.sort((a, b) => a.years - b.years);
}

/** Calendar days from 30 an expiry may be to stand alone for the IV30 when none lies on the other side. */
const IV30_ALONE_DAYS = 7;

/**
 * The chain's 30-calendar-day at-the-money IV: the two expiries around 30 days interpolated in
 * total variance (σ²T linear in T). Without an expiry on each side, the one nearest 30 days stands
 * alone if it is within IV30_ALONE_DAYS of it (a chain listing only monthlies near the roll);
 * otherwise null.
 */
export function atm30Iv(priced: PricedChain): number | null {
  const term = atmIvTerm(priced);
  const at = term.find((t) => Math.abs(t.years - IV30_YEARS) < 1e-9);
  if (at) return at.iv;
  const after = term.findIndex((t) => t.years > IV30_YEARS);
  if (after <= 0) {
    const nearest = after === 0 ? term[0] : term.at(-1);
    const days = nearest ? Math.abs(nearest.years - IV30_YEARS) * 365 : Infinity;
    return days <= IV30_ALONE_DAYS ? nearest!.iv : null;
  }
  const near = term[after - 1]!;
  const far = term[after]!;
  const wNear = near.iv * near.iv * near.years;
  const wFar = far.iv * far.iv * far.years;
  const w = wNear + ((IV30_YEARS - near.years) / (far.years - near.years)) * (wFar - wNear);
  return w > 0 ? Math.sqrt(w / IV30_YEARS) : null;
}

/** A real chain's IV rank and percentile, or why there are none. */
export interface RealIvStats {
  /** Today's IV30 (null when the chain gives none). */
  iv30: number | null;
  /** 0-100, null under the minimum or without today's IV30. */
  ivRank: number | null;
  ivPercentile: number | null;
  /** Recorded sessions the rank rests on (the last REAL_IV_SESSIONS_KEPT before today). */
  sessions: number;
  minimum: number;
  /** Why ivRank is null ("not yet — 3 of 20 sessions recorded"), null when it is not. */
  reason: string | null;
}

/**
 * IV rank and percentile of `iv30` against the IVs recorded on days before `today` (ISO), the last
 * REAL_IV_SESSIONS_KEPT of them; null with the reason under REAL_IV_MIN_SESSIONS.
 */
export function realIvStats(
  recorded: readonly { day: string; iv: number }[],
  iv30: number | null,
  today: string,
): RealIvStats {
  const history = recorded
    .filter((r) => r.day < today)
    .slice(-REAL_IV_SESSIONS_KEPT)
    .map((r) => r.iv);
  const sessions = history.length;
  const base = { iv30, sessions, minimum: REAL_IV_MIN_SESSIONS };
  if (sessions < REAL_IV_MIN_SESSIONS)
    return {
      ...base,
      ivRank: null,
      ivPercentile: null,
      reason: `not yet — ${sessions} of ${REAL_IV_MIN_SESSIONS} sessions recorded`,
    };
  if (iv30 === null)
    return {
      ...base,
      ivRank: null,
      ivPercentile: null,
      reason: 'the chain has no at-the-money IV on both sides of 30 days',
    };
  return { ...base, ivRank: ivRank(history, iv30), ivPercentile: ivPercentile(history, iv30), reason: null };
}

/** The stats of a real chain with no recorded history at all (a stage without a chain snapshot). */
export function noIvHistory(iv30: number | null, why: string): RealIvStats {
  return { iv30, ivRank: null, ivPercentile: null, sessions: 0, minimum: REAL_IV_MIN_SESSIONS, reason: why };
}
