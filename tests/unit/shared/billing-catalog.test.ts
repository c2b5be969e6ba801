/**
 * The plan table's prices and what unlocks what, against spec 9's own figures (Starter $49,
 * Pro $99 'Save $200/year', Elite $199 'Save $500/year'), and the price catalogue's lookup keys.
 */
import { describe, expect, it } from 'vitest';
import { parsePriceLookupKey, priceCatalog, priceLookupKey } from '@shared/billing/catalog';
import { hasPaidSubscription } from '@shared/billing/schemas';
import { featureUnlockedBy, planPrice, PRICING_PLANS, quotaUnlockedBy } from '@shared/constants/plans';

describe('plan prices', () => {
  it('are spec 9’s monthly prices, and twelve months less the stated saving a year', () => {
    expect([planPrice('starter', 'month'), planPrice('pro', 'month'), planPrice('elite', 'month')]).toEqual([
      49, 99, 199,
    ]);
    expect(planPrice('pro', 'year')).toBe(99 * 12 - 200);
    expect(planPrice('elite', 'year')).toBe(199 * 12 - 500);
    expect(planPrice('starter', 'year')).toBe(49 * 12);
    expect(PRICING_PLANS.map((p) => p.savings)).toEqual([null, 'Save $200/year', 'Save $500/year']);
  });

  it('read the limits in the pricing texts from the plan table', () => {
    expect(PRICING_PLANS[0].features).toContain('50 AI research queries per day');
    expect(PRICING_PLANS[0].features).toContain('10+ scanner filters');
    expect(PRICING_PLANS[1].features).toContain('Unlimited AI research queries');
  });
});

describe('what unlocks a limit', () => {
  it('is the cheapest paid plan that has the feature or enough of the quota', () => {
    expect(featureUnlockedBy('darkpool')).toBe('pro');
    expect(featureUnlockedBy('research')).toBe('starter');
    expect(featureUnlockedBy('journal')).toBe('starter');
    expect(quotaUnlockedBy('maxScannerFilters', 10)).toBe('starter');
    expect(quotaUnlockedBy('maxScannerFilters', 11)).toBe('pro');
    expect(quotaUnlockedBy('aiQuestionsPerDay', 51)).toBe('pro');
  });
});

describe('the price catalogue', () => {
  it('has one price per plan and period, in cents, with round-tripping lookup keys', () => {
    expect(priceCatalog).toHaveLength(6);
    expect(priceCatalog.find((p) => p.lookupKey === 'edge_options_elite_year')?.unitAmount).toBe(188_800);
    for (const price of priceCatalog)
      expect(parsePriceLookupKey(priceLookupKey(price.plan, price.period))).toEqual({
        plan: price.plan,
        period: price.period,
      });
    expect(parsePriceLookupKey('edge_options_platinum_month')).toBeNull();
    expect(parsePriceLookupKey('someone_else_pro_month')).toBeNull();
    expect(parsePriceLookupKey(null)).toBeNull();
  });
});

describe('hasPaidSubscription', () => {
  const state = (status: string | null, subscription_id: string | null = 'sub_1') => ({
    provider: 'stripe' as const,
    customer_id: 'cus_1',
    subscription_id,
    status,
    plan: 'pro' as const,
    period: 'month' as const,
    renews_at: null,
    cancel_at_period_end: false,
    updated_at: '2026-11-23T00:00:00.000Z',
  });

  it('holds for active, trialing and past_due subscriptions only', () => {
    expect(
      ['active', 'trialing', 'past_due', 'canceled', 'unpaid', null].map((s) =>
        hasPaidSubscription(state(s)),
      ),
    ).toEqual([true, true, true, false, false, false]);
    expect(hasPaidSubscription(state('active', null))).toBe(false);
    expect(hasPaidSubscription(undefined)).toBe(false);
  });
});
