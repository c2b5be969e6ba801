/**
 * GET /api/market-history: a symbol's price history from the simulated market's price model, the
 * same prices every other screen shows.
 *   1D   the current session (or the last one, outside the session) every 5 minutes from the
 *        open, plus the latest minute; `previousClose` is the session's reference line
 *   1M   the closes of the last 21 sessions, 3M 63, 1Y 252; the last point is the price now
 *        (the close once the session is over)
 * Prices are rounded to cents. Throws UnknownSymbolError for a symbol the market does not know.
 */
import * as z from 'zod';
import {
  SESSION_MINUTES,
  SESSION_OPEN_MINUTE,
  SESSION_CLOSE_MINUTE,
  newYorkInstant,
  sessionOf,
} from './calendar';
import { dailyCloses } from './price-history';
import { marketClock, pricePoint, tradingDayNumber, type MarketClock } from './price-model';
import { UnknownSymbolError } from './quotes';
import { tickerSchema } from './ticker';
import { universeEntry } from './universe';

export const historyRanges = ['1D', '1M', '3M', '1Y'] as const;
export type HistoryRange = (typeof historyRanges)[number];

/** Sessions of daily closes per range. */
export const HISTORY_SESSIONS: Record<Exclude<HistoryRange, '1D'>, number> = {
  '1M': 21,
  '3M': 63,
  '1Y': 252,
};
/** Minutes between intraday points. */
export const INTRADAY_STEP_MINUTES = 5;

export const historyRangeLabels: Record<HistoryRange, string> = {
  '1D': '1 day',
  '1M': '1 month',
  '3M': '3 months',
  '1Y': '1 year',
};

export const marketHistoryQuery = z
  .object({
    symbol: tickerSchema,
    range: z.enum(historyRanges).default('1M'),
  })
  .strict();
export type MarketHistoryQuery = z.infer<typeof marketHistoryQuery>;

export const historyPointSchema = z.object({
  /** The close's instant (16:00 New York), or the minute for intraday points. */
  time: z.iso.datetime(),
  close: z.number(),
});
export type HistoryPoint = z.infer<typeof historyPointSchema>;

export const marketHistorySchema = z.object({
  symbol: z.string(),
  name: z.string(),
  range: z.enum(historyRanges),
  interval: z.enum(['5m', '1d']),
  /** Histories always come from the market model. */
  source: z.literal('simulated'),
  /** The last point's time. */
  asOf: z.iso.datetime(),
  /** The close before the first point (1D: the previous session's close). */
  previousClose: z.number(),
  points: z.array(historyPointSchema),
});
export type MarketHistory = z.infer<typeof marketHistorySchema>;

const cents = (value: number): number => Math.round(value * 100) / 100;
const closeTime = (index: number): string => {
  const day = tradingDayNumber(index);
  return newYorkInstant(day, sessionOf(day)?.close ?? SESSION_CLOSE_MINUTE).toISOString();
};

function intraday(symbol: string, clock: MarketClock): HistoryPoint[] {
  const entry = universeEntry(symbol)!;
  const day = tradingDayNumber(clock.index);
  // Wall-clock minutes of the session (210 on an early close) onto the model's 390-step path.
  const length = (sessionOf(day)?.close ?? SESSION_CLOSE_MINUTE) - SESSION_OPEN_MINUTE;
  const open = newYorkInstant(day, SESSION_OPEN_MINUTE).getTime();
  const last = clock.isOpen ? Math.round((clock.priceTime.getTime() - open) / 60_000) : length;
  const steps: { real: number; minute: number }[] = [];
  for (let real = 0; real < last; real += INTRADAY_STEP_MINUTES)
    steps.push({ real, minute: Math.floor((real * SESSION_MINUTES) / length) });
  steps.push({ real: last, minute: clock.minute });
  return steps.map(({ real, minute }) => ({
    time: newYorkInstant(day, SESSION_OPEN_MINUTE + real).toISOString(),
    close: cents(
      pricePoint(entry, {
        index: clock.index,
        minute,
        isOpen: minute < SESSION_MINUTES,
        priceTime: clock.priceTime,
      }).price,
    ),
  }));
}

/** The last `sessions` closes (the last one being the price now) and the close before them. */
function daily(symbol: string, clock: MarketClock, sessions: number) {
  const entry = universeEntry(symbol)!;
  const closes = dailyCloses(symbol, clock.index - 1, sessions);
  const first = clock.index - closes.length;
  const points = closes.slice(1).map((close, i) => ({ time: closeTime(first + 1 + i), close: cents(close) }));
  points.push({ time: clock.priceTime.toISOString(), close: cents(pricePoint(entry, clock).price) });
  return { points, previousClose: closes[0]! };
}

export function marketHistory(symbol: string, range: HistoryRange, at: Date): MarketHistory {
  const entry = universeEntry(symbol);
  if (!entry) throw new UnknownSymbolError([symbol]);
  const clock = marketClock(at);
  const { points, previousClose } =
    range === '1D'
      ? { points: intraday(entry.symbol, clock), previousClose: pricePoint(entry, clock).previousClose }
      : daily(entry.symbol, clock, HISTORY_SESSIONS[range]);
  return {
    symbol: entry.symbol,
    name: entry.name,
    range,
    interval: range === '1D' ? '5m' : '1d',
    source: 'simulated',
    asOf: points.at(-1)!.time,
    previousClose: cents(previousClose),
    points,
  };
}
