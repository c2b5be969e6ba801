/**
 * Billing: the checkout request, the provider's URLs, whether billing is on, and the billing
 * state kept on the profile (written only by a verified provider webhook).
 */
import * as z from 'zod';
import { billingPeriods, effectivePlans } from '../constants/plans';
import { subscriptionTiers } from '../profiles/tiers';

/** POST /api/billing/checkout. */
export const checkoutInput = z
  .object({
    plan: z.enum(subscriptionTiers),
    period: z.enum(billingPeriods),
  })
  .strict();
export type CheckoutInput = z.infer<typeof checkoutInput>;

/** Where to send the browser: the provider's checkout page or its customer portal. */
export const redirectUrlSchema = z.object({ url: z.string().url() });
export type RedirectUrl = z.infer<typeof redirectUrlSchema>;

/** GET /api/billing: whether this stage takes payments (else the UI says how to reach sales). */
export const billingStatusSchema = z.object({ enabled: z.boolean() });
export type BillingStatus = z.infer<typeof billingStatusSchema>;

/**
 * The subscription as the provider last reported it, on the profile. `status` is the provider's
 * own word (Stripe: active, trialing, past_due, canceled, unpaid, incomplete, ...).
 */
export const billingStateSchema = z.object({
  provider: z.literal('stripe'),
  customer_id: z.string().min(1),
  subscription_id: z.string().nullable(),
  status: z.string().nullable(),
  plan: z.enum(subscriptionTiers).nullable(),
  period: z.enum(billingPeriods).nullable(),
  /** End of the paid period: the renewal date, or the end date when cancelling at period end. */
  renews_at: z.string().datetime().nullable(),
  cancel_at_period_end: z.boolean(),
  updated_at: z.string().datetime(),
});
export type BillingState = z.infer<typeof billingStateSchema>;

/** Provider statuses that keep the paid plan (past_due: the provider is still retrying the card). */
export const PAID_STATUSES: readonly string[] = ['active', 'trialing', 'past_due'];

/** POST /api/billing/webhook: the signed event as sent (its signature covers these very bytes). */
export const billingWebhookBody = z.string();

export const webhookOutcomes = ['applied', 'duplicate', 'ignored'] as const;
export type WebhookOutcome = (typeof webhookOutcomes)[number];

/** The webhook's answer to the provider: received, and what became of the event. */
export const webhookReceiptSchema = z.object({ received: z.literal(true), outcome: z.enum(webhookOutcomes) });

/** The `details` of a 403 `plan_limit` / 429 `quota_exceeded`, as the UI reads them. */
export const planLimitDetailsSchema = z.object({
  limit: z.string(),
  max: z.number().nullable(),
  plan: z.enum(effectivePlans),
  unlockedBy: z.enum(subscriptionTiers),
});
export type PlanLimitDetailsBody = z.infer<typeof planLimitDetailsSchema>;

/** Whether the billing state is a subscription that keeps a paid plan. */
export function hasPaidSubscription(billing: BillingState | null | undefined): boolean {
  return Boolean(billing?.subscription_id && billing.status && PAID_STATUSES.includes(billing.status));
}
