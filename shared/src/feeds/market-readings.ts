/**
 * What the feeds read of the simulated market at an instant: the price the quotes show, the move
 * since the previous close, session volume against the 20-day average, the 20-day range, moving
 * averages, RSI, implied volatility and the next earnings date. All from the market model
 * (shared/src/market), so a feed item on NVDA agrees with NVDA's quote of that minute.
 */
import { isoDateOf, newYorkTime } from '../market/calendar';
import { nextEarningsDate } from '../market/earnings';
import { ivRank } from '../market/iv-stats';
import {
  extendSymbolTo,
  ivHistory,
  marketClock,
  pricePoint,
  sessionVolumeShare,
  symbolModel,
  type MarketClock,
  type PricePoint,
} from '../market/price-model';
import { SESSION_MINUTES } from '../market/calendar';
import { UNIVERSE, universeEntry, type UniverseEntry } from '../market/universe';

const MINUTE_MS = 60_000;
/** Relative volume is measurable once this share of an average day has traded. */
export const MEASURABLE_VOLUME_SHARE = 0.02;

export const cents = (value: number): number => Math.round(value * 100) / 100;
export const round1 = (value: number): number => Math.round(value * 10) / 10;

/** Stocks and ETFs: what the feeds talk about (indices have no blocks, chatter or options flow here). */
export const FEED_UNIVERSE: readonly UniverseEntry[] = UNIVERSE.filter((entry) => entry.kind !== 'index');

/** The quote's figures from a model price point: price and previous close in cents, change in percent. */
export function quoteFigures(point: PricePoint): {
  price: number;
  previousClose: number;
  changePercent: number;
} {
  const price = cents(point.price);
  const previousClose = cents(point.previousClose);
  return {
    price,
    previousClose,
    changePercent: Math.round(((price - previousClose) / previousClose) * 10_000) / 100,
  };
}

/**
 * The clocks a scan of the whole market reads, computed once per instant: now, an earlier instant
 * (the previous arrival of a feed, so an event is seen by exactly one arrival), and an hour
 * before each (implied volatility's rise in an hour).
 */
export interface MarketMoment {
  at: Date;
  clock: MarketClock;
  previous: MarketClock;
  hourAgo: MarketClock;
  previousHourAgo: MarketClock;
}

export function marketMoment(at: Date, previous: Date = at): MarketMoment {
  const hour = 60 * MINUTE_MS;
  return {
    at,
    clock: marketClock(at),
    previous: marketClock(previous),
    hourAgo: marketClock(new Date(at.getTime() - hour)),
    previousHourAgo: marketClock(new Date(previous.getTime() - hour)),
  };
}

/** Wilder's RSI over 14 changes (shared/src/market/price-history), from their gain and loss sums. */
function rsiFromSums(gains: number, losses: number): number {
  if (gains === 0 && losses === 0) return 50;
  if (losses === 0) return 100;
  return 100 - 100 / (1 + gains / losses);
}

/**
 * The few figures a scan of every name needs, without allocating: the model's point now and at
 * the earlier instant, the 20-day closing range, the 50-day average, RSI(14) at both instants,
 * and IV an hour before each. The same numbers `readMarket` gives.
 */
export interface ScanReading {
  entry: UniverseEntry;
  point: PricePoint;
  previous: PricePoint;
  high20: number;
  low20: number;
  sma50: number;
  rsi14: number;
  previousRsi14: number;
  ivHourAgo: number;
  previousIvHourAgo: number;
}

export function scanReading(entry: UniverseEntry, moment: MarketMoment): ScanReading {
  const model = symbolModel(entry);
  const index = moment.clock.index;
  extendSymbolTo(model, index);
  const point = pricePoint(entry, moment.clock);
  const previous = pricePoint(entry, moment.previous);
  const closes = model.close;
  let high20 = -Infinity;
  let low20 = Infinity;
  for (let i = index - 20; i < index; i += 1) {
    if (closes[i]! > high20) high20 = closes[i]!;
    if (closes[i]! < low20) low20 = closes[i]!;
  }
  let sum50 = 0;
  for (let i = index - 50; i < index; i += 1) sum50 += closes[i]!;
  let gains = 0;
  let losses = 0;
  for (let i = index - 13; i < index; i += 1) {
    const change = closes[i]! - closes[i - 1]!;
    if (change > 0) gains += change;
    else losses -= change;
  }
  const last = closes[index - 1]!;
  const withLast = (price: number) =>
    rsiFromSums(gains + Math.max(price - last, 0), losses + Math.max(last - price, 0));
  return {
    entry,
    point,
    previous,
    high20,
    low20,
    sma50: sum50 / 50,
    rsi14: withLast(point.price),
    previousRsi14: withLast(previous.price),
    ivHourAgo: pricePoint(entry, moment.hourAgo).iv,
    previousIvHourAgo: pricePoint(entry, moment.previousHourAgo).iv,
  };
}

