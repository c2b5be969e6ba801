/**
 * Billing end to end against the local Stripe stub: the stripe package talks to it over HTTP,
 * and it signs and posts webhook events as Stripe does. Checkout → paid → signed webhook →
 * the plan changes; forged, stale, altered and replayed webhooks change nothing; the portal's
 * billing history and cancellation; deleting the account cancels the subscription; and with
 * billing off, the API says to contact sales.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planPrice } from '@shared/constants/plans';
import { redirectUrlSchema } from '@shared/billing/schemas';
import type { Profile } from '@shared/profiles/schemas';
import { stripeSignature } from '../helpers/stripe-stub';
import { startBillingStack, type BillingStack, type BillingUser } from './billing-stack';

/**
 * What every checkout and portal request here sends as its Origin: the return URLs must be the
 * site's own (the runtime's SITE_URL, as a stage's settings give it in AWS), never this.
 */
const ORIGIN = 'https://evil.example';
const DAY_MS = 86_400_000;

let stack: BillingStack;

beforeAll(async () => {
  stack = await startBillingStack();
});
afterAll(() => stack?.close());

async function checkout(user: BillingUser, plan: string, period: string) {
  return stack.api('/api/billing/checkout', {
    token: user.token,
    method: 'POST',
    body: { plan, period },
    headers: { origin: ORIGIN },
  });
}

/** Starts a checkout and pays it on the stub (what the checkout page's button does). */
async function subscribe(user: BillingUser, plan = 'pro', period = 'month') {
  const started = await checkout(user, plan, period);
  expect(started.status, started.text).toBe(200);
  const sessionId = new URL(redirectUrlSchema.parse(started.json).url).pathname.split('/').pop()!;
  const { subscription, delivery } = await stack.stub.pay(sessionId);
  expect(delivery?.status, delivery?.body).toBe(200);
  return { sessionId, subscriptionId: String(subscription.id), delivery: delivery! };
}

describe('with billing off', () => {
  beforeAll(() => stack.billing(false));

  it('says billing is off, and a checkout is refused with how to reach sales', async () => {
    const user = await stack.createUser('no-billing');
    expect((await stack.api('/api/billing', { token: user.token })).json).toEqual({ enabled: false });
    const refused = await checkout(user, 'pro', 'month');
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({
      error: { code: 'conflict', message: expect.stringMatching(/sales/i) },
    });
    const webhook = await stack.api('/api/billing/webhook', { method: 'POST', body: { id: 'evt_x' } });
    expect(webhook.status).toBe(404);
  });
});

