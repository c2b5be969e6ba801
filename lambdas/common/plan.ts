/**
 * Plans, enforced on the server (ARCHITECTURE: trial → starter / pro / elite → expired), from
 * the one plan table in shared/src/constants/plans.ts. The plan comes from the caller's profile,
 * read through the profile repository; an account with no profile is judged by the date its
 * Cognito user was created (a trial from then), never as a fresh trial. Refusals carry
 * `details: {limit, max, plan, unlockedBy}` so the UI can say what would lift them.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import {
  effectivePlan,
  featureUnlockedBy,
  planAllows,
  planFeatureLabels,
  planLimits,
  planName,
  quotaUnlockedBy,
  trialEndFrom,
  type EffectivePlan,
  type PlanFeature,
  type PlanLimitDetails,
  type PlanQuota,
} from '@shared/constants/plans';
import { CappedMap } from '@shared/cache/capped-map';
import { cognitoIdentity, type IdentityPort } from '../profile/identity';
import { profilesRepo } from '../profile/repository';
import { cognito } from './clients';
import { AppError, RateLimitedError } from './errors';

export type PlanLookup = (userId: string, now?: Date) => Promise<EffectivePlan>;

/** The plan of an account that has no profile: a trial from its sign-up, over 7 days later. */
export function planWithoutProfile(signedUp: Date, now: Date): EffectivePlan {
  return effectivePlan(
    { trial_end_date: trialEndFrom(signedUp).toISOString(), subscription_tier: null },
    now,
  );
}

export function planLookup(
  client: DynamoDBDocumentClient,
  profilesTable: string,
  identity: Pick<IdentityPort, 'createdAt'> = cognitoIdentity(cognito),
): PlanLookup {
  const profiles = profilesRepo(client, profilesTable);
  return async (userId, now = new Date()) => {
    const profile = await profiles.get(userId);
    if (profile) return effectivePlan(profile, now);
    // A deleted user has no Cognito user either: UserNotFound, which route() answers with 401.
    return planWithoutProfile(await identity.createdAt(userId), now);
  };
}

/** Checks a feature against the caller's plan: the plan, or a 403 `plan_limit` refusal. */
export type FeatureCheck = (userId: string, feature: PlanFeature, now?: Date) => Promise<EffectivePlan>;

const MAX_REMEMBERED_PLANS = 5_000;

/**
 * A feature check for routes read every few seconds (the live feeds' polling) that remembers what
 * each caller's plan is judged from (the profile, or for an account without one its sign-up
 * date) for `rememberMs` per container; the first call after that reads it again before
 * answering (never after: Lambda freezes the container once the response is returned). The plan
 * is still judged at each call's time, so a trial ends on time; and a refusal is never made on a
 * remembered profile, so an upgrade counts at once. A downgrade reaches these routes within
 * `rememberMs`.
 */
export function rememberedFeatureCheck(
  client: DynamoDBDocumentClient,
  profilesTable: string,
  rememberMs: number,
  identity: Pick<IdentityPort, 'createdAt'> = cognitoIdentity(cognito),
  clock: () => number = Date.now,
): FeatureCheck {
  const profiles = profilesRepo(client, profilesTable);
  interface Remembered {
    judge: (now: Date) => EffectivePlan;
    at: number;
  }
  const remembered = new CappedMap<string, Remembered>(MAX_REMEMBERED_PLANS);
  const read = async (userId: string) => {
    const at = clock();
    const profile = await profiles.get(userId);
    const signedUp = profile ? undefined : await identity.createdAt(userId);
    const judge = (now: Date) => (profile ? effectivePlan(profile, now) : planWithoutProfile(signedUp!, now));
    remembered.set(userId, { judge, at });
    return judge;
  };
  return async (userId, feature, now = new Date()) => {
    const known = remembered.get(userId);
    const age = known ? clock() - known.at : Infinity;
    if (known && age < rememberMs) {
      const plan = known.judge(now);
      if (planAllows(plan, feature)) return plan;
    }
    const plan = (await read(userId))(now);
    requireFeature(plan, feature);
    return plan;
  };
}

const planNames: Record<EffectivePlan, string> = {
  trial: 'free trial',
  starter: 'Starter plan',
  pro: 'Pro plan',
  elite: 'Elite plan',
  expired: 'expired trial',
};

/** 403 `plan_limit`: the caller's plan does not include this, or not this much of it. */
export class PlanLimitError extends AppError {
  constructor(message: string, details: PlanLimitDetails) {
    super('plan_limit', message, details);
  }
}

export function requireFeature(plan: EffectivePlan, feature: PlanFeature): void {
  if (planAllows(plan, feature)) return;
  const unlockedBy = featureUnlockedBy(feature);
  const label = planFeatureLabels[feature];
  throw new PlanLimitError(
    plan === 'expired'
      ? `Your free trial has ended. Choose a plan to keep using this feature: ${label.toLowerCase()} comes with the ${planName(unlockedBy)} plan and up.`
      : `This feature is not included in the ${planNames[plan]}. Upgrade to ${planName(unlockedBy)} to use it.`,
    { limit: feature, max: null, plan, unlockedBy },
  );
}

/** Refuses a scan using more filters than the plan allows (Starter: 10). */
export function requireScannerFilters(plan: EffectivePlan, activeFilters: number): void {
  const max = planLimits[plan].maxScannerFilters;
  if (max === null || activeFilters <= max) return;
  const unlockedBy = quotaUnlockedBy('maxScannerFilters', activeFilters);
  throw new PlanLimitError(
    `The ${planNames[plan]} allows ${max} scanner filters; this scan uses ${activeFilters}. Remove some or upgrade to ${planName(unlockedBy)}.`,
    { limit: 'maxScannerFilters', max, plan, unlockedBy },
  );
}

/**
 * 429 `quota_exceeded` for a used-up daily quota (the assistant's questions): the limit, the
 * plan and the plan that lifts it, retried after `retryAfterSeconds` (the next UTC day).
 */
export function quotaExceededError(
  plan: EffectivePlan,
  quota: Extract<PlanQuota, 'aiQuestionsPerDay'>,
  retryAfterSeconds: number,
): RateLimitedError {
  const max = planLimits[plan][quota] ?? 0;
  const unlockedBy = quotaUnlockedBy(quota, max + 1);
  const details: PlanLimitDetails = { limit: quota, max, plan, unlockedBy };
  const more = planLimits[unlockedBy][quota];
  return new RateLimitedError(
    `You have asked your ${max} questions for today, the ${planNames[plan]}'s daily limit. Ask again tomorrow (UTC), or upgrade to ${planName(unlockedBy)} for ${more === null ? 'unlimited questions' : `${more} a day`}.`,
    'quota_exceeded',
    retryAfterSeconds,
    details,
  );
}
