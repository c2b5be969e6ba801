/**
 * Spec quotes (display strings) from the price model, and the MarketDataProvider the API uses.
 * Price, previous close and change are rounded to cents first, so previous close + change = price
 * exactly as displayed.
 */
import { formatVolume } from '../format/volume';
import { marketClock, pricePoint, ivHistory, tradingDayNumber, type MarketClock } from './price-model';
import { RISK_FREE_RATE } from './rates';
import { ivPercentile, ivRank } from './iv-stats';
import type { Quote } from './schemas';
import {
  universeEntry,
  unknownSymbols,
  type InstrumentKind,
  type Sector,
  type UniverseEntry,
} from './universe';
import { nextEarningsDate } from './earnings';
import { isoDateOf } from './calendar';
import { fiftyTwoWeekRangeAt } from './price-history';

/** A symbol the market does not know; never answered with a made-up company. */
export class UnknownSymbolError extends Error {
  constructor(readonly symbols: string[]) {
    super(`Unknown symbol${symbols.length === 1 ? '' : 's'}: ${symbols.join(', ')}`);
    this.name = 'UnknownSymbolError';
  }
}

/** What the options engine needs of an underlying at an instant. */
export interface UnderlyingState {
  symbol: string;
  name: string;
  sector: Sector;
  kind: InstrumentKind;
  spot: number;
  previousClose: number;
  /** Continuously compounded risk-free rate. */
  rate: number;
  dividendYield: number;
  /** The 30-day at-the-money implied volatility now, as a fraction. */
  atmIv: number;
  /** Closing 30-day ATM IVs of the previous 252 trading days, oldest first. */
  ivHistory: Float64Array;
  /** 0-100 (see ./iv-stats). */
  ivRank: number;
  ivPercentile: number;
  /**
   * 'YYYY-MM-DD' of the next earnings report whose move is still ahead (reports come before the
   * open: after the session of a report day the next quarter's), stocks only.
   */
  nextEarnings: string | null;
  /** Shares traded so far in the session. */
  volume: number;
  /** When the price was set (ISO). */
  asOf: string;
  isOpen: boolean;
}

export interface MarketDataProvider {
  readonly source: 'simulated' | 'live';
  /** Spec quotes, in the order asked; rejects with UnknownSymbolError. */
  quotes(symbols: readonly string[], at: Date): Promise<Quote[]>;
  /** Spot, rate, dividend yield and implied-volatility history; rejects with UnknownSymbolError. */
  underlying(symbol: string, at: Date): Promise<UnderlyingState>;
}

const cents = (value: number): number => Math.round(value * 100) / 100;
/** "+1.25" / "-0.84": a number with its sign, as quotes show changes. */
export const signed = (value: number, digits: number): string =>
  `${value >= 0 ? '+' : '-'}${Math.abs(value).toFixed(digits)}`;

/** '3.13T', '812.4B', '45.2M': market capitalisation as the quotes show it. */
export function formatMarketCap(value: number): string {
  if (value >= 1e12) return `${(value / 1e12).toFixed(2)}T`;
  if (value >= 1e9) return `${(value / 1e9).toFixed(1)}B`;
  return `${(value / 1e6).toFixed(1)}M`;
}

function requireEntry(symbol: string): UniverseEntry {
  const entry = universeEntry(symbol);
  if (!entry) throw new UnknownSymbolError([symbol]);
  return entry;
}

export function quoteAt(symbol: string, at: Date, clock: MarketClock = marketClock(at)): Quote {
  const entry = requireEntry(symbol);
  const point = pricePoint(entry, clock);
  const price = cents(point.price);
  const previousClose = cents(point.previousClose);
  const change = cents(price - previousClose);
  const quote: Quote = {
    symbol: entry.symbol,
    name: entry.name,
    price: price.toFixed(2),
    change: signed(change, 2),
    changePercent: `${signed((change / previousClose) * 100, 2)}%`,
    isPositive: change >= 0,
    volume: formatVolume(Math.round(point.volume)),
    timestamp: clock.priceTime.toISOString(),
  };
  const range = fiftyTwoWeekRangeAt(entry.symbol, at, clock);
  quote.fiftyTwoWeekLow = cents(range.low).toFixed(2);
  quote.fiftyTwoWeekHigh = cents(range.high).toFixed(2);
  if (entry.sharesOutstanding !== null)
    quote.marketCap = formatMarketCap(entry.sharesOutstanding * point.price);
  return quote;
}

export function underlyingAt(
  symbol: string,
  at: Date,
  clock: MarketClock = marketClock(at),
): UnderlyingState {
  const entry = requireEntry(symbol);
  const point = pricePoint(entry, clock);
  const history = ivHistory(entry, clock.index);
  // A report comes before its day's open: once that session's prices apply, the next one is ahead.
  const sessionDay = tradingDayNumber(clock.index);
  const earnings = entry.kind === 'stock' ? nextEarningsDate(entry.symbol, sessionDay + 1) : null;
  return {
    symbol: entry.symbol,
    name: entry.name,
    sector: entry.sector,
    kind: entry.kind,
    spot: point.price,
    previousClose: point.previousClose,
    rate: RISK_FREE_RATE,
    dividendYield: entry.dividendYield,
    atmIv: point.iv,
    ivHistory: history,
    ivRank: ivRank(history, point.iv),
    ivPercentile: ivPercentile(history, point.iv),
    nextEarnings: earnings === null ? null : isoDateOf(earnings),
    volume: point.volume,
    asOf: clock.priceTime.toISOString(),
    isOpen: clock.isOpen,
  };
}

function assertKnown(symbols: readonly string[]): void {
  const unknown = unknownSymbols(symbols);
  if (unknown.length > 0) throw new UnknownSymbolError(unknown);
}

/** The default provider: the deterministic simulated market. */
export const simulatedMarket: MarketDataProvider = {
  source: 'simulated',
  async quotes(symbols, at) {
    assertKnown(symbols);
    const clock = marketClock(at);
    return symbols.map((symbol) => quoteAt(symbol, at, clock));
  },
  async underlying(symbol, at) {
    assertKnown([symbol]);
    return underlyingAt(symbol, at);
  },
};