export interface MarketReading {
  entry: UniverseEntry;
  symbol: string;
  isOpen: boolean;
  /** The quote's price (cents) and the unrounded model price. */
  price: number;
  rawPrice: number;
  previousClose: number;
  /** Percent since the previous close, 2 decimals (as the quote shows it). */
  changePercent: number;
  /** Shares traded in the session so far. */
  volume: number;
  /** Average daily volume of the 20 sessions before this one. */
  averageVolume20: number;
  /** Volume so far over what an average day trades by this time of the session; NaN at the open. */
  relativeVolume: number;
  /** Highest and lowest close of the 20 sessions before this one. */
  high20: number;
  low20: number;
  sma20: number;
  sma50: number;
  /** 14-day RSI with the current price as the latest value. */
  rsi14: number;
  /** 30-day ATM implied volatility, a fraction, and its IV rank (0-100). */
  iv: number;
  ivRank: number;
  /** 'YYYY-MM-DD' of the next earnings report (stocks), and calendar days to it. */
  nextEarnings: string | null;
  daysToEarnings: number | null;
  /** Session minute (0-390; 390 once closed). */
  minute: number;
}

/** Average daily volume of the 20 sessions before session `index`. */
export function averageVolume20(entry: UniverseEntry, index: number): number {
  const model = symbolModel(entry);
  extendSymbolTo(model, index);
  let sum = 0;
  for (let i = index - 20; i < index; i += 1) sum += model.volume[i]!;
  return sum / 20;
}

/** Volume so far over an average day's volume by this time of the session (NaN too early to tell). */
export function relativeVolumeAt(point: PricePoint, clock: MarketClock, average: number): number {
  const share = clock.isOpen ? sessionVolumeShare(clock.minute / SESSION_MINUTES) : 1;
  return share < MEASURABLE_VOLUME_SHARE || average <= 0 ? Number.NaN : point.volume / (average * share);
}

export function readMarket(symbol: string, at: Date): MarketReading {
  const entry = universeEntry(symbol);
  if (!entry) throw new RangeError(`Unknown symbol: ${symbol}`);
  const clock = marketClock(at);
  const index = clock.index;
  const scan = scanReading(entry, marketMoment(at));
  const { point } = scan;
  const model = symbolModel(entry);
  let sum20 = 0;
  for (let i = index - 20; i < index; i += 1) sum20 += model.close[i]!;
  const average = averageVolume20(entry, index);
  const today = newYorkTime(at).dayNumber;
  const earnings = entry.kind === 'stock' ? nextEarningsDate(entry.symbol, today) : null;
  return {
    entry,
    symbol: entry.symbol,
    isOpen: clock.isOpen,
    ...quoteFigures(point),
    rawPrice: point.price,
    volume: Math.round(point.volume),
    averageVolume20: average,
    relativeVolume: relativeVolumeAt(point, clock, average),
    high20: scan.high20,
    low20: scan.low20,
    sma20: sum20 / 20,
    sma50: scan.sma50,
    rsi14: scan.rsi14,
    iv: point.iv,
    ivRank: ivRank(ivHistory(entry, index), point.iv),
    nextEarnings: earnings === null ? null : isoDateOf(earnings),
    daysToEarnings: earnings === null ? null : earnings - today,
    minute: clock.minute,
  };
}

/** The move the options market prices by `days` from now, as a percent of the price (one standard deviation). */
export function impliedMovePercent(iv: number, days: number): number {
  return Math.round(iv * Math.sqrt(Math.max(days, 1) / 365) * 10_000) / 100;
}
