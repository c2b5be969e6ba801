/**
 * Account e-mails end to end (issue 25 item 3): the local Stripe stub signs and posts its events to
 * the runtime's webhook, which writes each e-mail to the outbox once per Stripe event id. A
 * purchase, a declined renewal and a cancellation each e-mail the account once, replayed webhooks
 * (fresh, valid signatures) send nothing new, and the delivery log lists them as sent; with every
 * notification preference off, since they concern what the account costs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planPrice } from '@shared/constants/plans';
import { redirectUrlSchema } from '@shared/billing/schemas';
import { notificationLogSchema } from '@shared/notifications/schemas';
import { apiPath } from '@shared/routes';
import { failPayment } from '../helpers/stripe-stub-invoices';
import { startBillingStack, type BillingStack, type BillingUser } from './billing-stack';

let stack: BillingStack;
let user: BillingUser;
let subscriptionId: string;

beforeAll(async () => {
  stack = await startBillingStack();
  stack.billing(true);
  user = await stack.createUser('account-mail');
  // Every preference off: account e-mails are sent whatever they say.
  const off = await stack.api(apiPath('updateProfile'), {
    token: user.token,
    method: 'PATCH',
    body: {
      notification_prefs: {
        email_alerts: false,
        push_notifications: false,
        market_updates: false,
        trade_confirmations: false,
      },
    },
  });
  expect(off.status, off.text).toBe(200);
});
afterAll(() => stack?.close());

const subjects = () => stack.mails(user.email).map((m) => m.subject);
const replay = async (type: string) => {
  const original = stack.stub.deliveries.filter((d) => d.event.type === type).at(-1)!;
  const again = await stack.stub.send(original.event);
  expect(again.status, again.body).toBe(200);
  expect(JSON.parse(again.body)).toMatchObject({ received: true, outcome: 'duplicate' });
};

describe('account e-mails from the billing webhook', () => {
  it('a purchase: one welcome, with the plan and the account link; the replayed event sends nothing', async () => {
    const started = await stack.api('/api/billing/checkout', {
      token: user.token,
      method: 'POST',
      body: { plan: 'pro', period: 'month' },
    });
    expect(started.status, started.text).toBe(200);
    const sessionId = new URL(redirectUrlSchema.parse(started.json).url).pathname.split('/').pop()!;
    const { subscription, delivery } = await stack.stub.pay(sessionId);
    expect(delivery?.status).toBe(200);
    subscriptionId = String(subscription.id);

    expect(subjects()).toEqual(['Welcome to Pro']);
    const [welcome] = stack.mails(user.email);
    expect(welcome!.text).toContain('Your plan: Pro, billed monthly.');
    expect(welcome!.text).toContain(`${stack.runtime.url}/dashboard/account`);
    await replay('checkout.session.completed');
    expect(subjects()).toEqual(['Welcome to Pro']);
  });

  it('a declined renewal: one "payment failed" e-mail (the plan stays on, past due, with no plan e-mail); its replay sends nothing', async () => {
    const { failed, updated } = await failPayment(stack.stub, subscriptionId);
    expect(failed.status, failed.body).toBe(200);
    expect(JSON.parse(failed.body)).toMatchObject({ outcome: 'applied' });
    expect(updated.status).toBe(200);
    const profile = (await stack.profile(user))!;
    expect(profile).toMatchObject({ subscription_tier: 'pro', billing: { status: 'past_due' } });

    const price = `$${planPrice('pro', 'month').toFixed(2)}`;
    expect(subjects()).toEqual(['Welcome to Pro', `Payment failed: ${price} for Pro (monthly)`]);
    const mail = stack.mails(user.email)[1]!;
    expect(mail.text).toContain(`We could not take the payment of ${price}`);
    expect(mail.text).toContain('Attempts so far: 1');
    expect(mail.text).toContain('Pay the invoice: ');
    await replay('invoice.payment_failed');
    await replay('customer.subscription.updated');
    expect(subjects()).toHaveLength(2);
  });

  it('a cancellation at period end from Billing History: one e-mail, once however often replayed; the log lists all three as sent', async () => {
    const portal = await stack.api('/api/billing/portal', { token: user.token, method: 'POST' });
    expect(portal.status, portal.text).toBe(200);
    const portalUrl = redirectUrlSchema.parse(portal.json).url;
    const cancelled = await fetch(`${portalUrl}/cancel/${subscriptionId}`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(cancelled.status).toBe(303);
    expect(subjects().at(-1)).toBe('Your Pro plan is cancelled');
    await replay('customer.subscription.updated');
    expect(subjects()).toHaveLength(3);

    const log = await stack.api(apiPath('listNotifications'), { token: user.token });
    expect(log.status).toBe(200);
    const billing = notificationLogSchema
      .parse(log.json)
      .notifications.filter((n) => n.event.feed === 'billing');
    expect(billing.map((n) => [n.ruleId, n.channel, n.status])).toEqual([
      ['account', 'email', 'sent'],
      ['account', 'email', 'sent'],
      ['account', 'email', 'sent'],
    ]);
  });
});
