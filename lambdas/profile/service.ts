/** Profile rules: created on first read with a 7-day trial; the caller only ever touches their own. */
import { addDays } from 'date-fns';
import { TRIAL_DAYS } from '@shared/constants/plans';
import { defaultNotificationPrefs, type Profile, type UpdateProfileInput } from '@shared/profiles/schemas';
import { UnauthorizedError } from '../common/errors';
import type { IdentityPort } from './identity';
import type { ProfilesRepo } from './repository';

export interface Caller {
  userId: string;
  accessToken: string | undefined;
}

export async function getOrCreateProfile(
  repo: ProfilesRepo,
  identity: IdentityPort,
  caller: Caller,
  now = new Date(),
): Promise<Profile> {
  const existing = await repo.get(caller.userId);
  if (existing) return existing;
  if (!caller.accessToken) throw new UnauthorizedError();
  const created = now.toISOString();
  const profile: Profile = {
    id: caller.userId,
    email: await identity.emailOf(caller.accessToken),
    full_name: null,
    created_at: created,
    updated_at: created,
    trial_end_date: addDays(now, TRIAL_DAYS).toISOString(),
    subscription_tier: null,
    notification_prefs: defaultNotificationPrefs,
  };
  if (await repo.createIfAbsent(profile)) return profile;
  // Another request created it first: theirs is the profile.
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
  if (input.onboarding_completed_at !== undefined)
    changes.onboarding_completed_at = input.onboarding_completed_at;
  if (input.onboarding_skipped_at !== undefined) changes.onboarding_skipped_at = input.onboarding_skipped_at;
  return (await repo.update(caller.userId, changes)) ?? { ...current, ...changes };
}
