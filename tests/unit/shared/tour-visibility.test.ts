/** Spec 4: when the onboarding tour opens by itself, and what PATCH /api/profile accepts for it. */
import { describe, expect, it } from 'vitest';
import { isNewAccount, isTourDone, shouldAutoShowTour } from '@shared/profiles/onboarding';
import { updateProfileInput } from '@shared/profiles/schemas';

const HOUR_MS = 60 * 60 * 1000;
const NOW = new Date('2026-03-10T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const freshDevice = { completed: null, completedAt: null, skippedAt: null };
const newProfile = { created_at: ago(2 * HOUR_MS) };

describe('isNewAccount', () => {
  it('is true under 7 days (168 hours) and false from then on', () => {
    expect(isNewAccount(ago(0), NOW)).toBe(true);
    expect(isNewAccount(ago(167 * HOUR_MS), NOW)).toBe(true);
    expect(isNewAccount(ago(168 * HOUR_MS - 1), NOW)).toBe(true);
    expect(isNewAccount(ago(168 * HOUR_MS), NOW)).toBe(false);
    expect(isNewAccount(ago(30 * 24 * HOUR_MS), NOW)).toBe(false);
  });

  it('counts an account stamped slightly in the future (clock skew) as new, and garbage as not', () => {
    expect(isNewAccount(new Date(NOW.getTime() + 60_000).toISOString(), NOW)).toBe(true);
    expect(isNewAccount('not a date', NOW)).toBe(false);
  });
});

describe('isTourDone', () => {
  it('is false with nothing recorded anywhere', () => {
    expect(
      isTourDone({ ...newProfile, onboarding_completed_at: null, onboarding_skipped_at: null }, freshDevice),
    ).toBe(false);
  });

  it('is true when either the profile or this device recorded a finish or a skip', () => {
    const at = ago(HOUR_MS);
    expect(isTourDone({ ...newProfile, onboarding_completed_at: at }, freshDevice)).toBe(true);
    expect(isTourDone({ ...newProfile, onboarding_skipped_at: at }, freshDevice)).toBe(true);
    expect(isTourDone(newProfile, { ...freshDevice, completed: 'true' })).toBe(true);
    expect(isTourDone(newProfile, { ...freshDevice, completedAt: at })).toBe(true);
    expect(isTourDone(newProfile, { ...freshDevice, skippedAt: at })).toBe(true);
  });

  it("reads onboardingCompleted only as the string 'true'", () => {
    expect(isTourDone(newProfile, { ...freshDevice, completed: 'false' })).toBe(false);
    expect(isTourDone(newProfile, { ...freshDevice, completed: '' })).toBe(false);
  });
});

describe('shouldAutoShowTour', () => {
  it('shows for a new account that has neither finished nor skipped', () => {
    expect(shouldAutoShowTour(newProfile, freshDevice, NOW)).toBe(true);
  });

  it('does not show for an account 7 days old or more', () => {
    expect(shouldAutoShowTour({ created_at: ago(7 * 24 * HOUR_MS) }, freshDevice, NOW)).toBe(false);
  });

  it('does not show once finished or skipped, on the profile (another browser) or on this device', () => {
    expect(shouldAutoShowTour({ ...newProfile, onboarding_skipped_at: ago(1) }, freshDevice, NOW)).toBe(
      false,
    );
    expect(shouldAutoShowTour(newProfile, { ...freshDevice, completed: 'true' }, NOW)).toBe(false);
  });

  it('does not show while the profile is unknown', () => {
    expect(shouldAutoShowTour(undefined, freshDevice, NOW)).toBe(false);
  });
});

describe('PATCH /api/profile onboarding fields', () => {
  it('accept an ISO datetime (normalised to UTC) or null', () => {
    const parsed = updateProfileInput.parse({
      onboarding_completed_at: '2020-01-02T03:04:05+02:00',
      onboarding_skipped_at: null,
    });
    expect(parsed).toEqual({
      onboarding_completed_at: '2020-01-02T01:04:05.000Z',
      onboarding_skipped_at: null,
    });
  });

  it('is an update on its own', () => {
    expect(updateProfileInput.safeParse({ onboarding_skipped_at: new Date().toISOString() }).success).toBe(
      true,
    );
  });

  it('refuse a non-date, a date without time, and a time in the future', () => {
    for (const value of [
      'yesterday',
      '2020-01-02',
      42,
      new Date(Date.now() + 60 * 60 * 1000).toISOString(),
    ]) {
      const result = updateProfileInput.safeParse({ onboarding_completed_at: value });
      expect(result.success, String(value)).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['onboarding_completed_at']);
    }
  });

  it('still refuse an empty update and unknown fields', () => {
    expect(updateProfileInput.safeParse({}).success).toBe(false);
    expect(updateProfileInput.safeParse({ onboarding_completed: true }).success).toBe(false);
  });
});
