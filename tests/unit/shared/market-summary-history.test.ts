import { describe, expect, it } from 'vitest';
import {
  newYorkInstant,
  dayNumberOf,
  previousTradingDay,
  SESSION_CLOSE_MINUTE,
} from '@shared/market/calendar';
import {
  fiftyTwoWeekRangeAt,
  relativeStrengthIndex,
  simpleMovingAverage,
  TRADING_DAYS_PER_YEAR,
} from '@shared/market/price-history';
import { quoteAt } from '@shared/market/quotes';

// StockCharts' RSI worksheet (Wilder's method): 33 closes and the RSI from the 15th close on.
const WORKSHEET_CLOSES = [
  44.34, 44.09, 44.15, 43.61, 44.33, 44.83, 45.1, 45.42, 45.84, 46.08, 45.89, 46.03, 45.61, 46.28, 46.28,
  46.0, 46.03, 46.41, 46.22, 45.64, 46.21, 46.25, 45.71, 46.45, 45.78, 45.35, 44.03, 44.18, 44.22, 44.57,
  43.42, 42.66, 43.13,
];
const WORKSHEET_RSI = [
  70.53, 66.32, 66.55, 69.41, 66.36, 57.97, 62.93, 63.26, 56.06, 62.38, 54.71, 50.42, 39.99, 41.46, 41.87,
  45.46, 37.3, 33.08, 37.77,
];

describe('relativeStrengthIndex', () => {
  it('gives the first value from the definition: average gain over average loss of 14 changes', () => {
    // Gains of the first 14 changes sum to 3.34, losses to 1.40: RSI = 100 - 100 / (1 + 3.34 / 1.40).
    expect(relativeStrengthIndex(WORKSHEET_CLOSES.slice(0, 15))).toBeCloseTo(
      100 - 100 / (1 + 3.34 / 1.4),
      10,
    );
  });

  it("follows the published worksheet's Wilder smoothing (which rounds its averages) within 0.1", () => {
    WORKSHEET_RSI.forEach((expected, i) => {
      expect(Math.abs(relativeStrengthIndex(WORKSHEET_CLOSES.slice(0, 15 + i)) - expected)).toBeLessThan(0.1);
    });
  });

  it('is 100 with no losses, 50 when nothing moved, and NaN without enough closes', () => {
    expect(relativeStrengthIndex(Array.from({ length: 20 }, (_, i) => 10 + i))).toBe(100);
    expect(relativeStrengthIndex(Array.from({ length: 20 }, () => 10))).toBe(50);
    expect(relativeStrengthIndex(Array.from({ length: 20 }, (_, i) => 30 - i))).toBe(0);
    expect(relativeStrengthIndex([1, 2, 3])).toBeNaN();
  });
});

describe('simpleMovingAverage', () => {
  it('averages the last n values', () => {
    expect(simpleMovingAverage([1, 2, 3, 4, 5], 2)).toBe(4.5);
    expect(simpleMovingAverage([1, 2, 3, 4, 5], 5)).toBe(3);
    expect(simpleMovingAverage([1, 2], 3)).toBeNaN();
  });
});

describe('fiftyTwoWeekRangeAt', () => {
  it("is the lowest and highest close of the past 252 sessions, today's price included", () => {
    const at = new Date('2026-03-10T15:45:00Z'); // 11:45 New York, session open
    // The closes of the 251 sessions before today, read as quotes at each close.
    const closes: number[] = [];
    let day = dayNumberOf(2026, 3, 10);
    for (let i = 0; i < TRADING_DAYS_PER_YEAR - 1; i += 1) {
      day = previousTradingDay(day);
      closes.push(Number(quoteAt('NVDA', newYorkInstant(day, SESSION_CLOSE_MINUTE)).price));
    }
    const now = Number(quoteAt('NVDA', at).price);
    const range = fiftyTwoWeekRangeAt('NVDA', at);
    expect(range.low).toBeCloseTo(Math.min(now, ...closes), 2);
    expect(range.high).toBeCloseTo(Math.max(now, ...closes), 2);
    expect(range.low).toBeLessThan(range.high);
  });

  it('is on every simulated quote, with the price inside it', () => {
    for (const symbol of ['SPY', 'VIX', 'DXY', 'TSLA', 'TLT']) {
      const quote = quoteAt(symbol, new Date('2026-03-10T15:45:00Z'));
      const [low, price, high] = [quote.fiftyTwoWeekLow, quote.price, quote.fiftyTwoWeekHigh].map(Number);
      expect(low).toBeGreaterThan(0);
      expect(low).toBeLessThanOrEqual(price!);
      expect(high).toBeGreaterThanOrEqual(price!);
    }
  });
});
