import { describe, expect, it } from 'vitest';
import {
  effectivePlan,
  MONEY_BACK_DAYS,
  planAllows,
  planLimits,
  PRICING_PLANS,
  TRIAL_DAYS,
  trialDaysLeft,
} from '@shared/constants/plans';
import { subscriptionDisplay } from '@shared/profiles/subscription';

const NOW = new Date('2025-03-10T12:00:00.000Z');

describe('pricing plans', () => {
  it('match spec 9', () => {
    expect(TRIAL_DAYS).toBe(7);
    expect(MONEY_BACK_DAYS).toBe(30);
    expect(PRICING_PLANS.map((p) => [p.name, p.price, p.period, p.popular, p.savings])).toEqual([
      ['Starter', 49, 'month', false, null],
      ['Pro', 99, 'month', true, 'Save $200/year'],
      ['Elite', 199, 'month', false, 'Save $500/year'],
    ]);
  });

  it('list features, with dark pool detection only in Pro and up', () => {
    for (const plan of PRICING_PLANS) expect(plan.features.length).toBeGreaterThan(0);
    const hasDarkPool = PRICING_PLANS.map((p) =>
      (p.features as readonly string[]).some((f) => /dark pool/i.test(f) || f === 'Everything in Pro'),
    );
    expect(hasDarkPool).toEqual([false, true, true]);
  });
});

describe('planLimits', () => {
  it('limit starter to 50 AI questions, 10 filters and no dark pool', () => {
    expect(planLimits.starter.aiQuestionsPerDay).toBe(50);
    expect(planLimits.starter.maxScannerFilters).toBe(10);
    expect(planAllows('starter', 'darkpool')).toBe(false);
    expect(planAllows('starter', 'scanner')).toBe(true);
  });

  it('open everything, unlimited, on trial, pro and elite', () => {
    for (const plan of ['trial', 'pro', 'elite'] as const) {
      expect(planLimits[plan].aiQuestionsPerDay).toBeNull();
      expect(planLimits[plan].maxScannerFilters).toBeNull();
      expect(planAllows(plan, 'darkpool')).toBe(true);
      expect(planAllows(plan, 'research')).toBe(true);
    }
  });

  it('leave only the journal and account when expired', () => {
    expect(planLimits.expired.features).toEqual(['journal', 'account']);
    expect(planLimits.expired.aiQuestionsPerDay).toBe(0);
    expect(planAllows('expired', 'market')).toBe(false);
  });
});

describe('effectivePlan', () => {
  it('is trial while trial_end_date is in the future, whatever the tier', () => {
    expect(effectivePlan({ trial_end_date: '2025-03-17T12:00:00.000Z', subscription_tier: null }, NOW)).toBe(
      'trial',
    );
    expect(
      effectivePlan({ trial_end_date: '2025-03-10T12:00:00.001Z', subscription_tier: 'starter' }, NOW),
    ).toBe('trial');
  });

  it('is the tier once the trial is over (the end instant included)', () => {
    expect(
      effectivePlan({ trial_end_date: '2025-03-10T12:00:00.000Z', subscription_tier: 'starter' }, NOW),
    ).toBe('starter');
    expect(effectivePlan({ trial_end_date: '2025-01-01T00:00:00.000Z', subscription_tier: 'pro' }, NOW)).toBe(
      'pro',
    );
    expect(effectivePlan({ trial_end_date: null, subscription_tier: 'elite' }, NOW)).toBe('elite');
  });

  it('is expired for any other tier, or an unreadable date', () => {
    expect(
      effectivePlan({ trial_end_date: '2025-01-01T00:00:00.000Z', subscription_tier: 'free' }, NOW),
    ).toBe('expired');
    expect(effectivePlan({ trial_end_date: 'soon', subscription_tier: null }, NOW)).toBe('expired');
    expect(effectivePlan({}, NOW)).toBe('expired');
    expect(effectivePlan({ subscription_tier: 'PRO' }, NOW)).toBe('expired');
  });
});

describe('trialDaysLeft', () => {
  it('rounds remaining time up to whole days', () => {
    expect(trialDaysLeft({ trial_end_date: '2025-03-17T12:00:00.000Z' }, NOW)).toBe(7);
    expect(trialDaysLeft({ trial_end_date: '2025-03-13T12:01:00.000Z' }, NOW)).toBe(4);
    expect(trialDaysLeft({ trial_end_date: '2025-03-11T11:00:00.000Z' }, NOW)).toBe(1);
    expect(trialDaysLeft({ trial_end_date: '2025-03-09T12:00:00.000Z' }, NOW)).toBe(0);
  });
});

describe('subscriptionDisplay', () => {
  const profile = (trial_end_date: string, subscription_tier: string | null) => ({
    trial_end_date,
    subscription_tier,
  });
  const past = '2025-03-01T00:00:00.000Z';

  it("shows 'Trial (N days left)' in yellow during the trial", () => {
    expect(subscriptionDisplay(profile('2025-03-17T12:00:00.000Z', 'pro'), NOW)).toEqual({
      plan: 'trial',
      label: 'Trial (7 days left)',
      tone: 'yellow',
      trialDaysLeft: 7,
    });
    expect(subscriptionDisplay(profile('2025-03-10T13:00:00.000Z', null), NOW).label).toBe(
      'Trial (1 day left)',
    );
  });

  it('shows the tier after the trial', () => {
    expect(subscriptionDisplay(profile(past, 'starter'), NOW)).toEqual({
      plan: 'starter',
      label: 'Starter Plan',
      tone: 'blue',
    });
    expect(subscriptionDisplay(profile(past, 'pro'), NOW)).toMatchObject({
      label: 'Pro Plan',
      tone: 'green',
    });
    expect(subscriptionDisplay(profile(past, 'elite'), NOW)).toMatchObject({
      label: 'Elite Plan',
      tone: 'purple',
    });
  });

  it("shows 'Free Trial Expired' in red for anything else, and 'Unknown' without a profile", () => {
    expect(subscriptionDisplay(profile(past, 'free'), NOW)).toMatchObject({
      plan: 'expired',
      label: 'Free Trial Expired',
      tone: 'red',
    });
    expect(subscriptionDisplay(profile(past, null), NOW).label).toBe('Free Trial Expired');
    expect(subscriptionDisplay(null, NOW)).toEqual({ plan: 'unknown', label: 'Unknown', tone: 'gray' });
  });
});
