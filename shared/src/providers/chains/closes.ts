/**
 * The underlyings' recorded closes (docs/decisions/recorded-closes.md): when the chain snapshot job
 * (./shared-snapshot) writes a session's closing snapshot, it also records each symbol's close, the
 * provider's own last price of the underlying with its time, in one small object per session day.
 * Settlement of an expired trade on a real provider and the scorecards' horizons at a close read
 * them; they are kept CLOSES_KEPT_DAYS, far longer than the chains. Pure: schema, key and the rule
 * that says which price is a day's close; the store is the snapshot's (lambdas/market).
 */
import * as z from 'zod';
import { isoDateOf, newYorkInstant, newYorkTime, sessionOf } from '../../market/calendar';
import { CHAIN_PROVIDERS, type ChainSnapshot } from './chain';
import { LATEST_KEY, SNAPSHOT_KEPT_DAYS, snapshotWindowAt } from './shared-snapshot';

/**
 * How long a day's closes are kept (the bucket's lifecycle for `closes/`): settling a trade that
 * expired while nobody opened the app (a month away), and a scorecard's last horizon after its
 * signal's day (five sessions, a week), each with room to spare.
 */
export const CLOSES_KEPT_DAYS = 40;

/** The key prefix of the closes records in the snapshot store. */
export const CLOSES_PREFIX = 'closes/';
export const closesKey = (day: string) => `${CLOSES_PREFIX}${day}.json`;

/**
 * A price timed this long after the session's close is still its close (closing auctions print a
 * few seconds after 16:00, an index's last value a little later); later ones are extended hours.
 */
export const CLOSE_PRINT_GRACE_MS = 5 * 60_000;

const isoInstant = z.iso.datetime();

export const recordedCloseSchema = z.object({
  price: z.number().positive(),
  /** When the provider says the price was made (its last trade), else when the chain was fetched. */
  at: isoInstant,
  /**
   * The closing chain's 30-day at-the-money IV, solved here from its own quotes
   * (../history/real-iv atm30Iv); absent when it has none, and in records written before it was kept.
   */
  iv30: z.number().positive().optional(),
});
export type RecordedClose = z.infer<typeof recordedCloseSchema>;

export const closesRecordSchema = z.object({
  /** The session day (New York, ISO) these are the closes of. */
  day: z.iso.date(),
  provider: z.enum(CHAIN_PROVIDERS),
  writtenAt: isoInstant,
  closes: z.record(z.string(), recordedCloseSchema),
});
export type ClosesRecord = z.infer<typeof closesRecordSchema>;

/**
 * The session day a snapshot written at this market instant closes (ISO), or null while the
 * market is inside a window of writes: the closing snapshot is the first one after the window.
 */
export function closingDayAt(marketAt: Date): string | null {
  const window = snapshotWindowAt(marketAt);
  return window.open ? null : isoDateOf(newYorkTime(window.lastEnd).dayNumber);
}

/**
 * A chain's underlying price as the close of `day`, or null when it is not one: no price, or a
 * price timed outside that day's session (a symbol that did not trade that day, a pre-market or
 * extended-hours print). `fetchedAt` (market time) times a price the provider sent without one.
 */
export function closeOfChain(snapshot: ChainSnapshot, fetchedAt: Date, day: string): RecordedClose | null {
  const { price, asOf } = snapshot.underlying;
  if (price === null || !(price > 0)) return null;
  const at = asOf ? new Date(asOf) : fetchedAt;
  const { dayNumber } = newYorkTime(at);
  const session = sessionOf(dayNumber);
  if (!session || isoDateOf(dayNumber) !== day) return null;
  const open = newYorkInstant(dayNumber, session.open).getTime();
  const close = newYorkInstant(dayNumber, session.close).getTime();
  if (at.getTime() < open || at.getTime() > close + CLOSE_PRINT_GRACE_MS) return null;
  return { price, at: at.toISOString() };
}

/**
 * The snapshot store's lifecycle, by key prefix (the bucket's rules in AWS): the minutes' chains,
 * their manifests and `latest.json` SNAPSHOT_KEPT_DAYS, the closes CLOSES_KEPT_DAYS. The symbols'
 * daily histories (`history/`, ../history/daily-history) have no rule: each is one object rewritten
 * in place, its length capped by what it keeps.
 */
export const SNAPSHOT_STORE_LIFECYCLE: readonly { prefix: string; days: number }[] = [
  { prefix: 'chains/', days: SNAPSHOT_KEPT_DAYS },
  { prefix: 'minutes/', days: SNAPSHOT_KEPT_DAYS },
  { prefix: LATEST_KEY, days: SNAPSHOT_KEPT_DAYS },
  { prefix: CLOSES_PREFIX, days: CLOSES_KEPT_DAYS },
];

/** A stored closes record read back, or null when the body is not one. */
export function parseClosesRecord(body: string): ClosesRecord | null {
  try {
    const parsed = closesRecordSchema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
