/**
 * Spec 4, subscription display. A trial whose trial_end_date is after now shows first, as
 * 'Trial (N days left)', with N the remaining time in days rounded up (23 hours left is 1 day,
 * 3 days and 1 minute is 4); then the tier; anything else is 'Free Trial Expired'.
 */
import { effectivePlan, trialDaysLeft, type EffectivePlan, type PlanHolder } from '../constants/plans';
import type { Tone } from '../ui/colour-bands';

export interface SubscriptionDisplay {
  plan: EffectivePlan | 'unknown';
  label: string;
  tone: Tone;
  /** Days of trial left; only while on trial. */
  trialDaysLeft?: number;
}

const TIER_DISPLAY: Record<Exclude<EffectivePlan, 'trial'>, { label: string; tone: Tone }> = {
  starter: { label: 'Starter Plan', tone: 'blue' },
  pro: { label: 'Pro Plan', tone: 'green' },
  elite: { label: 'Elite Plan', tone: 'purple' },
  expired: { label: 'Free Trial Expired', tone: 'red' },
};

export function subscriptionDisplay(profile: PlanHolder | null | undefined, now: Date): SubscriptionDisplay {
  if (!profile) return { plan: 'unknown', label: 'Unknown', tone: 'gray' };
  const plan = effectivePlan(profile, now);
  if (plan === 'trial') {
    const days = trialDaysLeft(profile, now);
    return {
      plan,
      label: `Trial (${days} ${days === 1 ? 'day' : 'days'} left)`,
      tone: 'yellow',
      trialDaysLeft: days,
    };
  }
  return { plan, ...TIER_DISPLAY[plan] };
}