describe('with billing on (Stripe, the local stub)', () => {
  beforeAll(() => stack.billing(true));

  it('says billing is on', async () => {
    const user = await stack.createUser('billing-on');
    expect((await stack.api('/api/billing', { token: user.token })).json).toEqual({ enabled: true });
  });

  it('checkout → paid → signed webhook: the trial ends and Pro is in force, with period and renewal date', async () => {
    const user = await stack.createUser('buyer');
    const before = (await stack.profile(user))!;
    expect(Date.parse(before.trial_end_date)).toBeGreaterThan(Date.now());

    const started = await checkout(user, 'pro', 'month');
    expect(started.status).toBe(200);
    const url = new URL(redirectUrlSchema.parse(started.json).url);
    expect(url.origin).toBe(stack.stub.url);
    const session = stack.stub.sessions.get(url.pathname.split('/').pop()!)!;
    expect(session).toMatchObject({
      client_reference_id: user.sub,
      customer_email: user.email,
      success_url: `${stack.runtime.url}/dashboard/account?checkout=success`,
      cancel_url: `${stack.runtime.url}/dashboard/account?checkout=cancelled`,
      subscription_data: { metadata: { user_id: user.sub } },
    });
    expect(stack.stub.prices.get(String(session.price_id))).toMatchObject({
      unit_amount: planPrice('pro', 'month') * 100,
      recurring: { interval: 'month' },
      lookup_key: 'edge_options_pro_month',
    });
    // Nothing changes until the provider says it was paid.
    expect(await stack.profile(user)).toEqual(before);

    const paidAt = Date.now();
    const { subscription } = await stack.stub.pay(session.id as string);
    const after = (await stack.profile(user))!;
    expect(after.subscription_tier).toBe('pro');
    expect(Date.parse(after.trial_end_date)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(after.trial_end_date)).toBeGreaterThanOrEqual(paidAt - 1000);
    expect(after.billing).toMatchObject({
      provider: 'stripe',
      subscription_id: subscription.id,
      customer_id: subscription.customer,
      status: 'active',
      plan: 'pro',
      period: 'month',
      cancel_at_period_end: false,
    });
    expect(Date.parse(after.billing!.renews_at!)).toBeGreaterThan(Date.now() + 28 * DAY_MS);
    // Pro opens the dark pool, which a trial-less Starter would not.
    expect((await stack.api('/api/feeds/darkpool', { token: user.token })).status).toBe(200);
    // One subscription at a time: changes go through the portal.
    const again = await checkout(user, 'elite', 'year');
    expect(again.status).toBe(409);
  });

  it('an annual Starter checkout charges twelve months less the stated saving (none)', async () => {
    const user = await stack.createUser('annual');
    await subscribe(user, 'starter', 'year');
    const profile = (await stack.profile(user))!;
    expect(profile.subscription_tier).toBe('starter');
    expect(profile.billing).toMatchObject({ plan: 'starter', period: 'year' });
    expect(Date.parse(profile.billing!.renews_at!)).toBeGreaterThan(Date.now() + 360 * DAY_MS);
    const price = [...stack.stub.prices.values()].find((p) => p.lookup_key === 'edge_options_starter_year')!;
    expect(price.unit_amount).toBe(49 * 12 * 100);
    expect((await stack.api('/api/feeds/darkpool', { token: user.token })).status).toBe(403);
  });

  it('refuses bad checkout input and an id in the body', async () => {
    const user = await stack.createUser('bad-checkout');
    for (const body of [
      { plan: 'platinum', period: 'month' },
      { plan: 'pro', period: 'week' },
      { plan: 'pro' },
    ]) {
      const response = await stack.api('/api/billing/checkout', {
        token: user.token,
        method: 'POST',
        body,
        headers: { origin: ORIGIN },
      });
      expect(response.status).toBe(400);
    }
    const withId = await stack.api('/api/billing/checkout', {
      token: user.token,
      method: 'POST',
      body: { plan: 'pro', period: 'month', user_id: 'someone-else' },
      headers: { origin: ORIGIN },
    });
    expect(withId.status).toBe(400);
    expect(stack.stub.sessions.size).toBeGreaterThan(0);
    expect([...stack.stub.sessions.values()].some((s) => s.client_reference_id === 'someone-else')).toBe(
      false,
    );
  });

  describe('a forged webhook changes nothing', () => {
    let user: BillingUser;
    let subscriptionId: string;
    let subscribed: Profile;

    beforeAll(async () => {
      user = await stack.createUser('target');
      ({ subscriptionId } = await subscribe(user));
      subscribed = (await stack.profile(user))!;
      // From here on the stub says the subscription is cancelled: any event applied would drop the plan.
      stack.stub.subscriptions.get(subscriptionId)!.status = 'canceled';
    });

    const cancelEvent = () =>
      stack.stub.event('customer.subscription.deleted', stack.stub.subscriptions.get(subscriptionId)!);

    it('signed with another secret: 400 invalid_signature', async () => {
      const delivery = await stack.stub.send(cancelEvent(), { secret: 'whsec_attacker' });
      expect(delivery.status).toBe(400);
      expect(JSON.parse(delivery.body)).toMatchObject({ error: { code: 'invalid_signature' } });
      expect(await stack.profile(user)).toEqual(subscribed);
    });

    it('with no signature, or an altered body under a valid signature: 400', async () => {
      expect((await stack.stub.send(cancelEvent(), { signature: '' })).status).toBe(400);
      const original = cancelEvent();
      const signature = stripeSignature(JSON.stringify(original, null, 2), stack.stub.webhookSecret);
      const altered = { ...original, type: 'customer.subscription.updated' };
      expect((await stack.stub.send(altered, { signature })).status).toBe(400);
      expect(await stack.profile(user)).toEqual(subscribed);
    });

    it('signed correctly but 10 minutes old: 400', async () => {
      const delivery = await stack.stub.send(cancelEvent(), {
        timestamp: Math.floor(Date.now() / 1000) - 600,
      });
      expect(delivery.status).toBe(400);
      expect(await stack.profile(user)).toEqual(subscribed);
    });

    it('a replayed event id, freshly and validly signed: 200, nothing applied', async () => {
      const checkoutEvent = stack.stub.deliveries.find(
        (d) =>
          d.event.type === 'checkout.session.completed' &&
          (d.event.data as { object: { subscription: string } }).object.subscription === subscriptionId,
      )!;
      const replay = await stack.stub.send(checkoutEvent.event);
      expect(replay.status).toBe(200);
      expect(JSON.parse(replay.body)).toMatchObject({ received: true, outcome: 'duplicate' });
      expect(await stack.profile(user)).toEqual(subscribed);
    });

    it('a signed event about a subscription Stripe does not hold: 200 ignored, nothing changed', async () => {
      const unknown = { ...stack.stub.subscriptions.get(subscriptionId)!, id: 'sub_unknown0000' };
      const delivery = await stack.stub.send(stack.stub.event('customer.subscription.updated', unknown));
      expect(delivery.status, delivery.body).toBe(200);
      expect(JSON.parse(delivery.body)).toMatchObject({ received: true, outcome: 'ignored' });
      expect(await stack.profile(user)).toEqual(subscribed);
    });

    it('and a genuine new event does apply (the stub’s cancellation ends the plan)', async () => {
      const delivery = await stack.stub.send(cancelEvent());
      expect(delivery.status).toBe(200);
      const profile = (await stack.profile(user))!;
      expect(profile.subscription_tier).toBeNull();
      expect(profile.billing).toMatchObject({ status: 'canceled', subscription_id: subscriptionId });
      expect((await stack.api('/api/options-chain?symbol=SPY', { token: user.token })).status).toBe(403);
    });
  });

  it('Billing History opens the portal with the invoices; cancelling there keeps the plan to the period end', async () => {
    const user = await stack.createUser('portal');
    const none = await stack.api('/api/billing/portal', {
      token: user.token,
      method: 'POST',
      headers: { origin: ORIGIN },
    });
    expect(none.status).toBe(404);
    await subscribe(user, 'elite', 'month');

    const opened = await stack.api('/api/billing/portal', {
      token: user.token,
      method: 'POST',
      headers: { origin: ORIGIN },
    });
    expect(opened.status).toBe(200);
    const portalUrl = redirectUrlSchema.parse(opened.json).url;
    const page = await (await fetch(portalUrl)).text();
    expect(page).toContain('Billing history');
    expect(page).toContain('$199.00');
    expect(page).toContain(`${stack.runtime.url}/dashboard/account`);
    expect(page).not.toContain(ORIGIN);

    const subscriptionId = (await stack.profile(user))!.billing!.subscription_id!;
    const cancelled = await fetch(`${portalUrl}/cancel/${subscriptionId}`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(cancelled.status).toBe(303);
    const profile = (await stack.profile(user))!;
    expect(profile.subscription_tier).toBe('elite');
    expect(profile.billing).toMatchObject({ status: 'active', cancel_at_period_end: true });
  });

  it('deleting the account cancels the subscription; an event about it afterwards recreates nothing', async () => {
    const user = await stack.createUser('leaver');
    const { subscriptionId } = await subscribe(user);
    const deleted = await stack.api('/api/account', { token: user.token, method: 'DELETE' });
    expect(deleted.status).toBe(204);
    const subscription = stack.stub.subscriptions.get(subscriptionId)!;
    expect(subscription.status).toBe('canceled');
    expect(stack.stub.deliveries.at(-1)!.event.type).toBe('customer.subscription.deleted');
    expect(await stack.profile(user)).toBeUndefined();

    const late = await stack.stub.send(stack.stub.event('customer.subscription.updated', subscription));
    expect(late.status).toBe(200);
    expect(JSON.parse(late.body)).toMatchObject({ outcome: 'ignored' });
    expect(await stack.profile(user)).toBeUndefined();
  });
});
