import { describe, expect, it } from 'vitest';
import { generateChain } from '@shared/options/chain';
import { yearsToExpiry } from '@shared/providers/chains/price-real-chain';
import {
  dayNumberOf,
  dayNumberOfIso,
  expiryInstant,
  isInSession,
  isoDateOf,
  isTradingDay,
  marketStatusAt,
  nextSessionOpen,
  nyseEarlyCloses,
  sessionOf,
  weekday,
} from '@shared/market/calendar';

/**
 * NYSE's published holiday and early-close calendars (nyse.com/markets/hours-calendars and its
 * archived yearly pages), 2019-2027. The unscheduled closure of 2025-01-09 (a national day of
 * mourning) is left out: the calendar models the exchange's rules, not one-off closures
 * (docs/decisions/market-sessions.md).
 */
const PUBLISHED: Record<number, { holidays: string[]; earlyCloses: string[] }> = {
  2019: {
    holidays: ['01-01', '01-21', '02-18', '04-19', '05-27', '07-04', '09-02', '11-28', '12-25'],
    earlyCloses: ['07-03', '11-29', '12-24'],
  },
  2020: {
    holidays: ['01-01', '01-20', '02-17', '04-10', '05-25', '07-03', '09-07', '11-26', '12-25'],
    earlyCloses: ['11-27', '12-24'],
  },
  2021: {
    holidays: ['01-01', '01-18', '02-15', '04-02', '05-31', '07-05', '09-06', '11-25', '12-24'],
    earlyCloses: ['11-26'],
  },
  2022: {
    holidays: ['01-17', '02-21', '04-15', '05-30', '06-20', '07-04', '09-05', '11-24', '12-26'],
    earlyCloses: ['11-25'],
  },
  2023: {
    holidays: ['01-02', '01-16', '02-20', '04-07', '05-29', '06-19', '07-04', '09-04', '11-23', '12-25'],
    earlyCloses: ['07-03', '11-24'],
  },
  2024: {
    holidays: ['01-01', '01-15', '02-19', '03-29', '05-27', '06-19', '07-04', '09-02', '11-28', '12-25'],
    earlyCloses: ['07-03', '11-29', '12-24'],
  },
  2025: {
    holidays: ['01-01', '01-20', '02-17', '04-18', '05-26', '06-19', '07-04', '09-01', '11-27', '12-25'],
    earlyCloses: ['07-03', '11-28', '12-24'],
  },
  2026: {
    holidays: ['01-01', '01-19', '02-16', '04-03', '05-25', '06-19', '07-03', '09-07', '11-26', '12-25'],
    earlyCloses: ['11-27', '12-24'],
  },
  2027: {
    holidays: ['01-01', '01-18', '02-15', '03-26', '05-31', '06-18', '07-05', '09-06', '11-25', '12-24'],
    earlyCloses: ['11-26'],
  },
};

function weekdaysOf(year: number): number[] {
  const days: number[] = [];
  for (let day = dayNumberOf(year, 1, 1); day < dayNumberOf(year + 1, 1, 1); day += 1)
    if (weekday(day) !== 0 && weekday(day) !== 6) days.push(day);
  return days;
}

