/**
 * The one market clock. Everything that asks "what time is it in the market" (quotes, chains,
 * scans, feeds, the summary, the assistant) reads it, so that a recorded session replays as if
 * live, a demo runs at any hour and a test can start inside a trading session on a holiday
 * evening. Unset, it is the wall clock. Set (MARKET_TIME, and MARKET_TIME_SET_AT: the wall instant
 * at which the market read MARKET_TIME), it runs at normal speed from there; MARKET_TIME_FROZEN
 * holds it still. Sign-in, sessions, rate limits and the TTLs of stored rows keep the wall clock:
 * they are about real time, not the market's.
 */
import * as z from 'zod';
import { runtimeEnv } from '../secrets';

export interface MarketClock {
  /** The market's now. */
  now(): Date;
  /** Market time minus wall time, in ms (0 for the wall clock; changes every ms when frozen). */
  offsetMs(): number;
  /** 'wall', 'set' (running from MARKET_TIME) or 'frozen'. */
  readonly mode: 'wall' | 'set' | 'frozen';
}

const instant = z.iso.datetime({ offset: true });

const settingsSchema = z.object({
  [runtimeEnv.marketTime]: instant.optional(),
  [runtimeEnv.marketTimeSetAt]: instant.optional(),
  [runtimeEnv.marketTimeFrozen]: z.enum(['true', 'false']).optional(),
});

/** The wall clock as the market clock. */
export const wallClock: MarketClock = { now: () => new Date(), offsetMs: () => 0, mode: 'wall' };

/**
 * The clock the environment describes. Throws with the variable and the reason when a setting
 * is malformed: a clock that cannot be read as configured must not silently be the wall clock.
 */
export function marketClockFrom(
  env: Record<string, string | undefined>,
  wallNow: () => number = Date.now,
): MarketClock {
  const parsed = settingsSchema.safeParse({
    [runtimeEnv.marketTime]: env[runtimeEnv.marketTime] || undefined,
    [runtimeEnv.marketTimeSetAt]: env[runtimeEnv.marketTimeSetAt] || undefined,
    [runtimeEnv.marketTimeFrozen]: env[runtimeEnv.marketTimeFrozen] || undefined,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(
      `${String(issue.path[0])} must be ${issue.path[0] === runtimeEnv.marketTimeFrozen ? "'true' or 'false'" : 'an ISO instant such as 2026-11-25T15:30:00Z'}, not "${env[String(issue.path[0])]}"`,
    );
  }
  const settings = parsed.data;
  const marketTime = settings[runtimeEnv.marketTime];
  const frozen = settings[runtimeEnv.marketTimeFrozen] === 'true';
  if (!marketTime) {
    if (frozen) throw new Error(`${runtimeEnv.marketTimeFrozen}=true needs ${runtimeEnv.marketTime}`);
    return wallClock;
  }
  const at = Date.parse(marketTime);
  if (frozen) return { now: () => new Date(at), offsetMs: () => at - wallNow(), mode: 'frozen' };
  const setAt = settings[runtimeEnv.marketTimeSetAt];
  if (!setAt) throw new Error(`${runtimeEnv.marketTime} needs ${runtimeEnv.marketTimeSetAt} (when it held)`);
  const offset = at - Date.parse(setAt);
  return { now: () => new Date(wallNow() + offset), offsetMs: () => offset, mode: 'set' };
}

/** One line for a start-up banner or a log: where the market clock stands. */
export function describeMarketClock(clock: MarketClock): string {
  if (clock.mode === 'wall') return 'the wall clock';
  return `${clock.now().toISOString()} (${clock.mode === 'frozen' ? 'frozen' : 'running from there'})`;
}
