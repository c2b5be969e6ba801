/**
 * Spec 9, plans and trial: the one table of what each plan allows, read by the API (which
 * enforces it), the UI (which shows it) and the pricing and help texts. No zod here: the
 * landing page's pricing section imports this file.
 */
import { subscriptionTiers, type SubscriptionTier } from '../profiles/tiers';

export const TRIAL_DAYS = 7;
export const MONEY_BACK_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The plan the API enforces: a trial, a paid tier, or expired (trial over, no paid tier). */
export const effectivePlans = ['trial', ...subscriptionTiers, 'expired'] as const;
export type EffectivePlan = (typeof effectivePlans)[number];

/** Product areas a plan can open or close. */
export const planFeatures = [
  'market',
  'scanner',
  'research',
  'darkpool',
  'alerts',
  'trends',
  'chatter',
  'journal',
  'account',
] as const;
export type PlanFeature = (typeof planFeatures)[number];

/** How a feature is named in a refusal ('… is not included in the Starter plan'). */
export const planFeatureLabels: Record<PlanFeature, string> = {
  market: 'Market data',
  scanner: 'The options scanner',
  research: 'The research assistant',
  darkpool: 'Dark pool flow',
  alerts: 'Market alerts',
  trends: 'Trend alerts',
  chatter: 'Risky chatter',
  journal: 'The trading journal',
  account: 'Account settings',
};

export interface PlanLimits {
  features: readonly PlanFeature[];
  /** AI research questions per UTC day; null is unlimited, 0 is none. */
  aiQuestionsPerDay: number | null;
  /** Scanner filters one scan may set; null is unlimited. */
  maxScannerFilters: number | null;
}

export const planLimits = {
  trial: { features: planFeatures, aiQuestionsPerDay: null, maxScannerFilters: null },
  starter: {
    features: planFeatures.filter((feature) => feature !== 'darkpool'),
    aiQuestionsPerDay: 50,
    maxScannerFilters: 10,
  },
  pro: { features: planFeatures, aiQuestionsPerDay: null, maxScannerFilters: null },
  elite: { features: planFeatures, aiQuestionsPerDay: null, maxScannerFilters: null },
  expired: { features: ['journal', 'account'], aiQuestionsPerDay: 0, maxScannerFilters: 0 },
} as const satisfies Record<EffectivePlan, PlanLimits>;

export function planAllows(plan: EffectivePlan, feature: PlanFeature): boolean {
  const features: readonly PlanFeature[] = planLimits[plan].features;
  return features.includes(feature);
}

/** A numeric limit of a plan. */
export type PlanQuota = 'aiQuestionsPerDay' | 'maxScannerFilters';

/** What a refusal names as the limit reached: a feature the plan lacks, or a numeric quota. */
export type PlanLimitName = PlanFeature | PlanQuota;

/**
 * The `details` of a 403 `plan_limit` or 429 `quota_exceeded`: which limit, its value on the
 * caller's plan (null for a feature the plan lacks), the caller's plan, and the cheapest plan
 * that lifts it.
 */
export interface PlanLimitDetails {
  limit: PlanLimitName;
  max: number | null;
  plan: EffectivePlan;
  unlockedBy: SubscriptionTier;
}

/** The cheapest paid plan that includes a feature. */
export function featureUnlockedBy(feature: PlanFeature): SubscriptionTier {
  return subscriptionTiers.find((tier) => planAllows(tier, feature)) ?? 'elite';
}

/** The cheapest paid plan whose quota allows `wanted` (unlimited counts). */
export function quotaUnlockedBy(quota: PlanQuota, wanted: number): SubscriptionTier {
  return (
    subscriptionTiers.find((tier) => {
      const max = planLimits[tier][quota];
      return max === null || max >= wanted;
    }) ?? 'elite'
  );
}

/** How often a paid plan is billed (terms: monthly or annual billing in advance). */
export const billingPeriods = ['month', 'year'] as const;
export type BillingPeriod = (typeof billingPeriods)[number];

/** Spec 9 marketing: '10+ scanner filters' for Starter, '20+' (all of them) from Pro up. */
const ALL_SCANNER_FILTERS_LABEL = '20+';

