import { describe, expect, it } from 'vitest';
import {
  dayNumberOfIso,
  isTradingDay,
  newYorkInstant,
  newYorkOffsetMinutes,
  newYorkTime,
} from '@shared/market/calendar';

describe('NYSE calendar', () => {
  it.each([
    ['2025-01-01', false], // New Year's Day
    ['2025-01-20', false], // Martin Luther King Jr. Day
    ['2025-04-18', false], // Good Friday
    ['2025-06-19', false], // Juneteenth
    ['2025-07-04', false],
    ['2025-11-27', false], // Thanksgiving
    ['2025-12-25', false],
    ['2026-04-03', false], // Good Friday 2026
    ['2026-07-03', false], // Independence Day observed (the 4th is a Saturday)
    ['2025-03-08', false], // Saturday
    ['2025-03-10', true],
    ['2026-03-10', true],
  ])('%s is a trading day: %s', (date, expected) => {
    expect(isTradingDay(dayNumberOfIso(date))).toBe(expected);
  });

  it('switches New York between EST and EDT on the US rule', () => {
    expect(newYorkOffsetMinutes(Date.parse('2026-03-08T06:59:00Z'))).toBe(-300);
    expect(newYorkOffsetMinutes(Date.parse('2026-03-08T07:00:00Z'))).toBe(-240);
    expect(newYorkOffsetMinutes(Date.parse('2026-11-01T05:59:00Z'))).toBe(-240);
    expect(newYorkOffsetMinutes(Date.parse('2026-11-01T06:00:00Z'))).toBe(-300);
  });

  it('maps instants to New York wall-clock minutes and back', () => {
    const open = newYorkInstant(dayNumberOfIso('2026-07-15'), 9 * 60 + 30);
    expect(open.toISOString()).toBe('2026-07-15T13:30:00.000Z');
    expect(newYorkTime(new Date('2026-01-15T21:00:00Z'))).toEqual({
      dayNumber: dayNumberOfIso('2026-01-15'),
      minuteOfDay: 16 * 60,
    });
  });
});
