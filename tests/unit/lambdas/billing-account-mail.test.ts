/**
 * Account e-mails from the billing webhook (issue 25 item 3): a failed payment read from Stripe's
 * own invoice fixture, a plan change only when the plan changes, each recorded once per Stripe
 * event id (a replayed or retried webhook sends nothing new), sent whatever the notification
 * preferences, and never failing the webhook.
 */
import { readFileSync } from 'node:fs';
import Stripe from 'stripe';
import { describe, expect, it, vi } from 'vitest';
import type { BillingState } from '@shared/billing/schemas';
import type { Profile } from '@shared/profiles/schemas';
import { createLogger } from '../../../lambdas/common/observability';
import { paymentFailedMail, planChangeMail } from '../../../lambdas/billing/account-mail';
import type { BillingProvider, SubscriptionSnapshot, VerifiedEvent } from '../../../lambdas/billing/provider';
import type { ProcessedEvents } from '../../../lambdas/billing/repository';
import { receiveWebhook } from '../../../lambdas/billing/service';
import { stripeProvider } from '../../../lambdas/billing/stripe-provider';
import { sendAccountMail } from '../../../lambdas/notifications/confirmations';
import type { MailMessage } from '../../../lambdas/notifications/mail';
import type { NotificationsRepo, StoredNotification } from '../../../lambdas/notifications/repository';
import { deliver, type DeliveryRef, type NotificationDeps } from '../../../lambdas/notifications/service';
import type { ProfilesRepo } from '../../../lambdas/profile/repository';

const NOW = new Date('2026-11-23T12:00:00.000Z');
const ORIGIN = 'https://app.example.com';
const logger = createLogger('test');
vi.spyOn(process.stdout, 'write').mockImplementation(() => true);

/** Stripe's own `invoice` fixture (stripe/openapi; tests/fixtures/SOURCES.md). */
const invoiceFixture = JSON.parse(
  readFileSync(
    new URL('../../fixtures/providers/stripe/invoice.stripe-openapi.json', import.meta.url),
    'utf8',
  ),
) as Record<string, unknown>;

const billing = (over: Partial<BillingState> = {}): BillingState => ({
  provider: 'stripe',
  customer_id: 'cus_1',
  subscription_id: 'sub_1',
  status: 'active',
  plan: 'pro',
  period: 'month',
  renews_at: '2026-12-23T12:00:00.000Z',
  cancel_at_period_end: false,
  updated_at: '2026-11-20T00:00:00.000Z',
  ...over,
});

function profileOf(over: Partial<Profile> = {}): Profile {
  return {
    id: 'user-1',
    email: 'dana@example.com',
    full_name: null,
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
    trial_end_date: '2026-11-08T00:00:00.000Z',
    subscription_tier: null,
    notification_prefs: {
      email_alerts: false,
      push_notifications: false,
      market_updates: false,
      trade_confirmations: false,
    },
    ...over,
  };
}

const snapshot = (over: Partial<SubscriptionSnapshot> = {}): SubscriptionSnapshot => ({
  id: 'sub_1',
  customerId: 'cus_1',
  userId: 'user-1',
  status: 'active',
  plan: 'pro',
  period: 'month',
  periodEnd: new Date('2026-12-23T12:00:00.000Z'),
  cancelAtPeriodEnd: false,
  ...over,
});

