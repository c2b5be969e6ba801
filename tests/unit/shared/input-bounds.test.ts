/**
 * The bounds of what a client may send to be stored. Expected values are DynamoDB's documented
 * number limits (magnitude 1e-130 to 9.9999999999999999999999999999999999999e125, 38 significant
 * digits) and the SDK marshaller's refusal of unsafe integers, not the implementation.
 */
import { describe, expect, it } from 'vitest';
import { hasAtMostDecimals, isInputDate, isStorableNumber } from '@shared/constants/ranges';
import { updateProfileInput } from '@shared/profiles/schemas';

describe('isStorableNumber', () => {
  it.each([0, -0, 1, -1, 1e-130, -1e-130, 0.01, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER])(
    'stores %d',
    (value) => expect(isStorableNumber(value)).toBe(true),
  );

  it.each([
    5e-324,
    -5e-324,
    1e-131,
    Number.MAX_SAFE_INTEGER + 2,
    1e126,
    1e200,
    -1e200,
    Number.MAX_VALUE,
    Infinity,
    -Infinity,
    NaN,
  ])('refuses %d', (value) => expect(isStorableNumber(value)).toBe(false));
});

describe('hasAtMostDecimals', () => {
  it('allows binary floating-point noise but no real extra digit, however small the number', () => {
    expect(hasAtMostDecimals(0.1 + 0.2, 2)).toBe(true);
    expect(hasAtMostDecimals(2.35, 2)).toBe(true);
    expect(hasAtMostDecimals(1_000_000, 2)).toBe(true);
    expect(hasAtMostDecimals(999_999.99, 2)).toBe(true);
    expect(hasAtMostDecimals(1.005, 2)).toBe(false);
    expect(hasAtMostDecimals(1e-9, 2)).toBe(false);
    expect(hasAtMostDecimals(5e-324, 2)).toBe(false);
    expect(hasAtMostDecimals(999_999.999, 2)).toBe(false);
    expect(hasAtMostDecimals(0.0001, 4)).toBe(true);
    expect(hasAtMostDecimals(0.00001, 4)).toBe(false);
    expect(hasAtMostDecimals(7, 0)).toBe(true);
    expect(hasAtMostDecimals(7.5, 0)).toBe(false);
  });
});

describe('isInputDate', () => {
  it('takes days and instants from 1900-01-01 to 2200-12-31 (UTC), and nothing else', () => {
    expect(isInputDate('1900-01-01')).toBe(true);
    expect(isInputDate('2200-12-31T23:59:59.999Z')).toBe(true);
    expect(isInputDate('1899-12-31T23:59:59.999Z')).toBe(false);
    expect(isInputDate('2201-01-01')).toBe(false);
    expect(isInputDate('0000-01-01')).toBe(false);
    expect(isInputDate('+275760-09-13T00:00:00Z')).toBe(false);
    expect(isInputDate('not a date')).toBe(false);
  });
});

describe('the profile’s onboarding times', () => {
  it('are instants from 1900 on (the route fuzz found year 0000 accepted)', () => {
    expect(updateProfileInput.safeParse({ onboarding_completed_at: '0000-01-01T00:00:00Z' }).success).toBe(
      false,
    );
    expect(updateProfileInput.safeParse({ onboarding_skipped_at: '1899-12-31T23:59:59Z' }).success).toBe(
      false,
    );
    expect(updateProfileInput.safeParse({ onboarding_completed_at: '2025-01-01T00:00:00Z' }).success).toBe(
      true,
    );
  });
});
