/**
 * When each feed's items arrive: a seeded renewal process per feed and UTC day. From midnight,
 * each gap is drawn uniformly from the feed's interval (spec 9: 15-45 s, 8-20 s, 15-45 s, 20-60 s),
 * so the whole timeline is a pure function of (seed, feed, day): every run, every server and
 * every test computes the same instants. The first gap of a day starts at midnight, so the one
 * gap spanning midnight is up to twice the longest interval.
 *
 * The feeds of things that trade (market alerts and dark pool prints) arrive only while the
 * market trades: their process keeps only the instants inside the day's regular session (NYSE
 * calendar with its early closes; docs/decisions/market-sessions.md). Chatter and trend alerts
 * run every day.
 */
import { FEED_SIMULATION } from '../constants/caps';
import { newYorkInstant, sessionOf } from '../market/calendar';
import { hashString, uniform } from '../market/random';
import type { FeedName } from './schemas';
import { CappedMap } from '../cache/capped-map';

export const DEFAULT_FEED_SEED = 'edge-options-feeds';
export const DAY_MS = 86_400_000;

/** The feeds whose items exist only while the market trades (its regular session). */
export const SESSION_FEEDS: ReadonlySet<FeedName> = new Set<FeedName>(['alerts', 'darkpool']);

/**
 * The regular session of a UTC day as epoch ms [open, close), or null. A New York session
 * (09:30-16:00, 13:30-21:00 UTC at most) always falls inside the UTC day of the same date.
 */
export function sessionWindow(day: number): { open: number; close: number } | null {
  const session = sessionOf(day);
  if (!session) return null;
  return {
    open: newYorkInstant(day, session.open).getTime(),
    close: newYorkInstant(day, session.close).getTime(),
  };
}

const ID_PREFIX: Record<FeedName, string> = { alerts: 'al', darkpool: 'dp', chatter: 'sc', trends: 'ta' };

const CACHE_LIMIT = 64;
const cache = new CappedMap<string, Float64Array>(CACHE_LIMIT);

/** The instants (epoch ms, ascending) of a feed's arrivals in one UTC day. */
export function dayArrivals(feed: FeedName, day: number, seed = DEFAULT_FEED_SEED): Float64Array {
  const key = `${seed}|${feed}|${day}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const { min, max } = FEED_SIMULATION[feed].intervalSeconds;
  const stream = hashString(`${seed}|${feed}|timeline`);
  const start = day * DAY_MS;
  const end = start + DAY_MS;
  const times: number[] = [];
  for (let t = start, k = 0; ; k += 1) {
    t += Math.round((min + (max - min) * uniform(stream, day, k)) * 1000);
    if (t >= end) break;
    times.push(t);
  }
  if (SESSION_FEEDS.has(feed)) {
    const window = sessionWindow(day);
    const inSession = window ? times.filter((time) => time >= window.open && time < window.close) : [];
    times.splice(0, times.length, ...inSession);
  }
  const arrivals = Float64Array.from(times);
  cache.set(key, arrivals);
  return arrivals;
}

/** Arrivals after `fromExclusive` and at or before `toInclusive` (epoch ms), oldest first. */
export function arrivalsBetween(
  feed: FeedName,
  fromExclusive: number,
  toInclusive: number,
  seed = DEFAULT_FEED_SEED,
): number[] {
  const out: number[] = [];
  for (let day = Math.floor(fromExclusive / DAY_MS); day * DAY_MS <= toInclusive; day += 1) {
    for (const t of dayArrivals(feed, day, seed)) if (t > fromExclusive && t <= toInclusive) out.push(t);
  }
  return out;
}

/** Index of the first arrival at or after `t` in a day's arrivals (binary search). */
function lowerBound(times: Float64Array, t: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (times[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Days a walk back looks through: the longest market closure (a holiday weekend) and more. */
const LOOK_BACK_DAYS = 7;

/** The last arrival before `t` (an earlier day's last one for a day's first; a week back at most). */
export function previousArrival(feed: FeedName, t: number, seed = DEFAULT_FEED_SEED): number {
  const day = Math.floor(t / DAY_MS);
  const times = dayArrivals(feed, day, seed);
  const index = lowerBound(times, t);
  if (index > 0) return times[index - 1]!;
  for (let earlier = day - 1; earlier >= day - LOOK_BACK_DAYS; earlier -= 1) {
    const before = dayArrivals(feed, earlier, seed);
    if (before.length > 0) return before[before.length - 1]!;
  }
  return (day - LOOK_BACK_DAYS) * DAY_MS;
}

/** How many arrivals fall in [slotStart, t): the place of the arrival at `t` in its slot. */
export function arrivalsInSlotBefore(
  feed: FeedName,
  t: number,
  slotMs: number,
  seed = DEFAULT_FEED_SEED,
): number {
  const slotStart = Math.floor(t / slotMs) * slotMs;
  let count = 0;
  for (let day = Math.floor(slotStart / DAY_MS); day <= Math.floor(t / DAY_MS); day += 1) {
    const times = dayArrivals(feed, day, seed);
    count += lowerBound(times, t) - lowerBound(times, slotStart);
  }
  return count;
}

/** Arrivals at or before `at`, newest first, walking back as far as `visit` keeps asking (true = more). */
export function walkBack(
  feed: FeedName,
  at: number,
  visit: (t: number) => boolean,
  seed = DEFAULT_FEED_SEED,
  maxDays = LOOK_BACK_DAYS,
): void {
  const firstDay = Math.floor(at / DAY_MS);
  for (let day = firstDay; day > firstDay - maxDays; day -= 1) {
    const times = dayArrivals(feed, day, seed);
    for (let i = times.length - 1; i >= 0; i -= 1) {
      if (times[i]! > at) continue;
      if (!visit(times[i]!)) return;
    }
  }
}

/** The id of the item arriving at `t`: unique within a feed (arrivals are seconds apart). */
export function feedItemId(feed: FeedName, t: number): string {
  return `${ID_PREFIX[feed]}-${t.toString(36)}`;
}

/** The instant an id was issued for, or null when it is not one of ours. */
export function feedItemTime(feed: FeedName, id: string): number | null {
  const prefix = `${ID_PREFIX[feed]}-`;
  if (!id.startsWith(prefix)) return null;
  const t = Number.parseInt(id.slice(prefix.length), 36);
  return Number.isSafeInteger(t) && feedItemId(feed, t) === id ? t : null;
}

/** The seed of the item arriving at `t`: every draw it makes derives from this. */
export function itemSeed(feed: FeedName, t: number, seed = DEFAULT_FEED_SEED, variant = ''): number {
  return hashString(`${seed}|${feed}|${t}${variant ? `|${variant}` : ''}`);
}
