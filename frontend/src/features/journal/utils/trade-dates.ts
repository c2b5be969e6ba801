/**
 * The forms ask for calendar days (a date input); the API stores instants. A day becomes an
 * instant in the browser's zone so that it reads back as the same day: today is now, an earlier
 * day is its local noon when a trade opens and its last minute when it closes (so a trade opened
 * and closed on the same past day never closes before it opened).
 */
import { localDay } from './format';

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export function dayToInstant(day: string, edge: 'open' | 'close', now = new Date()): string | null {
  const match = DAY_PATTERN.exec(day);
  if (!match) return null;
  if (day === localDay(now)) return now.toISOString();
  const [, year, month, date] = match.map(Number) as [number, number, number, number];
  const local =
    edge === 'open' ? new Date(year, month - 1, date, 12, 0, 0) : new Date(year, month - 1, date, 23, 59, 0);
  return Number.isNaN(local.getTime()) ? null : local.toISOString();
}

/** Today in the browser's zone, for a date input's `max`. */
export const today = (now = new Date()): string => localDay(now);
