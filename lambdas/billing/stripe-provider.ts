/**
 * The Stripe adapter of the billing provider: Checkout Sessions for subscriptions (prices found
 * by lookup key and checked against the shared plan table), the customer portal, webhook
 * signatures verified with the stripe package, subscriptions read and cancelled. `apiUrl`
 * points it at a local stub in tests and `npm start`; unset, it is api.stripe.com.
 */
import Stripe from 'stripe';
import { parsePriceLookupKey, priceCatalog, priceLookupKey } from '@shared/billing/catalog';
import type { BillingPeriod } from '@shared/constants/plans';
import type { SubscriptionTier } from '@shared/profiles/tiers';
import {
  BillingConfigurationError,
  InvalidSignatureError,
  WEBHOOK_TOLERANCE_SECONDS,
  type BillingProvider,
  type InvoiceSummary,
  type SubscriptionSnapshot,
} from './provider';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  apiUrl?: string;
}

/** Keys that can be Stripe's: operators replace the deploy's generated placeholders with these. */
export const looksLikeStripeKeys = (secretKey?: string, webhookSecret?: string): boolean =>
  /^(sk|rk)_(test|live)_\w+$/.test(secretKey ?? '') && /^whsec_\w+$/.test(webhookSecret ?? '');

function clientOptions(apiUrl: string | undefined): Stripe.StripeConfig {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 10_000, telemetry: false };
  if (!apiUrl) return options;
  const url = new URL(apiUrl);
  return {
    ...options,
    host: url.hostname,
    port: url.port || (url.protocol === 'https:' ? 443 : 80),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
  };
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

type IdRef = string | { id: string } | null;

/** An event's object, as far as the adapter reads it (the event's payload is Stripe's, typed loosely). */
interface EventObject {
  object?: string;
  id?: string;
  /** A checkout session's, and an invoice's before API version 2025-03-31. */
  subscription?: IdRef;
  /** An invoice's subscription since API version 2025-03-31. */
  parent?: { subscription_details?: { subscription?: IdRef } | null } | null;
  client_reference_id?: string | null;
  amount_due?: number;
  currency?: string;
  attempt_count?: number;
  next_payment_attempt?: number | null;
  hosted_invoice_url?: string | null;
}

/** The invoice an invoice event is about (tests/fixtures/providers/stripe/invoice.stripe-openapi.json). */
export function invoiceSummary(object: EventObject): InvoiceSummary | null {
  if (object.object !== 'invoice' || !object.id) return null;
  return {
    id: object.id,
    amountDue: object.amount_due ?? 0,
    currency: object.currency ?? 'usd',
    attempts: object.attempt_count ?? 0,
    nextAttempt: object.next_payment_attempt ? new Date(object.next_payment_attempt * 1000) : null,
    url: object.hosted_invoice_url ?? null,
  };
}

/** The subscription an event's object names: itself, or a session's or an invoice's. */
export function eventSubscriptionId(object: EventObject): string | null {
  if (object.object === 'subscription') return object.id ?? null;
  return idOf(object.subscription) ?? idOf(object.parent?.subscription_details?.subscription);
}

export function stripeProvider(settings: StripeSettings): BillingProvider {
  const stripe = new Stripe(settings.secretKey, clientOptions(settings.apiUrl));

  async function catalogPrice(plan: SubscriptionTier, period: BillingPeriod): Promise<string> {
    const expected = priceCatalog.find((p) => p.plan === plan && p.period === period)!;
    const { data } = await stripe.prices.list({ lookup_keys: [priceLookupKey(plan, period)], active: true });
    const price = data[0];
    if (!price)
      throw new BillingConfigurationError(
        `No active Stripe price has the lookup key ${expected.lookupKey}; run npm run admin -- billing-catalog`,
      );
    if (price.unit_amount !== expected.unitAmount || price.recurring?.interval !== period)
      throw new BillingConfigurationError(
        `Stripe price ${price.id} (${expected.lookupKey}) is ${price.unit_amount} per ${price.recurring?.interval}, not ${expected.unitAmount} per ${period}`,
      );
    return price.id;
  }

  return {
    name: 'stripe',

    async createCheckout(request) {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: await catalogPrice(request.plan, request.period), quantity: 1 }],
        ...(request.customerId ? { customer: request.customerId } : { customer_email: request.email }),
        client_reference_id: request.userId,
        metadata: { user_id: request.userId },
        subscription_data: { metadata: { user_id: request.userId } },
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      });
      if (!session.url)
        throw new BillingConfigurationError('Stripe returned a checkout session without a URL');
      return session.url;
    },

    async createPortal(customerId, returnUrl) {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return session.url;
    },

    async verifyEvent(payload, signature) {
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(
          payload,
          signature ?? '',
          settings.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch (error) {
        throw new InvalidSignatureError((error as Error).message);
      }
      const object = event.data.object as EventObject;
      return {
        id: event.id,
        type: event.type,
        created: new Date(event.created * 1000),
        subscriptionId: eventSubscriptionId(object),
        userId: object.client_reference_id ?? null,
        invoice: invoiceSummary(object),
      };
    },

    async subscription(id): Promise<SubscriptionSnapshot | null> {
      let subscription: Stripe.Subscription;
      try {
        subscription = await stripe.subscriptions.retrieve(id);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
      const item = subscription.items.data[0];
      const catalogued = parsePriceLookupKey(item?.price.lookup_key);
      return {
        id: subscription.id,
        customerId: idOf(subscription.customer)!,
        userId: subscription.metadata?.user_id ?? null,
        status: subscription.status,
        plan: catalogued?.plan ?? null,
        period: catalogued?.period ?? null,
        periodEnd: item?.current_period_end ? new Date(item.current_period_end * 1000) : null,
        cancelAtPeriodEnd: subscription.cancel_at_period_end,
      };
    },

    async cancelSubscription(id) {
      const subscription = await stripe.subscriptions.retrieve(id);
      if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') return;
      await stripe.subscriptions.cancel(id);
    },
  };
}