/** The webhook over fakes, its account e-mails recorded by the real `sendAccountMail` into an in-memory notifications table. */
function setup(profile: Profile, subscription: SubscriptionSnapshot) {
  const stored = new Map([[profile.id, profile]]);
  const recorded = new Set<string>();
  const deliveries = new Map<string, StoredNotification>();
  const queued: DeliveryRef[] = [];
  const mail: MailMessage[] = [];
  const repo = {
    createNotification: async (n: StoredNotification) => {
      if (deliveries.has(n.id)) return false;
      deliveries.set(n.id, structuredClone(n));
      return true;
    },
    getNotification: async (_u: string, id: string) => structuredClone(deliveries.get(id) ?? null),
    updateNotification: async (_u: string, id: string, change: Partial<StoredNotification>) => {
      deliveries.set(id, { ...deliveries.get(id)!, ...change });
    },
    getRule: async () => null,
    // The profile's own preferences: all off here.
    mailTarget: async (userId: string) => {
      const p = stored.get(userId);
      return p
        ? {
            email: p.email,
            emailAlerts: p.notification_prefs.email_alerts,
            tradeConfirmations: p.notification_prefs.trade_confirmations,
            suppressed: null,
          }
        : null;
    },
  } as unknown as NotificationsRepo;
  const notifications: NotificationDeps = {
    repo,
    mailer: { send: async (m) => void mail.push(m) },
    webhook: { allowLocal: false },
    vapidKeys: async () => null,
    enqueue: async (ref) => void queued.push(ref),
    planAllows: async () => true,
    now: () => NOW,
  };
  let event: VerifiedEvent = {
    id: 'evt_1',
    type: 'customer.subscription.updated',
    created: NOW,
    subscriptionId: 'sub_1',
    userId: null,
    invoice: null,
  };
  const provider = {
    name: 'stripe',
    verifyEvent: vi.fn(async () => event),
    subscription: vi.fn(async () => subscription),
    createCheckout: vi.fn(),
    createPortal: vi.fn(),
    cancelSubscription: vi.fn(),
  } satisfies BillingProvider;
  const profiles: ProfilesRepo = {
    get: async (id) => stored.get(id),
    createIfAbsent: vi.fn(),
    update: vi.fn(),
    updateBilling: async (id, changes) => {
      const next = { ...stored.get(id)!, ...changes };
      stored.set(id, next);
      return next;
    },
    idsByEmail: vi.fn(),
    suppressEmail: vi.fn(),
  };
  const events: ProcessedEvents = {
    seen: async (id) => recorded.has(id),
    record: async (id) => void recorded.add(id),
  };
  const accountMail = vi.fn((userId: string, m: Parameters<typeof sendAccountMail>[2]) =>
    sendAccountMail(notifications, userId, m),
  );
  const deps = { provider: async () => provider, profiles, events, accountMail, siteOrigin: ORIGIN };
  return {
    deps,
    deliveries,
    queued,
    mail,
    recorded,
    notifications,
    accountMail,
    setEvent: (over: Partial<VerifiedEvent>) => (event = { ...event, ...over }),
    receive: () => receiveWebhook(deps, '{}', 'sig', logger, NOW),
  };
}

describe('the Stripe adapter reads a failed invoice', () => {
  it('from Stripe’s own invoice object: the subscription under parent, the amount, attempts and next try', async () => {
    const secret = 'whsec_unit_test';
    const invoice = {
      ...invoiceFixture,
      status: 'open',
      attempt_count: 1,
      parent: {
        ...(invoiceFixture.parent as object),
        type: 'subscription_details',
        subscription_details: { metadata: null, subscription: 'sub_7' },
      },
    };
    const payload = JSON.stringify({
      id: 'evt_fail',
      object: 'event',
      type: 'invoice.payment_failed',
      created: 1_795_000_000,
      data: { object: invoice },
    });
    const header = new Stripe('sk_test_unit').webhooks.generateTestHeaderString({ payload, secret });
    const event = await stripeProvider({ secretKey: 'sk_test_unit', webhookSecret: secret }).verifyEvent(
      payload,
      header,
    );
    expect(event).toMatchObject({
      id: 'evt_fail',
      type: 'invoice.payment_failed',
      subscriptionId: 'sub_7',
      invoice: {
        id: invoiceFixture.id,
        amountDue: 1000,
        currency: 'usd',
        attempts: 1,
        nextAttempt: new Date(1234567890 * 1000),
        url: null,
      },
    });
  });
});

