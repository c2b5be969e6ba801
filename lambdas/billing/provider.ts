/**
 * What the app needs from a payment provider, so the rules in service.ts know nothing of
 * Stripe: a hosted checkout, a customer portal (billing history, card, cancel), verified
 * webhook events, the current state of a subscription, and cancelling one.
 */
import type { BillingPeriod } from '@shared/constants/plans';
import type { SubscriptionTier } from '@shared/profiles/tiers';

export interface CheckoutRequest {
  userId: string;
  email: string;
  /** The provider's customer of this user, when they have been one before. */
  customerId: string | null;
  plan: SubscriptionTier;
  period: BillingPeriod;
  successUrl: string;
  cancelUrl: string;
}

/** A webhook event whose signature and age were verified. */
export interface VerifiedEvent {
  id: string;
  type: string;
  created: Date;
  /** The subscription the event is about, when it is about one. */
  subscriptionId: string | null;
  /** The app user a checkout was started for (its client reference), when given. */
  userId: string | null;
  /** What an invoice event (`invoice.payment_failed`) says of the invoice; null for other objects. */
  invoice: InvoiceSummary | null;
}

/** An invoice as a failed-payment e-mail tells it. */
export interface InvoiceSummary {
  id: string;
  /** In the currency's smallest unit (cents). */
  amountDue: number;
  /** ISO 4217, lower case as Stripe sends it. */
  currency: string;
  /** Payment attempts so far. */
  attempts: number;
  /** When the provider tries the card again; null when it will not. */
  nextAttempt: Date | null;
  /** The provider's page where the invoice can be paid, when it has one. */
  url: string | null;
}

/** A subscription as the provider holds it now. */
export interface SubscriptionSnapshot {
  id: string;
  customerId: string;
  /** The app user it was bought for (kept in its metadata at checkout). */
  userId: string | null;
  status: string;
  /** The plan and period of its price; null for a price that is not in our catalogue. */
  plan: SubscriptionTier | null;
  period: BillingPeriod | null;
  /** End of the current paid period. */
  periodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

export interface BillingProvider {
  readonly name: 'stripe';
  createCheckout(request: CheckoutRequest): Promise<string>;
  createPortal(customerId: string, returnUrl: string): Promise<string>;
  /** Throws InvalidSignatureError for a forged, altered or too old event. */
  verifyEvent(payload: string, signature: string | undefined): Promise<VerifiedEvent>;
  /** null when the provider has no such subscription (another account's, a test event's, or deleted). */
  subscription(id: string): Promise<SubscriptionSnapshot | null>;
  /** Cancels at once; a subscription already cancelled is left as it is. */
  cancelSubscription(id: string): Promise<void>;
}

export class InvalidSignatureError extends Error {
  override name = 'InvalidSignatureError';
}

/** The provider answered, but not as our catalogue says it must (a missing or mispriced price). */
export class BillingConfigurationError extends Error {
  override name = 'BillingConfigurationError';
}

/** Webhook signatures older than this are refused (Stripe's own default tolerance). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
