/**
 * The price catalogue the payment provider must hold: one recurring price per plan and period,
 * found by its lookup key, with the amount of the shared plan table.
 */
import { billingPeriods, planName, planPrice, type BillingPeriod } from '../constants/plans';
import { subscriptionTiers, type SubscriptionTier } from '../profiles/tiers';

const PREFIX = 'edge_options';

export function priceLookupKey(plan: SubscriptionTier, period: BillingPeriod): string {
  return `${PREFIX}_${plan}_${period}`;
}

/** The plan and period a lookup key names, or null for a key that is not ours. */
export function parsePriceLookupKey(
  key: string | null | undefined,
): { plan: SubscriptionTier; period: BillingPeriod } | null {
  const match = /^edge_options_(\w+?)_(month|year)$/.exec(key ?? '');
  if (!match) return null;
  const plan = subscriptionTiers.find((tier) => tier === match[1]);
  const period = billingPeriods.find((p) => p === match[2]);
  return plan && period ? { plan, period } : null;
}

export interface CatalogPrice {
  lookupKey: string;
  plan: SubscriptionTier;
  period: BillingPeriod;
  productName: string;
  /** US cents per period. */
  unitAmount: number;
}

export const priceCatalog: readonly CatalogPrice[] = subscriptionTiers.flatMap((plan) =>
  billingPeriods.map((period) => ({
    lookupKey: priceLookupKey(plan, period),
    plan,
    period,
    productName: `Edge Options ${planName(plan)}`,
    unitAmount: planPrice(plan, period) * 100,
  })),
);
