/**
 * Listed expirations as US equity options have them: weeklies (every Friday) for the next five
 * weeks on liquid names, the next three monthlies (third Friday), then the quarterly monthlies
 * (March, June, September, December) out to a year. An expiration on an exchange holiday moves
 * to the trading day before. Options expire at the 16:00 New York close.
 */
import { dayNumberOf, isTradingDay, weekday } from '../market/calendar';
import type { UniverseEntry } from '../market/universe';

const WEEKLY_COUNT = 5;
const NEAR_MONTHLIES = 3;
const HORIZON_DAYS = 365;

/** Liquid enough for weeklies: an ETF or index, or a stock trading 8M+ shares a day. */
export function hasWeeklies(entry: UniverseEntry): boolean {
  return entry.kind !== 'stock' || entry.averageVolume >= 8_000_000;
}

function thirdFriday(year: number, month: number): number {
  const first = dayNumberOf(year, month, 1);
  return first + ((5 - weekday(first) + 7) % 7) + 14;
}

function tradingDayOnOrBefore(dayNumber: number): number {
  let day = dayNumber;
  while (!isTradingDay(day)) day -= 1;
  return day;
}

/** Expiration day numbers on or after `today`, ascending. */
export function listedExpirations(entry: UniverseEntry, today: number): number[] {
  const days = new Set<number>();
  if (hasWeeklies(entry)) {
    const nextFriday = today + ((5 - weekday(today) + 7) % 7);
    for (let w = 0; w < WEEKLY_COUNT; w += 1) days.add(tradingDayOnOrBefore(nextFriday + 7 * w));
  }
  const date = new Date(today * 86_400_000);
  let year = date.getUTCFullYear();
  let month = date.getUTCMonth() + 1;
  let monthlies = 0;
  while (true) {
    const expiry = tradingDayOnOrBefore(thirdFriday(year, month));
    if (expiry - today > HORIZON_DAYS) break;
    if (expiry >= today && (monthlies < NEAR_MONTHLIES || month % 3 === 0)) {
      days.add(expiry);
      monthlies += 1;
    }
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return [...days].filter((day) => day >= today).sort((a, b) => a - b);
}
