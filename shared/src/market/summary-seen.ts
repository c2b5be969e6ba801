/**
 * Spec 4, daily news popup: it opens unless today's date equals the stored lastSeenNewsDate, and
 * dismissing it stores today's date. The date is 'YYYY-MM-DD' on the user's own calendar (their
 * time zone), so the summary comes back once each local day. The shell's News button uses the
 * same rule: it shows only when `hasSeenNewsToday` holds.
 */
import { calendarDay } from '../format/calendar-day';

/** The runtime's IANA time zone (the browser's, for a user). */
export const localTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** What lastSeenNewsDate holds: today's 'YYYY-MM-DD' in `timeZone`. */
export function newsDateKey(now: Date, timeZone: string = localTimeZone()): string {
  return calendarDay(now, timeZone);
}

/** Whether today's summary was already seen (dismissed). */
export function hasSeenNewsToday(
  lastSeenNewsDate: string | null | undefined,
  now: Date,
  timeZone?: string,
): boolean {
  return lastSeenNewsDate === newsDateKey(now, timeZone);
}
