import { describe, expect, it } from 'vitest';
import { describeMarketClock, marketClockFrom } from '@shared/market/clock';

const SESSION = '2026-11-25T15:30:00.000Z';

describe('the market clock', () => {
  it('is the wall clock when nothing is set', () => {
    const clock = marketClockFrom({});
    expect(clock.mode).toBe('wall');
    const before = Date.now();
    const now = clock.now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
    expect(clock.offsetMs()).toBe(0);
  });

  it('runs at normal speed from MARKET_TIME, set at MARKET_TIME_SET_AT', () => {
    let wall = Date.parse('2026-11-27T00:30:00.000Z');
    const clock = marketClockFrom(
      { MARKET_TIME: SESSION, MARKET_TIME_SET_AT: '2026-11-27T00:30:00.000Z' },
      () => wall,
    );
    expect(clock.mode).toBe('set');
    expect(clock.now().toISOString()).toBe(SESSION);
    wall += 90_000;
    expect(clock.now().toISOString()).toBe('2026-11-25T15:31:30.000Z');
    expect(clock.offsetMs()).toBe(Date.parse(SESSION) - Date.parse('2026-11-27T00:30:00.000Z'));
    expect(describeMarketClock(clock)).toBe('2026-11-25T15:31:30.000Z (running from there)');
  });

  it('stands still at MARKET_TIME when frozen, and accepts an instant with an offset', () => {
    let wall = 0;
    const clock = marketClockFrom(
      { MARKET_TIME: '2026-11-25T10:30:00-05:00', MARKET_TIME_FROZEN: 'true' },
      () => wall,
    );
    expect(clock.now().toISOString()).toBe(SESSION);
    wall += 3_600_000;
    expect(clock.now().toISOString()).toBe(SESSION);
    expect(describeMarketClock(clock)).toBe(`${SESSION} (frozen)`);
  });

  it.each([
    [
      { MARKET_TIME: 'yesterday' },
      'MARKET_TIME must be an ISO instant such as 2026-11-25T15:30:00Z, not "yesterday"',
    ],
    [{ MARKET_TIME: '2026-11-25' }, 'MARKET_TIME must be an ISO instant'],
    [
      { MARKET_TIME: SESSION, MARKET_TIME_FROZEN: 'yes' },
      `MARKET_TIME_FROZEN must be 'true' or 'false', not "yes"`,
    ],
    [{ MARKET_TIME_FROZEN: 'true' }, 'MARKET_TIME_FROZEN=true needs MARKET_TIME'],
    [{ MARKET_TIME: SESSION }, 'MARKET_TIME needs MARKET_TIME_SET_AT'],
  ])('refuses %j rather than fall back to the wall clock', (env, message) => {
    expect(() => marketClockFrom(env)).toThrow(message);
  });
});
