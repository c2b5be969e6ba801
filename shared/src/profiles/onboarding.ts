/**
 * Spec 4, onboarding: the tour opens by itself for a signed-in user who has neither completed
 * nor skipped it and whose account is under 7 days old. "Completed or skipped" is known from
 * two places: the profile (so another browser knows) and the device's own keys (spec 3).
 */
import { ONBOARDING_MAX_ACCOUNT_AGE_MS } from '../constants/timings';
import type { Profile } from './schemas';

export type OnboardingProfile = Pick<
  Profile,
  'created_at' | 'onboarding_completed_at' | 'onboarding_skipped_at'
>;

/** What this device remembers (spec 3: onboardingCompleted is the string 'true'). */
export interface OnboardingDeviceState {
  completed: string | null;
  completedAt: string | null;
  skippedAt: string | null;
}

/** True when the account was created less than ONBOARDING_MAX_ACCOUNT_AGE_MS before `now`. */
export function isNewAccount(createdAt: string, now: Date): boolean {
  const created = Date.parse(createdAt);
  if (Number.isNaN(created)) return false;
  return now.getTime() - created < ONBOARDING_MAX_ACCOUNT_AGE_MS;
}

/** The tour was finished or skipped, on the profile or on this device. */
export function isTourDone(profile: OnboardingProfile, device: OnboardingDeviceState): boolean {
  return Boolean(
    profile.onboarding_completed_at ||
    profile.onboarding_skipped_at ||
    device.completed === 'true' ||
    device.completedAt ||
    device.skippedAt,
  );
}

/**
 * Whether the tour should open by itself. Without a profile (still loading, or it failed to
 * load) it stays closed: the account's age is unknown.
 */
export function shouldAutoShowTour(
  profile: OnboardingProfile | undefined,
  device: OnboardingDeviceState,
  now: Date,
): boolean {
  if (!profile) return false;
  return !isTourDone(profile, device) && isNewAccount(profile.created_at, now);
}
