/** Spec 9, plans and trial; the limits each plan gets, enforced by the API (ARCHITECTURE, plans). */
import { subscriptionTiers, type SubscriptionTier } from '../profiles/tiers';

export const TRIAL_DAYS = 7;
export const MONEY_BACK_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A pricing plan as the pricing section shows it (spec 3, pricing plan). */
export interface PricingPlan {
  id: SubscriptionTier;
  name: string;
  /** US dollars per period. */
  price: number;
  period: 'month';
  description: string;
  features: readonly string[];
  popular: boolean;
  savings: string | null;
}

export const PRICING_PLANS = [
  {
    id: 'starter',
    name: 'Starter',
    price: 49,
    period: 'month',
    description: 'The essentials for traders getting started with options research.',
    features: [
      '50 AI research queries per day',
      '10+ scanner filters',
      'Options scanner with edge scoring',
      'Smart market alerts',
      'Trend alerts and risky chatter',
      'Trading journal with CSV export',
    ],
    popular: false,
    savings: null,
  },
  {
    id: 'pro',
    name: 'Pro',
    price: 99,
    period: 'month',
    description: 'For active traders who want the full edge.',
    features: [
      'Unlimited AI research queries',
      '20+ scanner filters',
      'Dark pool flow detection',
      'Smart market alerts with browser notifications',
      'Performance analytics',
      'API access',
      '24/7 emergency support',
    ],
    popular: true,
    savings: 'Save $200/year',
  },
  {
    id: 'elite',
    name: 'Elite',
    price: 199,
    period: 'month',
    description: 'For professionals who trade every session.',
    features: [
      'Everything in Pro',
      'Dark pool pattern analysis (human vs algorithmic)',
      'Trend alerts from social platforms',
      'API access',
      '24/7 emergency support',
    ],
    popular: false,
    savings: 'Save $500/year',
  },
] as const satisfies readonly PricingPlan[];

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

/**
 * The plan in force at `now`. Same precedence as the subscription display (spec 4): a running
 * trial (trial_end_date strictly after now) wins over the tier, so what the account page shows
 * is what the API enforces; then starter/pro/elite; anything else is expired.
 */
export function effectivePlan(holder: PlanHolder, now: Date): EffectivePlan {
  if (trialRemainingMs(holder, now) > 0) return 'trial';
  return isPaidTier(holder.subscription_tier) ? holder.subscription_tier : 'expired';
}