describe('paymentFailedMail and planChangeMail', () => {
  const invoice = {
    id: 'in_1',
    amountDue: 4900,
    currency: 'usd',
    attempts: 2,
    nextAttempt: new Date('2026-11-26T12:00:00Z'),
    url: 'https://invoice.stripe.com/i/in_1',
  };

  it('a failed payment: amount, plan, attempts, the next try, the invoice and the account links, keyed by the event', () => {
    const m = paymentFailedMail('evt_1', invoice, billing(), ORIGIN, NOW);
    expect(m.key).toBe('billing#evt_1');
    expect(m.event).toMatchObject({ feed: 'billing', id: 'evt_1', provider: 'stripe' });
    expect(m.subject).toBe('Payment failed: $49.00 for Pro (monthly)');
    expect(m.text).toContain('Attempts so far: 2');
    expect(m.text).toContain('Next attempt: 2026-11-26');
    expect(m.text).toContain('Pay the invoice: https://invoice.stripe.com/i/in_1');
    expect(m.text).toContain(`${ORIGIN}/dashboard/account`);
    const last = paymentFailedMail(
      'evt_2',
      { ...invoice, nextAttempt: null, url: null },
      undefined,
      null,
      NOW,
    );
    expect(last.subject).toBe('Payment failed: $49.00');
    expect(last.text).toContain('No further attempt is scheduled');
    expect(last.text).not.toContain('Pay the invoice');
  });

  const none = { subscription_tier: null, billing: undefined };
  const pro = { subscription_tier: 'pro' as const, billing: billing() };

  it.each([
    ['subscribed', none, pro, 'Welcome to Pro', 'Your plan: Pro, billed monthly.'],
    [
      'another plan',
      pro,
      { subscription_tier: 'elite' as const, billing: billing({ plan: 'elite', period: 'year' }) },
      'Plan changed to Elite',
      'Now: Elite, billed yearly.',
    ],
    [
      'a cancellation scheduled',
      pro,
      { ...pro, billing: billing({ cancel_at_period_end: true }) },
      'Your Pro plan is cancelled',
      'it stays on until 2026-12-23',
    ],
    [
      'a cancellation withdrawn',
      { ...pro, billing: billing({ cancel_at_period_end: true }) },
      pro,
      'Your Pro plan will renew',
      'The cancellation is withdrawn',
    ],
    [
      'the plan ended',
      pro,
      { subscription_tier: null, billing: billing({ status: 'canceled' }) },
      'Your Pro plan has ended',
      'Your journal and account stay available',
    ],
  ])('a plan change: %s', (_name, before, after, subject, line) => {
    const m = planChangeMail('evt_1', before, after, ORIGIN, NOW)!;
    expect(m.subject).toBe(subject);
    expect(m.text).toContain(line);
    expect(m.key).toBe('billing#evt_1');
  });

  it('no e-mail when the plan, period and cancellation are as they were (a renewal, past due)', () => {
    const renewed = { ...pro, billing: billing({ renews_at: '2027-01-23T12:00:00.000Z' }) };
    expect(planChangeMail('evt_1', pro, renewed, ORIGIN, NOW)).toBeNull();
    expect(
      planChangeMail('evt_1', pro, { ...pro, billing: billing({ status: 'past_due' }) }, ORIGIN, NOW),
    ).toBeNull();
    expect(planChangeMail('evt_1', none, none, ORIGIN, NOW)).toBeNull();
  });
});

