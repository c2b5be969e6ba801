/**
 * When a signal is valued again, on the NYSE calendar (../market/calendar): an hour of trading
 * later (a signal in its session's last hour is valued in the next session, never over a night,
 * weekend or holiday), the next trading day at the same time of day (kept within that day's
 * session: its close on an early close), and the close of a later session (an option's expiry, or
 * the fifth session after the signal's).
 */
import {
  dayNumberOfIso,
  expiryInstant,
  isoDateOf,
  isTradingDay,
  newYorkInstant,
  newYorkTime,
  sessionOf,
} from '../market/calendar';

const MS_PER_MINUTE = 60_000;

function nextTradingDay(dayNumber: number): number {
  let day = dayNumber + 1;
  while (!isTradingDay(day)) day += 1;
  return day;
}

/** `minutes` of regular-session trading after `at` (a signal outside a session counts from the next open). */
export function afterTradingMinutes(at: Date, minutes: number): Date {
  let left = minutes * MS_PER_MINUTE;
  let t = at.getTime();
  for (let day = newYorkTime(at).dayNumber; ; day += 1) {
    const session = sessionOf(day);
    if (session) {
      const open = newYorkInstant(day, session.open).getTime();
      const close = newYorkInstant(day, session.close).getTime();
      const start = Math.max(t, open);
      if (start < close) {
        if (start + left <= close) return new Date(start + left);
        left -= close - start;
      }
    }
    t = -Infinity;
  }
}

/** The next trading day at the signal's New York time of day, kept within that day's session. */
export function nextSessionSameTime(at: Date): Date {
  const { dayNumber, minuteOfDay } = newYorkTime(at);
  const day = nextTradingDay(dayNumber);
  const session = sessionOf(day)!;
  const sameTime = newYorkInstant(day, minuteOfDay).getTime() + (at.getTime() % MS_PER_MINUTE);
  const open = newYorkInstant(day, session.open).getTime();
  const close = newYorkInstant(day, session.close).getTime();
  return new Date(Math.min(Math.max(sameTime, open), close));
}

/** The close of the `sessions`-th trading day after the signal's New York day. */
export function sessionsLaterClose(at: Date, sessions: number): Date {
  let day = newYorkTime(at).dayNumber;
  for (let i = 0; i < sessions; i += 1) day = nextTradingDay(day);
  return expiryInstant(day);
}

/** When an option expiring on an ISO date settles: its expiration day's close. */
export const expirationClose = (isoDate: string): Date => expiryInstant(dayNumberOfIso(isoDate));

/** The session day (ISO) whose close an instant is, or null when it is not a session's close. */
export function sessionCloseDay(at: Date): string | null {
  const { dayNumber } = newYorkTime(at);
  const session = sessionOf(dayNumber);
  if (!session || newYorkInstant(dayNumber, session.close).getTime() !== at.getTime()) return null;
  return isoDateOf(dayNumber);
}
