/**
 * The US equity calendar in America/New_York: NYSE trading days (weekends and the exchange's
 * full-day holidays excluded) and each day's regular session, 09:30-16:00, or 09:30-13:00 on the
 * exchange's early closes (the day after Thanksgiving; Christmas Eve and July 3 when they are
 * weekday trading days). Unscheduled closures (such as 2025-01-09) are not modelled: see
 * docs/decisions/market-sessions.md. DST follows the US rule (second Sunday of March to first
 * Sunday of November, at 02:00 local).
 */

const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 86_400_000;
export const SESSION_OPEN_MINUTE = 9 * 60 + 30;
export const SESSION_CLOSE_MINUTE = 16 * 60;
export const SESSION_MINUTES = SESSION_CLOSE_MINUTE - SESSION_OPEN_MINUTE;
/** The close of an early-close day, 13:00 New York. */
export const EARLY_CLOSE_MINUTE = 13 * 60;

/** Days since 1970-01-01 of a calendar date. */
export function dayNumberOf(year: number, month: number, day: number): number {
  return Math.floor(Date.UTC(year, month - 1, day) / MS_PER_DAY);
}

export function isoDateOf(dayNumber: number): string {
  return new Date(dayNumber * MS_PER_DAY).toISOString().slice(0, 10);
}

export function dayNumberOfIso(isoDate: string): number {
  return Math.floor(Date.parse(`${isoDate}T00:00:00Z`) / MS_PER_DAY);
}

/** 0 Sunday .. 6 Saturday. */
export function weekday(dayNumber: number): number {
  return (((dayNumber + 4) % 7) + 7) % 7;
}

/** The n-th (1-based) given weekday of a month, or the last one with n = -1. */
function nthWeekday(year: number, month: number, targetWeekday: number, n: number): number {
  if (n > 0) {
    const first = dayNumberOf(year, month, 1);
    return first + ((targetWeekday - weekday(first) + 7) % 7) + (n - 1) * 7;
  }
  const last = dayNumberOf(year, month + 1, 1) - 1;
  return last - ((weekday(last) - targetWeekday + 7) % 7);
}

function easterSunday(year: number): number {
  // Anonymous Gregorian algorithm (Meeus/Jones/Butcher).
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return dayNumberOf(year, month, day);
}

/** A fixed-date holiday moved to Friday when on Saturday, to Monday when on Sunday. */
function observed(dayNumber: number): number {
  const wd = weekday(dayNumber);
  return wd === 6 ? dayNumber - 1 : wd === 0 ? dayNumber + 1 : dayNumber;
}

const holidayCache = new Map<number, Map<number, string>>();

/** NYSE full-day holidays of a year, by day number, with their names. */
function holidaysOf(year: number): Map<number, string> {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const days: [number, string][] = [
    [nthWeekday(year, 1, 1, 3), 'Martin Luther King Jr. Day'],
    [nthWeekday(year, 2, 1, 3), "Washington's Birthday"],
    [easterSunday(year) - 2, 'Good Friday'],
    [nthWeekday(year, 5, 1, -1), 'Memorial Day'],
    [observed(dayNumberOf(year, 7, 4)), 'Independence Day'],
    [nthWeekday(year, 9, 1, 1), 'Labor Day'],
    [nthWeekday(year, 11, 4, 4), 'Thanksgiving Day'],
    [observed(dayNumberOf(year, 12, 25)), 'Christmas Day'],
  ];
  // New Year's Day on a Saturday is not moved back into the old year.
  const newYear = dayNumberOf(year, 1, 1);
  if (weekday(newYear) !== 6) days.push([observed(newYear), "New Year's Day"]);
  if (year >= 2022) days.push([observed(dayNumberOf(year, 6, 19)), 'Juneteenth']);
  const map = new Map(days);
  holidayCache.set(year, map);
  return map;
}

/** NYSE full-day holidays of a year. */
export function nyseHolidays(year: number): Set<number> {
  return new Set(holidaysOf(year).keys());
}

/** The name of the NYSE holiday on a day ('Thanksgiving Day'), or null. */
export function nyseHolidayName(dayNumber: number): string | null {
  const year = new Date(dayNumber * MS_PER_DAY).getUTCFullYear();
  return holidaysOf(year).get(dayNumber) ?? null;
}

export function isTradingDay(dayNumber: number): boolean {
  const wd = weekday(dayNumber);
  if (wd === 0 || wd === 6) return false;
  const year = new Date(dayNumber * MS_PER_DAY).getUTCFullYear();
  return !holidaysOf(year).has(dayNumber);
}

/** New York's offset from UTC in minutes (-240 in daylight time, -300 otherwise). */
export function newYorkOffsetMinutes(utcMs: number): number {
  const year = new Date(utcMs).getUTCFullYear();
  // 02:00 EST = 07:00 UTC on the second Sunday of March; 02:00 EDT = 06:00 UTC on the first Sunday of November.
  const start = nthWeekday(year, 3, 0, 2) * MS_PER_DAY + 7 * 3_600_000;
  const end = nthWeekday(year, 11, 0, 1) * MS_PER_DAY + 6 * 3_600_000;
  return utcMs >= start && utcMs < end ? -240 : -300;
}

