import { describe, expect, it } from 'vitest';
import {
  fiftyTwoWeekRange,
  futuresDirection,
  parsePrice,
  summaryLevels,
} from '@shared/market/summary-levels';

describe('summaryLevels', () => {
  it('puts support at 98% and resistance at 102% of the price', () => {
    expect(summaryLevels('SPY', 500)).toEqual({ support: 490, current: 500, resistance: 510 });
    expect(summaryLevels('QQQ', '400.50')).toEqual({ support: 392.49, current: 400.5, resistance: 408.51 });
  });

  it('reads quote strings with separators and rounds levels to cents', () => {
    // 1234.56 x 0.98 = 1209.8688, x 1.02 = 1259.2512
    expect(summaryLevels('SPY', '1,234.56')).toEqual({
      support: 1209.87,
      current: 1234.56,
      resistance: 1259.25,
    });
  });

  it('falls back to 445/450/460 for SPY and 375/380/390 for QQQ without a usable price', () => {
    for (const price of [undefined, null, '', 'N/A', 0, -3, Number.NaN]) {
      expect(summaryLevels('SPY', price)).toEqual({ support: 445, current: 450, resistance: 460 });
      expect(summaryLevels('QQQ', price)).toEqual({ support: 375, current: 380, resistance: 390 });
    }
  });

  it('returns a fresh object each time', () => {
    const levels = summaryLevels('SPY', null);
    levels.current = 1;
    expect(summaryLevels('SPY', null).current).toBe(450);
  });
});

describe('parsePrice', () => {
  it('reads numbers and strings, and refuses what is not a positive price', () => {
    expect(parsePrice(' $562.10 ')).toBe(562.1);
    expect(parsePrice(12)).toBe(12);
    expect(parsePrice('--')).toBeNull();
    expect(parsePrice(Infinity)).toBeNull();
  });
});

describe('futuresDirection', () => {
  it('is up when SPY is positive, down when explicitly not, flat otherwise', () => {
    expect(futuresDirection(true)).toBe('up');
    expect(futuresDirection(false)).toBe('down');
    expect(futuresDirection(undefined)).toBe('flat');
    expect(futuresDirection(null)).toBe('flat');
    expect(futuresDirection()).toBe('flat');
  });
});

describe('fiftyTwoWeekRange', () => {
  it('is 80% to 120% of the price', () => {
    expect(fiftyTwoWeekRange(150)).toEqual({ low: 120, high: 180 });
    expect(fiftyTwoWeekRange(227.48)).toEqual({ low: 181.98, high: 272.98 });
  });
});