/** A pricing plan as the pricing section shows it (spec 3, pricing plan). */
export interface PricingPlan {
  id: SubscriptionTier;
  name: string;
  /** US dollars per month, billed monthly. */
  price: number;
  period: 'month';
  /** Dollars a year saved by paying annually (spec 9's 'Save $N/year'; Starter states none). */
  annualSavings: number;
  description: string;
  features: readonly string[];
  popular: boolean;
  savings: string | null;
}

const savingsText = (dollars: number) => (dollars > 0 ? `Save $${dollars}/year` : null);
const aiLine = (tier: SubscriptionTier) => {
  const perDay = planLimits[tier].aiQuestionsPerDay;
  return perDay === null ? 'Unlimited AI research queries' : `${perDay} AI research queries per day`;
};
const filterLine = (tier: SubscriptionTier) => {
  const max = planLimits[tier].maxScannerFilters;
  return max === null ? `${ALL_SCANNER_FILTERS_LABEL} scanner filters` : `${max}+ scanner filters`;
};

export const PRICING_PLANS = [
  {
    id: 'starter',
    name: 'Starter',
    price: 49,
    period: 'month',
    annualSavings: 0,
    description: 'The essentials for traders getting started with options research.',
    features: [
      aiLine('starter'),
      filterLine('starter'),
      'Options scanner with edge scoring',
      'Smart market alerts',
      'Trend alerts and risky chatter',
      'Trading journal with CSV export',
    ],
    popular: false,
    savings: savingsText(0),
  },
  {
    id: 'pro',
    name: 'Pro',
    price: 99,
    period: 'month',
    annualSavings: 200,
    description: 'For active traders who want the full edge.',
    features: [
      aiLine('pro'),
      filterLine('pro'),
      'Dark pool flow detection',
      'Smart market alerts with browser notifications',
      'Performance analytics',
      'API access',
      '24/7 emergency support',
    ],
    popular: true,
    savings: savingsText(200),
  },
  {
    id: 'elite',
    name: 'Elite',
    price: 199,
    period: 'month',
    annualSavings: 500,
    description: 'For professionals who trade every session.',
    features: [
      'Everything in Pro',
      'Dark pool pattern analysis (human vs algorithmic)',
      'Trend alerts from social platforms',
      'API access',
      '24/7 emergency support',
    ],
    popular: false,
    savings: savingsText(500),
  },
] as const satisfies readonly PricingPlan[];

/** The display name of a paid plan ('Pro'). */
export function planName(tier: SubscriptionTier): string {
  return PRICING_PLANS.find((plan) => plan.id === tier)!.name;
}

/**
 * US dollars charged per billing period: the monthly price, or twelve months less the plan's
 * annual savings (Pro $988, Elite $1,888; Starter, with no stated saving, $588).
 */
export function planPrice(tier: SubscriptionTier, period: BillingPeriod): number {
  const plan = PRICING_PLANS.find((p) => p.id === tier)!;
  return period === 'month' ? plan.price : plan.price * 12 - plan.annualSavings;
}

export interface PlanHolder {
  trial_end_date?: string | null;
  subscription_tier?: string | null;
}

function isPaidTier(tier: string | null | undefined): tier is SubscriptionTier {
  return (subscriptionTiers as readonly (string | null | undefined)[]).includes(tier);
}

/** Milliseconds of trial left at `now`; 0 when over, missing or unreadable. */
export function trialRemainingMs(holder: PlanHolder, now: Date): number {
  const end = holder.trial_end_date ? Date.parse(holder.trial_end_date) : NaN;
  return Number.isFinite(end) ? Math.max(0, end - now.getTime()) : 0;
}

/** Whole days of trial left, counted up: 1 ms left is '1 day left'; 0 when the trial is over. */
export function trialDaysLeft(holder: PlanHolder, now: Date): number {
  return Math.ceil(trialRemainingMs(holder, now) / DAY_MS);
}

/** When a trial that starts at `start` (the account's confirmation) ends. */
export function trialEndFrom(start: Date): Date {
  return new Date(start.getTime() + TRIAL_DAYS * DAY_MS);
}

/**
 * The plan in force at `now`. Same precedence as the subscription display (spec 4): a running
 * trial (trial_end_date strictly after now) wins over the tier, so what the account page shows
 * is what the API enforces; then starter/pro/elite; anything else is expired.
 */
export function effectivePlan(holder: PlanHolder, now: Date): EffectivePlan {
  if (trialRemainingMs(holder, now) > 0) return 'trial';
  return isPaidTier(holder.subscription_tier) ? holder.subscription_tier : 'expired';
}
