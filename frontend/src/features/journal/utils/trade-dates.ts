/**
 * The forms ask for calendar days (a date input); the API stores instants. A day is a day of the
 * market's calendar (New York, the shared rule in shared/src/trades/dates.ts), so it reads back
 * as the same day in every browser: today is now, an earlier day is its New York noon when a
 * trade opens and its last minute when it closes (so a trade opened and closed on the same past
 * day never closes before it opened).
 */
import { tradeDayInstant } from '@shared/trades/dates';
import { localDay } from './format';

export function dayToInstant(day: string, edge: 'open' | 'close', now = new Date()): string | null {
  if (day === localDay(now)) return now.toISOString();
  return tradeDayInstant(day, edge);
}

/** Today on the journal's calendar, for a date input's `max`. */
export const today = (now = new Date()): string => localDay(now);