describe('NYSE sessions, 2019-2027', () => {
  it.each(Object.keys(PUBLISHED).map(Number))('%i: full holidays and early closes as published', (year) => {
    const published = PUBLISHED[year]!;
    const closedWeekdays = weekdaysOf(year)
      .filter((day) => sessionOf(day) === null)
      .map((day) => isoDateOf(day).slice(5));
    expect(closedWeekdays).toEqual(published.holidays);
    const early = weekdaysOf(year)
      .filter((day) => sessionOf(day)?.close === 13 * 60)
      .map((day) => isoDateOf(day).slice(5));
    expect(early).toEqual(published.earlyCloses);
    expect([...nyseEarlyCloses(year)].map((day) => isoDateOf(day).slice(5)).sort()).toEqual(
      published.earlyCloses,
    );
    // Every other weekday is a full 09:30-16:00 session; weekends have none.
    for (const day of weekdaysOf(year)) {
      const session = sessionOf(day);
      if (session) expect(session.open).toBe(9 * 60 + 30);
      expect(session !== null).toBe(isTradingDay(day));
    }
  });

  it('trades from 09:30 up to (not at) the close, 13:00 on an early close', () => {
    expect(isInSession(new Date('2026-11-27T14:29:59Z'))).toBe(false);
    expect(isInSession(new Date('2026-11-27T14:30:00Z'))).toBe(true);
    expect(isInSession(new Date('2026-11-27T17:59:59Z'))).toBe(true);
    expect(isInSession(new Date('2026-11-27T18:00:00Z'))).toBe(false); // 13:00 EST
    expect(isInSession(new Date('2026-11-25T20:59:00Z'))).toBe(true); // 15:59 the day before Thanksgiving
    expect(isInSession(new Date('2026-11-26T15:00:00Z'))).toBe(false); // Thanksgiving
    expect(isInSession(new Date('2026-07-15T19:59:00Z'))).toBe(true); // 15:59 EDT
    expect(isInSession(new Date('2026-07-15T20:00:00Z'))).toBe(false);
    expect(isInSession(new Date('2025-07-03T16:59:00Z'))).toBe(true); // 12:59 EDT, early close
    expect(isInSession(new Date('2025-07-03T17:00:00Z'))).toBe(false);
  });

  it('finds the next open across weekends, holidays and early closes', () => {
    // Thanksgiving evening: the next open is Friday's (an early close) 09:30.
    expect(nextSessionOpen(new Date('2026-11-26T22:30:00Z')).toISOString()).toBe('2026-11-27T14:30:00.000Z');
    // Christmas Eve 2026 after its 13:00 close: Christmas, a weekend, then Monday the 28th.
    expect(nextSessionOpen(new Date('2026-12-24T18:30:00Z')).toISOString()).toBe('2026-12-28T14:30:00.000Z');
    // Good Friday 2026 morning: Monday 6 April, in daylight time.
    expect(nextSessionOpen(new Date('2026-04-03T12:00:00Z')).toISOString()).toBe('2026-04-06T13:30:00.000Z');
    // During a session: the next day's open.
    expect(nextSessionOpen(new Date('2026-07-15T15:00:00Z')).toISOString()).toBe('2026-07-16T13:30:00.000Z');
    // Before the open on a trading day: that morning.
    expect(nextSessionOpen(new Date('2026-07-15T12:00:00Z')).toISOString()).toBe('2026-07-15T13:30:00.000Z');
  });

  it('states the market status with the close of an early-close day', () => {
    expect(marketStatusAt(new Date('2026-11-27T15:00:00Z'))).toEqual({
      isOpen: true,
      nextOpen: '2026-11-30T14:30:00.000Z',
      closesAt: '2026-11-27T18:00:00.000Z',
    });
    expect(marketStatusAt(new Date('2026-11-26T22:30:00Z'))).toEqual({
      isOpen: false,
      nextOpen: '2026-11-27T14:30:00.000Z',
      closesAt: null,
    });
    expect(sessionOf(dayNumberOfIso('2026-11-26'))).toBeNull();
  });

  it('counts an option expiring on an early-close day to 13:00, in the simulated chain and a real one', () => {
    const friday = dayNumberOfIso('2026-11-27');
    expect(expiryInstant(friday).toISOString()).toBe('2026-11-27T18:00:00.000Z');
    expect(expiryInstant(dayNumberOfIso('2026-11-20')).toISOString()).toBe('2026-11-20T21:00:00.000Z');
    const at = new Date('2026-11-27T15:00:00Z');
    // Three hours to go at 10:00 on the day after Thanksgiving, not six.
    expect(yearsToExpiry('2026-11-27', at) * 365 * 24).toBeCloseTo(3, 9);
    const chain = generateChain('SPY', at);
    const e = chain.expirations.indexOf('2026-11-27');
    expect(e).toBeGreaterThanOrEqual(0);
    const priced = (Date.parse(chain.asOf) - at.getTime()) / 3_600_000;
    expect(chain.expirationYears[e]! * 365 * 24 + priced).toBeCloseTo(3, 9);
  });
});
