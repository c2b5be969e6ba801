/** Calendar days in a given IANA time zone, for 'today' comparisons that must not depend on the host. */

export const DEFAULT_TIME_ZONE = 'UTC';

/** 'YYYY-MM-DD' of `date` as a wall calendar in `timeZone` shows it. Throws RangeError on a bad zone. */
export function calendarDay(date: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(date);
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