describe('the webhook’s account e-mails', () => {
  it('a failed payment is e-mailed once, preferences all off; a replay sends nothing new', async () => {
    const f = setup(
      profileOf({ subscription_tier: 'pro', billing: billing() }),
      snapshot({ status: 'past_due' }),
    );
    f.setEvent({
      id: 'evt_fail',
      type: 'invoice.payment_failed',
      invoice: { id: 'in_1', amountDue: 4900, currency: 'usd', attempts: 1, nextAttempt: null, url: null },
    });
    expect(await f.receive()).toBe('applied');
    expect(await f.receive()).toBe('duplicate');
    expect(f.queued).toHaveLength(1);
    // The worker sends it although "Trade confirmations" and "Email alerts" are off.
    await deliver(f.notifications, f.queued[0]!);
    expect(f.mail).toEqual([
      expect.objectContaining({
        to: 'dana@example.com',
        subject: 'Payment failed: $49.00 for Pro (monthly)',
      }),
    ]);
    expect([...f.deliveries.values()]).toEqual([
      expect.objectContaining({
        ruleId: 'account',
        status: 'sent',
        event: expect.objectContaining({ feed: 'billing' }),
      }),
    ]);
  });

  it('a retry of an event whose record was lost after its e-mail (a crash) records no second one', async () => {
    const f = setup(profileOf({ subscription_tier: 'pro', billing: billing() }), snapshot());
    f.setEvent({
      id: 'evt_fail',
      type: 'invoice.payment_failed',
      invoice: { id: 'in_1', amountDue: 4900, currency: 'usd', attempts: 1, nextAttempt: null, url: null },
    });
    await f.receive();
    f.recorded.clear();
    expect(await f.receive()).toBe('applied');
    expect(f.accountMail).toHaveBeenCalledTimes(2);
    expect(f.deliveries.size).toBe(1);
    expect(f.queued).toHaveLength(1);
  });

  it('a purchase: one welcome for checkout and subscription.created together, none for a renewal', async () => {
    const f = setup(profileOf(), snapshot());
    f.setEvent({ id: 'evt_checkout', type: 'checkout.session.completed' });
    expect(await f.receive()).toBe('applied');
    f.setEvent({ id: 'evt_created', type: 'customer.subscription.created' });
    expect(await f.receive()).toBe('applied');
    expect([...f.deliveries.values()].map((d) => d.mail?.subject)).toEqual(['Welcome to Pro']);
    expect([...f.deliveries.values()][0]!.mail?.text).toContain(`${ORIGIN}/dashboard/account`);
  });

  it('a cancellation at period end, then the end: two e-mails, each once however often replayed', async () => {
    const subscription = snapshot();
    const f = setup(profileOf({ subscription_tier: 'pro', billing: billing() }), subscription);
    subscription.cancelAtPeriodEnd = true;
    f.setEvent({ id: 'evt_cancel', type: 'customer.subscription.updated' });
    await f.receive();
    await f.receive();
    subscription.status = 'canceled';
    f.setEvent({ id: 'evt_deleted', type: 'customer.subscription.deleted' });
    await f.receive();
    await f.receive();
    expect([...f.deliveries.values()].map((d) => d.mail?.subject)).toEqual([
      'Your Pro plan is cancelled',
      'Your Pro plan has ended',
    ]);
  });

  it('an e-mail that cannot be recorded fails the webhook before the plan changes; Stripe’s retry applies both, once', async () => {
    const f = setup(profileOf(), snapshot());
    f.accountMail.mockRejectedValueOnce(new Error('DynamoDB down'));
    await expect(f.receive()).rejects.toThrow('DynamoDB down');
    expect(f.recorded.has('evt_1')).toBe(false);
    expect(f.deliveries.size).toBe(0);
    expect(await f.receive()).toBe('applied');
    expect([...f.deliveries.values()].map((d) => d.mail?.subject)).toEqual(['Welcome to Pro']);
  });

  it('a failed payment of a subscription the account no longer holds, or of no known user, sends nothing', async () => {
    const f = setup(
      profileOf({ subscription_tier: 'pro', billing: billing({ subscription_id: 'sub_new' }) }),
      snapshot(),
    );
    f.setEvent({
      id: 'evt_old',
      type: 'invoice.payment_failed',
      invoice: { id: 'in_1', amountDue: 4900, currency: 'usd', attempts: 1, nextAttempt: null, url: null },
    });
    expect(await f.receive()).toBe('ignored');
    const g = setup(profileOf(), snapshot({ userId: null }));
    g.setEvent({
      id: 'evt_orphan',
      type: 'invoice.payment_failed',
      invoice: { id: 'in_2', amountDue: 4900, currency: 'usd', attempts: 1, nextAttempt: null, url: null },
    });
    expect(await g.receive()).toBe('ignored');
    expect(f.deliveries.size + g.deliveries.size).toBe(0);
  });
});
