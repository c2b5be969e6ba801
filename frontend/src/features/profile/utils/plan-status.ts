import { type Profile } from '@shared/profiles/schemas';

const DAY_MS = 24 * 60 * 60 * 1000;

export type PlanTone = 'trial' | 'starter' | 'pro' | 'elite' | 'expired' | 'unknown';

export type PlanStatus = { label: string; tone: PlanTone };

const tierPlans: Record<string, PlanStatus> = {
  starter: { label: 'Starter Plan', tone: 'starter' },
  pro: { label: 'Pro Plan', tone: 'pro' },
  elite: { label: 'Elite Plan', tone: 'elite' },
};

/**
 * Spec 4, subscription display: an active trial shows the days left; otherwise the paid tier;
 * anything else is an expired trial. No profile reads 'Unknown'.
 */
export function planStatus(profile: Profile | undefined, now: Date = new Date()): PlanStatus {
  if (!profile) return { label: 'Unknown', tone: 'unknown' };
  const msLeft = Date.parse(profile.trial_end_date) - now.getTime();
  if (msLeft > 0) {
    const days = Math.ceil(msLeft / DAY_MS);
    return { label: `Trial (${days} ${days === 1 ? 'day' : 'days'} left)`, tone: 'trial' };
  }
  const tier = profile.subscription_tier ? tierPlans[profile.subscription_tier] : undefined;
  return tier ?? { label: 'Free Trial Expired', tone: 'expired' };
}
