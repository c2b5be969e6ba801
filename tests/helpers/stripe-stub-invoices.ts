/**
 * A declined renewal on the local Stripe stub: an open invoice of the subscription's price, the
 * subscription `past_due`, and `invoice.payment_failed` then `customer.subscription.updated`
 * signed and sent to the app, in the order Stripe sends them. The invoice has the shape of
 * Stripe's own fixture (tests/fixtures/providers/stripe/invoice.stripe-openapi.json): its
 * subscription under `parent.subscription_details` (API version 2025-03-31 and later).
 */
import { randomBytes } from 'node:crypto';
import type { Delivery, StripeStub } from './stripe-stub';

type Json = Record<string, unknown>;

const DAY_SECONDS = 24 * 60 * 60;

export async function failPayment(
  stub: StripeStub,
  subscriptionId: string,
): Promise<{ invoice: Json; failed: Delivery; updated: Delivery }> {
  const subscription = stub.subscriptions.get(subscriptionId);
  if (!subscription) throw new Error(`No subscription ${subscriptionId}`);
  const price = ((subscription.items as Json).data as Json[])[0]!.price as Json;
  const now = Math.floor(Date.now() / 1000);
  const id = `in_${randomBytes(12).toString('hex')}`;
  const invoice = {
    id,
    object: 'invoice',
    customer: subscription.customer,
    amount_due: price.unit_amount,
    amount_paid: 0,
    currency: 'usd',
    attempt_count: 1,
    next_payment_attempt: now + 3 * DAY_SECONDS,
    hosted_invoice_url: `${stub.url}/invoices/${id}`,
    status: 'open',
    created: now,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: subscription.metadata, subscription: subscriptionId },
    },
  };
  subscription.status = 'past_due';
  const failed = await stub.send(stub.event('invoice.payment_failed', invoice));
  const updated = await stub.send(stub.event('customer.subscription.updated', subscription));
  return { invoice, failed, updated };
}
