/**
 * Deterministic quarterly earnings dates for the simulated stocks: each symbol reports a fixed
 * (seeded) 18-47 days after each calendar quarter ends, moved forward to a trading day, before
 * that day's open. The report moves the stock: the price model (./price-model) gaps it at the
 * open by a normal log move of standard deviation EARNINGS_MOVE × the stock's typical
 * volatility, the same move the option surface prices into every expiry on or after the report.
 *
 * A real earnings calendar (EARNINGS_PROVIDER, lambdas/market/earnings-source.ts) may be laid
 * over these dates with `useProviderEarnings`: on every day the provider's calendar covers, only
 * its reports count (a simulated date there is dropped, a real one added); beyond its days the
 * simulated calendar goes on. The simulated market's own price path keeps the simulated dates
 * (`simulatedEarningsDate`), so its history does not change under a provider.
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

/** A provider's earnings calendar over some days: its report days per symbol (the days whose open the report moves). */
export interface ProviderEarnings {
  provider: string;
  /** The New York days the provider's calendar was read for. */
  coveredDays: ReadonlySet<number>;
  /** Per symbol, its report days, ascending. */
  reports: ReadonlyMap<string, readonly number[]>;
}

let providerEarnings: ProviderEarnings | null = null;

/** Lays a provider's calendar over the simulated one (null: the simulated calendar alone). */
export function useProviderEarnings(calendar: ProviderEarnings | null): void {
  providerEarnings = calendar;
}

/**
 * The first report day on or after `dayNumber`: the provider's where its calendar covers the
 * day, the simulated calendar's elsewhere.
 */
export function nextEarningsDate(symbol: string, dayNumber: number): number {
  const calendar = providerEarnings;
  if (!calendar) return simulatedEarningsDate(symbol, dayNumber);
  let simulated = simulatedEarningsDate(symbol, dayNumber);
  while (calendar.coveredDays.has(simulated)) simulated = simulatedEarningsDate(symbol, simulated + 1);
  const real = calendar.reports.get(symbol)?.find((day) => day >= dayNumber);
  return real !== undefined && real < simulated ? real : simulated;
}

/** The simulated calendar's first report day on or after `dayNumber` (the simulated price path's). */
export function simulatedEarningsDate(symbol: string, dayNumber: number): number {
  const year = new Date(dayNumber * 86_400_000).getUTCFullYear();
  for (let y = year; y <= year + 1; y += 1) {
    const days = reportDays(symbol, y);
    for (let quarter = 0; quarter < days.length; quarter += 1) {
      if (days[quarter]! >= dayNumber) return days[quarter]!;
    }
  }
  return reportDays(symbol, year + 2)[0]!;
}
