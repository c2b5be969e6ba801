/**
 * Daily history read from the simulated market's price model: closing prices by session, the
 * real 52-week range (Market Overview), and the technical readings the daily summary reports
 * (simple moving average, 14-day RSI, relative volume). Pure functions of (symbol, instant).
 */
import { extendSymbolTo, marketClock, pricePoint, symbolModel, type MarketClock } from './price-model';
import { universeEntry, type UniverseEntry } from './universe';

/** Trading days in a year: the 52-week window. */
export const TRADING_DAYS_PER_YEAR = 252;

function requireEntry(symbol: string): UniverseEntry {
  const entry = universeEntry(symbol);
  if (!entry) throw new RangeError(`Unknown symbol: ${symbol}`);
  return entry;
}

/**
 * The closes of the `count` sessions ending with session `index` (oldest first). Session
 * `index` itself counts only once it has closed; use {@link recentPrices} for "now".
 */
export function dailyCloses(symbol: string, index: number, count: number): number[] {
  const model = symbolModel(requireEntry(symbol));
  extendSymbolTo(model, index);
  return model.close.slice(Math.max(0, index - count + 1), index + 1);
}

/**
 * The last `count` prices as of the clock: the closes of the sessions before the current one,
 * then the current price (the close once the session is over). Oldest first.
 */
export function recentPrices(symbol: string, clock: MarketClock, count: number): number[] {
  const entry = requireEntry(symbol);
  const current = pricePoint(entry, clock).price;
  return [...dailyCloses(symbol, clock.index - 1, count - 1), current];
}

export interface PriceRange {
  low: number;
  high: number;
}

/**
 * The 52-week range: lowest and highest of the daily closes over the last 252 trading days,
 * the current price included (so the price is never outside its range). Closes, not intraday
 * extremes: the model keeps closes by day.
 */
export function fiftyTwoWeekRangeAt(
  symbol: string,
  at: Date,
  clock: MarketClock = marketClock(at),
): PriceRange {
  const prices = recentPrices(symbol, clock, TRADING_DAYS_PER_YEAR);
  return { low: Math.min(...prices), high: Math.max(...prices) };
}

/** Average of the last `period` values; NaN when there are fewer. */
export function simpleMovingAverage(values: readonly number[], period: number): number {
  if (period <= 0 || values.length < period) return Number.NaN;
  let sum = 0;
  for (let i = values.length - period; i < values.length; i += 1) sum += values[i]!;
  return sum / period;
}

/**
 * Wilder's relative strength index over `period` changes (the classic 14): seeded with the
 * simple average of the first `period` gains and losses, then smoothed. 0-100; 100 when there
 * were no losses, 50 when nothing moved; NaN with fewer than period + 1 values.
 */
export function relativeStrengthIndex(values: readonly number[], period = 14): number {
  if (values.length < period + 1) return Number.NaN;
  let gain = 0;
  let loss = 0;
  for (let i = 1; i <= period; i += 1) {
    const change = values[i]! - values[i - 1]!;
    if (change > 0) gain += change;
    else loss -= change;
  }
  gain /= period;
  loss /= period;
  for (let i = period + 1; i < values.length; i += 1) {
    const change = values[i]! - values[i - 1]!;
    gain = (gain * (period - 1) + Math.max(change, 0)) / period;
    loss = (loss * (period - 1) + Math.max(-change, 0)) / period;
  }
  if (gain === 0 && loss === 0) return 50;
  if (loss === 0) return 100;
  return 100 - 100 / (1 + gain / loss);
}

/** A session's share volume over the symbol's average daily volume (NaN for an index). */
export function relativeVolume(symbol: string, index: number): number {
  const entry = requireEntry(symbol);
  if (entry.averageVolume <= 0) return Number.NaN;
  const model = symbolModel(entry);
  extendSymbolTo(model, index);
  return model.volume[index]! / entry.averageVolume;
}
