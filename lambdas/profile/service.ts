/**
 * Profile rules. The profile, and with it the 7-day trial, starts when the account is confirmed
 * (the post-confirmation trigger). An account that somehow has none gets one dated by its
 * Cognito sign-up, never a fresh trial. The caller only ever touches their own profile, and
 * every read confirms with Cognito that their session is still live.
 */
import { trialEndFrom } from '@shared/constants/plans';
import { defaultNotificationPrefs, type Profile, type UpdateProfileInput } from '@shared/profiles/schemas';
import { UnauthorizedError } from '../common/errors';
import type { IdentityPort } from './identity';
import type { ProfilesRepo } from './repository';

export interface Caller {
  userId: string;
  accessToken: string | undefined;
}

/** A new profile whose trial runs from `start` (confirmation, or the sign-up date as a fallback). */
export function newProfile(userId: string, email: string, start: Date, now = new Date()): Profile {
  return {
    id: userId,
    email,
    full_name: null,
    created_at: start.toISOString(),
    updated_at: now.toISOString(),
    trial_end_date: trialEndFrom(start).toISOString(),
    subscription_tier: null,
    notification_prefs: defaultNotificationPrefs,
  };
}

/**
 * The post-confirmation trigger's work: the profile with a trial ending 7 days after
 * confirmation. Idempotent: a profile that already exists is kept as it is.
 */
export async function startTrial(
  repo: ProfilesRepo,
  account: { userId: string; email: string },
  confirmedAt: Date,
): Promise<Profile> {
  const profile = newProfile(account.userId, account.email, confirmedAt, confirmedAt);
  if (await repo.createIfAbsent(profile)) return profile;
  return (await repo.get(account.userId)) ?? profile;
}

/**
 * The caller's profile. Their access token is checked with Cognito first (a signed-out or
 * deleted user's token is refused: 401); a changed email is brought up to date.
 */
export async function getOrCreateProfile(
  repo: ProfilesRepo,
  identity: IdentityPort,
  caller: Caller,
  now = new Date(),
): Promise<Profile> {
  if (!caller.accessToken) throw new UnauthorizedError();
  const [existing, account] = await Promise.all([
    repo.get(caller.userId),
    identity.accountOf(caller.accessToken),
  ]);
  if (existing) {
    if (existing.email === account.email) return existing;
    return (await repo.update(caller.userId, { email: account.email })) ?? existing;
  }
  const signedUp = await identity.createdAt(caller.userId);
  const profile = newProfile(caller.userId, account.email, signedUp, now);
  if (await repo.createIfAbsent(profile)) return profile;
  // Another request (or the trigger) created it first: theirs is the profile.
  return (await repo.get(caller.userId)) ?? profile;
}

export async function applyProfileUpdate(
  repo: ProfilesRepo,
  identity: IdentityPort,
  caller: Caller,
  input: UpdateProfileInput,
  now = new Date(),
): Promise<Profile> {
  const current = await getOrCreateProfile(repo, identity, caller, now);
  const changes: Partial<Profile> = { updated_at: now.toISOString() };
  if (input.full_name !== undefined) changes.full_name = input.full_name;
  if (input.notification_prefs)
    changes.notification_prefs = { ...current.notification_prefs, ...input.notification_prefs };
  if (input.target_rules) changes.target_rules = { ...current.target_rules, ...input.target_rules };
  if (input.onboarding_completed_at !== undefined)
    changes.onboarding_completed_at = input.onboarding_completed_at;
  if (input.onboarding_skipped_at !== undefined) changes.onboarding_skipped_at = input.onboarding_skipped_at;
  if (input.email_suppression === null) changes.email_suppression = null;
  return (await repo.update(caller.userId, changes)) ?? { ...current, ...changes };
}

/** What an operator can set: a paid tier, or `expired` (no tier). */
export const adminTiers = ['starter', 'pro', 'elite', 'expired'] as const;
export type AdminTier = (typeof adminTiers)[number];

/**
 * The operator's `set-tier`: the tier, in force at once (a running trial ends now, since the
 * trial wins over any tier); `expired` leaves no tier. A user with no profile gets one first,
 * dated by their sign-up. The billing state is left alone: a later provider event can change
 * the tier again.
 */
export async function adminSetTier(
  repo: ProfilesRepo,
  account: { userId: string; email: string; createdAt: Date },
  tier: AdminTier,
  now = new Date(),
): Promise<Profile> {
  let profile = await repo.get(account.userId);
  if (!profile) {
    const created = newProfile(account.userId, account.email, account.createdAt, now);
    profile = (await repo.createIfAbsent(created)) ? created : ((await repo.get(account.userId)) ?? created);
  }
  const recorded = Date.parse(profile.trial_end_date);
  const trialEnd = Number.isFinite(recorded) ? Math.min(recorded, now.getTime()) : now.getTime();
  const changes: Partial<Profile> = {
    subscription_tier: tier === 'expired' ? null : tier,
    trial_end_date: new Date(trialEnd).toISOString(),
    updated_at: now.toISOString(),
  };
  return (await repo.update(account.userId, changes)) ?? { ...profile, ...changes };
}
