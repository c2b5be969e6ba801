/** Expiry settlement and assignment (the journal issue, item 2), with hand-computed values. */
import { describe, expect, it } from 'vitest';
import { expiredOn, expiryClose, settleExpired } from '@shared/trades/settlement';
import type { TradeLeg } from '@shared/trades/schemas';

const EXPIRY = '2026-12-18';
const leg = (
  kind: 'call' | 'put',
  side: 'long' | 'short',
  strike: number,
  expiration = EXPIRY,
): TradeLeg => ({
  kind,
  side,
  quantity: 1,
  strike,
  expiration,
  premium: 0,
});

const condor = {
  ticker: 'SPY',
  side: 'credit' as const,
  quantity: 2,
  exit_price: null,
  notes: 'Tracked from the scanner',
  tags: ['income'],
  legs: [
    leg('put', 'long', 90),
    leg('put', 'short', 95),
    leg('call', 'short', 110),
    leg('call', 'long', 115),
  ],
};
const afterExpiry = new Date('2026-12-19T12:00:00.000Z');

describe('expiry settlement', () => {
  it('is due only once the last expiration’s 16:00 New York close has passed', () => {
    expect(expiryClose(EXPIRY).toISOString()).toBe('2026-12-18T21:00:00.000Z');
    expect(expiredOn(condor, new Date('2026-12-18T20:59:00.000Z'))).toBeNull();
    expect(expiredOn(condor, new Date('2026-12-18T21:00:00.000Z'))).toBe(EXPIRY);
    // A closed trade is never settled again.
    expect(expiredOn({ ...condor, exit_price: 0.4 }, afterExpiry)).toBeNull();
    expect(settleExpired({ ...condor, exit_price: 0.4 }, afterExpiry, () => 100)).toBeNull();
  });

  it('on an early-close day (Christmas Eve 2026, 13:00) is due at 13:00 New York, not 16:00', () => {
    const christmasEve = { ...condor, legs: condor.legs!.map((l) => ({ ...l, expiration: '2026-12-24' })) };
    expect(expiryClose('2026-12-24').toISOString()).toBe('2026-12-24T18:00:00.000Z');
    expect(expiredOn(christmasEve, new Date('2026-12-24T17:59:00.000Z'))).toBeNull();
    expect(expiredOn(christmasEve, new Date('2026-12-24T18:00:00.000Z'))).toBe('2026-12-24');
    expect(settleExpired(christmasEve, new Date('2026-12-24T19:00:00.000Z'), () => 102.5)!.closed_at).toBe(
      '2026-12-24T18:00:00.000Z',
    );
  });

  it('closes a condor that expired between the shorts for nothing, no assignment', () => {
    const settled = settleExpired(condor, afterExpiry, () => 102.5)!;
    expect(settled.exit_price).toBe(0);
    expect(settled.assigned).toEqual([]);
    expect(settled.tags).toEqual(['income', 'expired']);
    expect(settled.closed_at).toBe('2026-12-18T21:00:00.000Z');
  });

  it('closes at intrinsic with the short call assigned when the close is above it', () => {
    // Close 112.40: short 110 call worth 2.40, long 115 call nothing, puts nothing;
    // a credit position's exit is the cost to buy back: 2.40 a share.
    const settled = settleExpired(condor, afterExpiry, () => 112.4)!;
    expect(settled.exit_price).toBe(2.4);
    expect(settled.settlement_price).toBe(112.4);
    expect(settled.assigned).toEqual([
      'short 110 call 2026-12-18 (SPY closed at 112.40): 200 shares sold at 110.00',
    ]);
    expect(settled.exercised).toEqual([]);
    expect(settled.tags).toEqual(['income', 'expired', 'assigned']);
    expect(settled.notes).toContain(
      'Tracked from the scanner\nSettled at expiry 2026-12-18: SPY closed at 112.40',
    );
    expect(settled.notes).toContain('Assigned: short 110 call');
  });

  it('past both wings: the spread’s width, the long exercised and the short assigned', () => {
    // Close 80: short 95 put 15, long 90 put 10: 5.00 to close.
    const settled = settleExpired(condor, afterExpiry, () => 80)!;
    expect(settled.exit_price).toBe(5);
    expect(settled.assigned).toHaveLength(1);
    expect(settled.exercised[0]).toBe(
      'long 90 put 2026-12-18 (SPY closed at 80.00): 200 shares sold at 90.00',
    );
  });

  it('values a debit calendar at each leg’s own expiry close', () => {
    const calendar = {
      ...condor,
      side: 'debit' as const,
      quantity: 1,
      tags: [],
      legs: [leg('call', 'short', 100, '2026-12-18'), leg('call', 'long', 100, '2027-01-15')],
    };
    const closes: Record<string, number> = { '2026-12-18': 103, '2027-01-15': 108 };
    const settled = settleExpired(calendar, new Date('2027-01-16T00:00:00.000Z'), (day) => closes[day]!)!;
    // Long 100 call at 8.00 less short 100 call at 3.00: the position sells for 5.00.
    expect(settled.exit_price).toBe(5);
    expect(settled.settlement_price).toBe(108);
  });
});
