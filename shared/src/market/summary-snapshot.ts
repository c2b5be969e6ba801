/**
 * The market as the Daily Market Summary sees it: one close, read once. A summary is for a
 * New York calendar day D (it changes at SUMMARY_PUBLISH_MINUTE, 06:00 New York, as a morning
 * brief would) and is built on the close of the last trading day before D, so every figure in it
 * is a quote the market model gives for that close, and it stays the same all day.
 */
import { DAILY_SUMMARY_SYMBOLS } from '../constants/symbols';
import {
  isoDateOf,
  newYorkInstant,
  newYorkTime,
  nyseHolidayName,
  previousTradingDay,
  SESSION_CLOSE_MINUTE,
  sessionOf,
  weekday,
} from './calendar';
import { marketClock } from './price-model';
import { quoteAt } from './quotes';
import { hashString, uniform } from './random';
import type { Quote } from './schemas';
import { UNIVERSE, universeEntry, type UniverseEntry } from './universe';

/** Minutes after New York midnight at which the next day's summary replaces the last one. */
export const SUMMARY_PUBLISH_MINUTE = 6 * 60;
const MINUTE_MS = 60_000;

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** A symbol's closing quote and the numbers read from it (exactly as displayed). */
export interface Move {
  symbol: string;
  entry: UniverseEntry;
  quote: Quote;
  /** Change over the session in percent, as the quote shows it (2 decimals). */
  pct: number;
  /** The move in units of the symbol's typical daily move (its volatility / √252). */
  z: number;
}

export interface SummaryDay {
  /** The New York calendar day the summary is for, as a day number and 'YYYY-MM-DD'. */
  day: number;
  date: string;
  /** The last trading day before it, whose close the figures are taken at. */
  sessionDay: number;
  sessionDate: string;
  /** 'Friday' */
  sessionWeekday: string;
  /** Trading-day index of that session in the price model. */
  sessionIndex: number;
  asOf: Date;
  /** When the summary was published: SUMMARY_PUBLISH_MINUTE on its day. */
  publishedAt: Date;
  /** The market on the summary's own day: whether it trades, why not, and whether it closes early. */
  market: SummaryMarketDay;
}

export interface SummaryMarketDay {
  /** Whether the summary's day is a trading day. */
  trades: boolean;
  /** Why it does not: the holiday's name, or 'the weekend'; null on a trading day. */
  closedFor: string | null;
  /** The close of that day's session when it is an early close ('13:00'), else null. */
  earlyClose: string | null;
  /** The next session from the summary's day on (that day itself when it trades), 'YYYY-MM-DD'. */
  nextSessionDate: string;
}

function marketDayOf(day: number): SummaryMarketDay {
  const session = sessionOf(day);
  let next = day;
  while (!sessionOf(next)) next += 1;
  const close = session?.close ?? SESSION_CLOSE_MINUTE;
  return {
    trades: session !== null,
    closedFor: session ? null : (nyseHolidayName(day) ?? 'the weekend'),
    earlyClose:
      session && close < SESSION_CLOSE_MINUTE
        ? `${String(Math.floor(close / 60)).padStart(2, '0')}:${String(close % 60).padStart(2, '0')}`
        : null,
    nextSessionDate: isoDateOf(next),
  };
}

/** Which summary applies at an instant. */
export function summaryDayAt(at: Date): SummaryDay {
  const { dayNumber, minuteOfDay } = newYorkTime(at);
  const day = minuteOfDay < SUMMARY_PUBLISH_MINUTE ? dayNumber - 1 : dayNumber;
  const sessionDay = previousTradingDay(day);
  // The close of that session: 13:00 on an early close.
  const asOf = newYorkInstant(sessionDay, sessionOf(sessionDay)?.close ?? SESSION_CLOSE_MINUTE);
  return {
    day,
    date: isoDateOf(day),
    sessionDay,
    sessionDate: isoDateOf(sessionDay),
    sessionWeekday: WEEKDAYS[weekday(sessionDay)]!,
    sessionIndex: marketClock(asOf).index,
    asOf,
    publishedAt: newYorkInstant(day, SUMMARY_PUBLISH_MINUTE),
    market: marketDayOf(day),
  };
}

/** A quote's change in percent as a number ('+1.23%' → 1.23). */
export const percentOf = (quote: Quote): number => Number(quote.changePercent.replace('%', ''));

/** The summary's view of the market at one close, with seeded choices for that day. */
export class SummarySnapshot {
  private readonly moves = new Map<string, Move>();
  /** Symbols whose figures the text quotes, in first-cited order. */
  readonly cited = new Set<string>(DAILY_SUMMARY_SYMBOLS);
  private readonly seed: number;

  constructor(readonly day: SummaryDay) {
    this.seed = hashString(`market-summary:${day.date}`);
  }

  move(symbol: string): Move {
    let move = this.moves.get(symbol);
    if (!move) {
      const entry = universeEntry(symbol);
      if (!entry) throw new RangeError(`Unknown symbol: ${symbol}`);
      const quote = quoteAt(entry.symbol, this.day.asOf);
      const pct = percentOf(quote);
      move = { symbol: entry.symbol, entry, quote, pct, z: pct / ((entry.vol * 100) / Math.sqrt(252)) };
      this.moves.set(symbol, move);
    }
    return move;
  }

  /** 'NVDA +2.31%', and the symbol is recorded as cited. */
  figure(symbol: string): string {
    const move = this.move(symbol);
    this.cited.add(move.symbol);
    return `${move.symbol} ${move.quote.changePercent}`;
  }

  /** Every stock's move at the close. */
  stocks(): Move[] {
    return UNIVERSE.filter((entry) => entry.kind === 'stock').map((entry) => this.move(entry.symbol));
  }

  /** A uniform draw in (0, 1), fixed for the day and the key. */
  random(key: string): number {
    return uniform(this.seed, hashString(key));
  }

  pick<T>(options: readonly T[], key: string): T {
    return options[Math.floor(this.random(key) * options.length)]!;
  }

  /** A whole-minute instant in [from, to), fixed for the day and the key. */
  instantBetween(from: Date, to: Date, key: string): Date {
    const minutes = Math.max(1, Math.floor((to.getTime() - from.getTime()) / MINUTE_MS));
    const offset = Math.floor(this.random(key) * minutes);
    return new Date(Math.ceil(from.getTime() / MINUTE_MS) * MINUTE_MS + offset * MINUTE_MS);
  }
}
