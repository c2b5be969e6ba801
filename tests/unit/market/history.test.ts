/**
 * Price history from the market model: every point is the price the quotes give at that
 * instant (checked through quoteAt, a separate path), in time order, on trading days.
 */
import { describe, expect, it } from 'vitest';
import { isTradingDay, newYorkTime, sessionOf } from '@shared/market/calendar';
import {
  HISTORY_SESSIONS,
  INTRADAY_STEP_MINUTES,
  marketHistory,
  marketHistoryQuery,
  marketHistorySchema,
} from '@shared/market/history';
import { UnknownSymbolError, quoteAt } from '@shared/market/quotes';

const DURING_SESSION = new Date('2026-03-10T15:47:30Z'); // Tuesday 11:47 New York (EDT)
const SATURDAY = new Date('2026-03-14T17:00:00Z');
const MINUTE = 60_000;
const price = (symbol: string, at: string | Date) => Number(quoteAt(symbol, new Date(at)).price);

describe('market history: daily closes', () => {
  it.each(['1M', '3M', '1Y'] as const)('%s: one close per session, each the quote at that close', (range) => {
    const history = marketHistorySchema.parse(marketHistory('AAPL', range, DURING_SESSION));
    expect(history.points).toHaveLength(HISTORY_SESSIONS[range]);
    const times = history.points.map((point) => Date.parse(point.time));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(times).size).toBe(times.length);
    for (const point of history.points.slice(0, -1)) {
      const { dayNumber, minuteOfDay } = newYorkTime(new Date(point.time));
      expect(isTradingDay(dayNumber)).toBe(true);
      expect(minuteOfDay).toBe(sessionOf(dayNumber)!.close); // 16:00, or 13:00 on an early close
    }
    // Spot checks through the quotes (a close is the price at 16:00 New York that day).
    for (const point of [history.points[0]!, history.points[Math.floor(times.length / 2)]!])
      expect(point.close).toBe(price('AAPL', point.time));
    // The last point is the price now, stamped with the quote's time.
    const quote = quoteAt('AAPL', DURING_SESSION);
    expect(history.points.at(-1)).toEqual({ time: quote.timestamp, close: Number(quote.price) });
    expect(history.asOf).toBe(quote.timestamp);
  });

  it("1Y spans exactly the quote's 52-week range", () => {
    const history = marketHistory('NVDA', '1Y', DURING_SESSION);
    const quote = quoteAt('NVDA', DURING_SESSION);
    const closes = history.points.map((point) => point.close);
    expect(Math.min(...closes)).toBe(Number(quote.fiftyTwoWeekLow));
    expect(Math.max(...closes)).toBe(Number(quote.fiftyTwoWeekHigh));
  });

  it('previousClose is the close of the session before the first point', () => {
    const history = marketHistory('SPY', '1M', DURING_SESSION);
    const first = quoteAt('SPY', new Date(history.points[0]!.time));
    expect(history.previousClose).toBeCloseTo(Number(first.price) - Number(first.change), 2);
  });
});

describe('market history: intraday (1D)', () => {
  it('during the session: every 5 minutes from the open to the current minute, each the quote then', () => {
    const history = marketHistory('TSLA', '1D', DURING_SESSION);
    expect(history.interval).toBe('5m');
    const open = Date.parse('2026-03-10T13:30:00Z'); // 09:30 New York
    const now = Math.floor(DURING_SESSION.getTime() / MINUTE) * MINUTE;
    expect(history.points[0]!.time).toBe(new Date(open).toISOString());
    expect(history.points.at(-1)!.time).toBe(new Date(now).toISOString());
    const steps = history.points
      .slice(1, -1)
      .map((p, i) => Date.parse(p.time) - Date.parse(history.points[i]!.time));
    expect(new Set(steps)).toEqual(new Set([INTRADAY_STEP_MINUTES * MINUTE]));
    for (const point of history.points) expect(point.close).toBe(price('TSLA', point.time));
    const quote = quoteAt('TSLA', DURING_SESSION);
    expect(history.previousClose).toBeCloseTo(Number(quote.price) - Number(quote.change), 2);
  });

  it('outside the session: the whole last session, open to close', () => {
    const history = marketHistory('QQQ', '1D', SATURDAY);
    expect(history.points).toHaveLength(390 / INTRADAY_STEP_MINUTES + 1);
    expect(history.points[0]!.time).toBe('2026-03-13T13:30:00.000Z'); // Friday 09:30 EDT
    expect(history.points.at(-1)).toEqual({
      time: '2026-03-13T20:00:00.000Z',
      close: price('QQQ', SATURDAY),
    });
  });
});

describe('market history: an early close', () => {
  it('1D after the day after Thanksgiving runs 09:30 to 13:00, each point the quote then', () => {
    const history = marketHistory('SPY', '1D', new Date('2026-11-28T17:00:00Z')); // Saturday
    expect(history.points[0]!.time).toBe('2026-11-27T14:30:00.000Z'); // Friday 09:30 EST
    expect(history.points.at(-1)!.time).toBe('2026-11-27T18:00:00.000Z'); // 13:00, the early close
    for (const point of history.points.slice(1, -1)) expect(point.close).toBe(price('SPY', point.time));
  });
});

describe('market history: input', () => {
  it('refuses a symbol the market does not know, never inventing one', () => {
    expect(() => marketHistory('NOPE', '1M', DURING_SESSION)).toThrow(UnknownSymbolError);
  });

  it('reads the query: symbol upper-cased, range 1M by default, only the four ranges', () => {
    expect(marketHistoryQuery.parse({ symbol: ' spy ' })).toEqual({ symbol: 'SPY', range: '1M' });
    expect(marketHistoryQuery.safeParse({ symbol: 'SPY', range: '5Y' }).error?.issues[0]?.path).toEqual([
      'range',
    ]);
    expect(marketHistoryQuery.safeParse({ symbol: 'SPY', extra: '1' }).success).toBe(false);
  });
});
