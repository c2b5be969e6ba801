/**
 * The journal's date rule (docs/decisions/trade-dates-in-the-market-zone.md): a trade's days are
 * the days of the market it traded on, New York (US options and shares trade on New York's
 * calendar, and brokers write their statements in it). A day written without a time is that
 * day in New York: it opens at noon and closes at 23:59 there, so it reads as the same day on
 * every browser, whatever its zone, and a trade opened and closed on one day never closes first.
 */
import { TZDate } from '@date-fns/tz';
import { calendarDay } from '../format/calendar-day';

export const TRADE_TIME_ZONE = 'America/New_York';

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' of an instant on the market's calendar. */
export function tradeDay(instant: string | Date): string {
  return calendarDay(typeof instant === 'string' ? new Date(instant) : instant, TRADE_TIME_ZONE);
}

/** Whether `day` is a real calendar day written YYYY-MM-DD. */
export function isDay(day: string): boolean {
  const match = DAY_PATTERN.exec(day);
  if (!match) return false;
  const [, year, month, date] = match.map(Number) as [number, number, number, number];
  const check = new Date(Date.UTC(year, month - 1, date));
  return check.getUTCMonth() === month - 1 && check.getUTCDate() === date;
}

/**
 * The instant a day without a time stands for: noon in New York when a trade opens, 23:59 when it
 * closes. null when `day` is not a calendar day.
 */
export function tradeDayInstant(day: string, edge: 'open' | 'close'): string | null {
  if (!isDay(day)) return null;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const [hour, minute] = edge === 'open' ? [12, 0] : [23, 59];
  return new Date(
    new TZDate(year, month - 1, date, hour, minute, 0, TRADE_TIME_ZONE).getTime(),
  ).toISOString();
}