/** The New York calendar day and minute of the day of an instant. */
export function newYorkTime(at: Date): { dayNumber: number; minuteOfDay: number } {
  const localMs = at.getTime() + newYorkOffsetMinutes(at.getTime()) * MS_PER_MINUTE;
  const dayNumber = Math.floor(localMs / MS_PER_DAY);
  return { dayNumber, minuteOfDay: Math.floor((localMs - dayNumber * MS_PER_DAY) / MS_PER_MINUTE) };
}

/** The UTC instant of a New York wall-clock minute. */
export function newYorkInstant(dayNumber: number, minuteOfDay: number): Date {
  const guess = dayNumber * MS_PER_DAY + minuteOfDay * MS_PER_MINUTE;
  return new Date(guess - newYorkOffsetMinutes(guess + 300 * MS_PER_MINUTE) * MS_PER_MINUTE);
}

export function previousTradingDay(dayNumber: number): number {
  let day = dayNumber - 1;
  while (!isTradingDay(day)) day -= 1;
  return day;
}

const earlyCloseCache = new Map<number, Set<number>>();

/**
 * NYSE early closes (13:00) of a year: the day after Thanksgiving; Christmas Eve and July 3 when
 * they are trading days (a weekday and not themselves the observed holiday).
 */
export function nyseEarlyCloses(year: number): Set<number> {
  const cached = earlyCloseCache.get(year);
  if (cached) return cached;
  const days = [nthWeekday(year, 11, 4, 4) + 1, dayNumberOf(year, 12, 24), dayNumberOf(year, 7, 3)];
  const set = new Set(days.filter((day) => isTradingDay(day)));
  earlyCloseCache.set(year, set);
  return set;
}

/** A trading day's regular session in New York minutes of the day. */
export interface Session {
  open: number;
  close: number;
}

const FULL_SESSION: Session = { open: SESSION_OPEN_MINUTE, close: SESSION_CLOSE_MINUTE };
const EARLY_SESSION: Session = { open: SESSION_OPEN_MINUTE, close: EARLY_CLOSE_MINUTE };

/** The regular session of a New York calendar day, or null when the market does not trade. */
export function sessionOf(dayNumber: number): Session | null {
  if (!isTradingDay(dayNumber)) return null;
  const year = new Date(dayNumber * MS_PER_DAY).getUTCFullYear();
  return nyseEarlyCloses(year).has(dayNumber) ? EARLY_SESSION : FULL_SESSION;
}

/** A year in the options models: 365 calendar days. */
export const MS_PER_YEAR = 365 * 86_400_000;

/**
 * When an option expiring on a New York calendar day stops trading: its session's close, 13:00 on
 * an early-close day (the day after Thanksgiving, Christmas Eve); 16:00 on a day without a session.
 */
export function expiryInstant(dayNumber: number): Date {
  return newYorkInstant(dayNumber, sessionOf(dayNumber)?.close ?? SESSION_CLOSE_MINUTE);
}

/** Whether the regular session is trading at an instant (open inclusive, close exclusive). */
export function isInSession(at: Date): boolean {
  const { dayNumber, minuteOfDay } = newYorkTime(at);
  const session = sessionOf(dayNumber);
  return session !== null && minuteOfDay >= session.open && minuteOfDay < session.close;
}

/** The next regular-session open strictly after an instant. */
export function nextSessionOpen(at: Date): Date {
  const { dayNumber, minuteOfDay } = newYorkTime(at);
  for (let day = dayNumber; ; day += 1) {
    const session = sessionOf(day);
    if (session && (day > dayNumber || minuteOfDay < session.open)) return newYorkInstant(day, session.open);
  }
}

/** Where the market stands at an instant: open (and when it closes) or closed (and when it opens). */
export interface MarketStatus {
  isOpen: boolean;
  /** ISO instant of the next regular-session open. */
  nextOpen: string;
  /** ISO instant of today's close while open; null when closed. */
  closesAt: string | null;
}

export function marketStatusAt(at: Date): MarketStatus {
  const { dayNumber } = newYorkTime(at);
  const open = isInSession(at);
  const session = sessionOf(dayNumber);
  return {
    isOpen: open,
    nextOpen: nextSessionOpen(at).toISOString(),
    closesAt: open && session ? newYorkInstant(dayNumber, session.close).toISOString() : null,
  };
}

/**
 * The latest instant at or before `at` that is `minutesAfterOpen` into a regular session: a
 * market time at which a demo or a test finds the market trading, whatever the wall clock says.
 */
export function latestSessionInstant(at: Date, minutesAfterOpen: number): Date {
  for (let day = newYorkTime(at).dayNumber; ; day -= 1) {
    const session = sessionOf(day);
    if (!session) continue;
    const instant = newYorkInstant(day, session.open + minutesAfterOpen);
    if (instant.getTime() <= at.getTime()) return instant;
  }
}
