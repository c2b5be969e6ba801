/** Spec 9, relative time: how old a news item or an activity entry is. */

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

type Instant = Date | string | number;

const ageMs = (timestamp: Instant, now: Date): number => now.getTime() - new Date(timestamp).getTime();

/**
 * News: under 1 hour 'Just now', under 24 hours '{n}h ago' (whole hours, rounded down), otherwise
 * the date ('Jan 5, 2025') in `timeZone` (the runtime's zone when not given). A timestamp in the
 * future reads 'Just now'.
 */
export function newsRelativeTime(timestamp: Instant, now: Date, timeZone?: string): string {
  const age = ageMs(timestamp, now);
  if (age < HOUR_MS) return 'Just now';
  if (age < DAY_MS) return `${Math.floor(age / HOUR_MS)}h ago`;
  return new Date(timestamp).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone,
  });
}

/**
 * Recent activity: under a minute 'Just now', under an hour '{n}m ago' (the spec's two forms).
 * Older entries go on as '{n}h ago' under a day and '{n}d ago' after, where the spec's minutes
 * would read '4320m ago'.
 */
export function activityRelativeTime(timestamp: Instant, now: Date): string {
  const age = ageMs(timestamp, now);
  if (age < MINUTE_MS) return 'Just now';
  if (age < HOUR_MS) return `${Math.floor(age / MINUTE_MS)}m ago`;
  if (age < DAY_MS) return `${Math.floor(age / HOUR_MS)}h ago`;
  return `${Math.floor(age / DAY_MS)}d ago`;
}
