/** Calendar days in a given IANA time zone, for 'today' comparisons that must not depend on the host. */
import { TZDate } from '@date-fns/tz';

export const DEFAULT_TIME_ZONE = 'UTC';

/** Building a formatter costs far more than using one (statistics call this per trade): one per zone. */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();
function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** 'YYYY-MM-DD' of `date` as a wall calendar in `timeZone` shows it. Throws RangeError on a bad zone. */
export function calendarDay(date: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  if (timeZone === 'UTC' && Number.isFinite(date.getTime())) return date.toISOString().slice(0, 10);
  const parts = dayFormatter(timeZone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Whether `timeZone` is an IANA zone this runtime knows (e.g. from a `?tz=` query). */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The first instant of `day` (YYYY-MM-DD) in `timeZone`, as an ISO instant: midnight, or where the
 * zone skips midnight (a daylight-saving change at 00:00), the first wall time the day has.
 */
export function startOfDay(day: string, timeZone: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, date, timeZone).getTime()).toISOString();
}
