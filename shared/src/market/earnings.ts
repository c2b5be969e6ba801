/**
 * Deterministic quarterly earnings dates for the simulated stocks: each symbol reports a fixed
 * (seeded) 18-47 days after each calendar quarter ends, moved forward to a trading day, before
 * that day's open. The report moves the stock: the price model (./price-model) gaps it at the
 * open by a normal log move of standard deviation EARNINGS_MOVE × the stock's typical
 * volatility, the same move the option surface prices into every expiry on or after the report.
 */
import { dayNumberOf, isTradingDay } from './calendar';
import { hashString, uniform } from './random';

const QUARTER_END_MONTHS = [1, 4, 7, 10];

/** The standard deviation of a report's log move, as a multiple of the stock's typical annual volatility. */
export const EARNINGS_MOVE = 0.14;

/** A stock's earnings move (standard deviation of the report day's extra log move). */
export function earningsMoveOf(entry: { kind: string; vol: number }): number {
  return entry.kind === 'stock' ? EARNINGS_MOVE * entry.vol : 0;
}

function reportDay(symbol: string, year: number, quarterStartMonth: number): number {
  const lag = 18 + Math.floor(uniform(hashString(symbol), 99) * 30);
  let day = dayNumberOf(year, quarterStartMonth, 1) + lag;
  while (!isTradingDay(day)) day += 1;
  return day;
}

/** A symbol's four report days of a year, by symbol and year, computed once. */
const reportDaysCache = new Map<string, Map<number, Int32Array>>();

function reportDays(symbol: string, year: number): Int32Array {
  let bySymbol = reportDaysCache.get(symbol);
  if (!bySymbol) reportDaysCache.set(symbol, (bySymbol = new Map()));
  let days = bySymbol.get(year);
  if (!days) {
    days = Int32Array.from(QUARTER_END_MONTHS, (month) => reportDay(symbol, year, month));
    bySymbol.set(year, days);
  }
  return days;
}

/** The first report day on or after `dayNumber`. */
export function nextEarningsDate(symbol: string, dayNumber: number): number {
  const year = new Date(dayNumber * 86_400_000).getUTCFullYear();
  for (let y = year; y <= year + 1; y += 1) {
    const days = reportDays(symbol, y);
    for (let quarter = 0; quarter < days.length; quarter += 1) {
      if (days[quarter]! >= dayNumber) return days[quarter]!;
    }
  }
  return reportDays(symbol, year + 2)[0]!;
}
