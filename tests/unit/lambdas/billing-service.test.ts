/**
 * Billing rules over a fake provider and in-memory stores: a webhook is verified before
 * anything, recorded once applied (a replay changes nothing; a failed one leaves no record, so
 * the retry applies it), applied from the provider's current subscription, never to the wrong
 * user or the wrong subscription; and the Stripe adapter's signature check with Stripe's own
 * header format.
 */
import Stripe from 'stripe';
import { describe, expect, it, vi } from 'vitest';
import type { BillingState } from '@shared/billing/schemas';
import type { Profile } from '@shared/profiles/schemas';
import { AppError } from '../../../lambdas/common/errors';
import { createLogger } from '../../../lambdas/common/observability';
import {
  InvalidSignatureError,
  type BillingProvider,
  type SubscriptionSnapshot,
  type VerifiedEvent,
} from '../../../lambdas/billing/provider';
import type { ProcessedEvents } from '../../../lambdas/billing/repository';
import { siteOrigin } from '../../../lambdas/billing/config';
import { billingChanges, openPortal, receiveWebhook, startCheckout } from '../../../lambdas/billing/service';
import { looksLikeStripeKeys, stripeProvider } from '../../../lambdas/billing/stripe-provider';
import type { ProfilesRepo } from '../../../lambdas/profile/repository';

const NOW = new Date('2026-11-23T12:00:00.000Z');
const logger = createLogger('test');
vi.spyOn(process.stdout, 'write').mockImplementation(() => true);

function profileOf(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 'user-1',
    email: 'a@example.com',
    full_name: null,
    created_at: '2026-11-20T00:00:00.000Z',
    updated_at: '2026-11-20T00:00:00.000Z',
    trial_end_date: '2026-11-27T00:00:00.000Z',
    subscription_tier: null,
    notification_prefs: {
      email_alerts: true,
      push_notifications: true,
      market_updates: true,
      trade_confirmations: true,
    },
    ...overrides,
  };
}

const snapshot = (overrides: Partial<SubscriptionSnapshot> = {}): SubscriptionSnapshot => ({
  id: 'sub_1',
  customerId: 'cus_1',
  userId: 'user-1',
  status: 'active',
  plan: 'pro',
  period: 'month',
  periodEnd: new Date('2026-12-23T12:00:00.000Z'),
  cancelAtPeriodEnd: false,
  ...overrides,
});

function fakes(options: {
  event?: Partial<VerifiedEvent>;
  subscription?: SubscriptionSnapshot;
  profile?: Profile;
}) {
  const stored = new Map<string, Profile>([['user-1', options.profile ?? profileOf()]]);
  const recorded = new Set<string>();
  const provider = {
    name: 'stripe',
    verifyEvent: vi.fn(async (): Promise<VerifiedEvent> => ({
      id: 'evt_1',
      type: 'customer.subscription.updated',
      created: NOW,
      subscriptionId: 'sub_1',
      userId: null,
      invoice: null,
      ...options.event,
    })),
    subscription: vi.fn(async (): Promise<SubscriptionSnapshot | null> => options.subscription ?? snapshot()),
    createCheckout: vi.fn(async () => 'https://checkout.test/c'),
    createPortal: vi.fn(),
    cancelSubscription: vi.fn(),
  } satisfies BillingProvider;
  const profiles: ProfilesRepo = {
    get: async (id) => stored.get(id),
    createIfAbsent: vi.fn(),
    update: vi.fn(),
    updateBilling: vi.fn(async (id, changes) => {
      const current = stored.get(id);
      if (!current) return undefined;
      const next = { ...current, ...changes };
      stored.set(id, next);
      return next;
    }),
    idsByEmail: vi.fn(),
    suppressEmail: vi.fn(),
  };
  const events: ProcessedEvents = {
    seen: vi.fn(async (id) => recorded.has(id)),
    record: vi.fn(async (id) => {
      recorded.add(id);
    }),
  };
  return { provider, profiles, events, stored, deps: { provider: async () => provider, profiles, events } };
}

describe('receiveWebhook', () => {
  it('refuses a bad signature before reading or recording anything', async () => {
    const f = fakes({});
    f.provider.verifyEvent.mockRejectedValueOnce(new InvalidSignatureError('No signatures found'));
    const refused = await receiveWebhook(f.deps, '{}', 't=1,v1=x', logger, NOW).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'invalid_signature', status: 400 });
    expect(f.events.seen).not.toHaveBeenCalled();
    expect(f.events.record).not.toHaveBeenCalled();
    expect(f.provider.subscription).not.toHaveBeenCalled();
  });

  it('applies a subscription from the provider’s current state: paying ends the trial, Pro in force', async () => {
    const f = fakes({});
    expect(await receiveWebhook(f.deps, '{}', 'sig', logger, NOW)).toBe('applied');
    expect(f.stored.get('user-1')).toMatchObject({
      subscription_tier: 'pro',
      trial_end_date: NOW.toISOString(),
      billing: {
        status: 'active',
        plan: 'pro',
        period: 'month',
        subscription_id: 'sub_1',
        customer_id: 'cus_1',
        renews_at: '2026-12-23T12:00:00.000Z',
      },
    });
  });

  it('applies an event id once: the replay is a duplicate and changes nothing', async () => {
    const f = fakes({});
    await receiveWebhook(f.deps, '{}', 'sig', logger, NOW);
    f.provider.subscription.mockResolvedValue(snapshot({ status: 'canceled' }));
    expect(await receiveWebhook(f.deps, '{}', 'sig', logger, NOW)).toBe('duplicate');
    expect(f.stored.get('user-1')?.subscription_tier).toBe('pro');
    expect(f.provider.subscription).toHaveBeenCalledTimes(1);
  });

  it('records nothing when applying fails, so the provider’s retry is applied', async () => {
    const f = fakes({});
    f.provider.subscription.mockRejectedValueOnce(new Error('network'));
    await expect(receiveWebhook(f.deps, '{}', 'sig', logger, NOW)).rejects.toMatchObject({
      code: 'upstream_unavailable',
    });
    expect(f.events.record).not.toHaveBeenCalled();
    expect(await receiveWebhook(f.deps, '{}', 'sig', logger, NOW)).toBe('applied');
  });

  it('ignores events about no subscription, of other types, or naming two different users', async () => {
    for (const event of [
      { subscriptionId: null },
      { type: 'invoice.created' },
      { id: 'evt_x', type: 'checkout.session.completed', userId: 'user-2' },
    ]) {
      const f = fakes({ event });
      expect(await receiveWebhook(f.deps, '{}', 'sig', logger, NOW)).toBe('ignored');
      expect(f.profiles.updateBilling).not.toHaveBeenCalled();
    }
  });

  it('never creates a profile for a deleted account', async () => {
    const f = fakes({ subscription: snapshot({ userId: 'gone' }) });
    expect(await receiveWebhook(f.deps, '{}', 'sig', logger, NOW)).toBe('ignored');
    expect(f.profiles.updateBilling).not.toHaveBeenCalled();
  });

  it('an old subscription’s end does not undo the one the user holds now', async () => {
    const current: BillingState = {
      provider: 'stripe',
      customer_id: 'cus_1',
      subscription_id: 'sub_new',
      status: 'active',
      plan: 'elite',
      period: 'year',
      renews_at: '2027-11-01T00:00:00.000Z',
      cancel_at_period_end: false,
      updated_at: '2026-11-01T00:00:00.000Z',
    };
    const f = fakes({
      profile: profileOf({ subscription_tier: 'elite', billing: current }),
      subscription: snapshot({ id: 'sub_old', status: 'canceled' }),
    });
    expect(await receiveWebhook(f.deps, '{}', 'sig', logger, NOW)).toBe('ignored');
    expect(f.stored.get('user-1')?.subscription_tier).toBe('elite');
  });

  it('answers 404 when billing is off', async () => {
    const f = fakes({});
    await expect(
      receiveWebhook({ ...f.deps, provider: async () => null }, '{}', 'sig', logger, NOW),
    ).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('billingChanges', () => {
  it('keeps the plan while the provider retries a failed payment (past_due)', () => {
    expect(billingChanges(profileOf(), snapshot({ status: 'past_due' }), NOW).subscription_tier).toBe('pro');
  });

  it('drops the tier for a cancelled, unpaid or unknown-priced subscription, and leaves a trial alone then', () => {
    for (const sub of [
      snapshot({ status: 'canceled' }),
      snapshot({ status: 'unpaid' }),
      snapshot({ status: 'incomplete_expired' }),
      snapshot({ plan: null }),
    ]) {
      const changes = billingChanges(profileOf(), sub, NOW);
      expect(changes.subscription_tier).toBeNull();
      expect(changes.trial_end_date).toBeUndefined();
    }
  });

  it('does not move an ended trial', () => {
    const ended = profileOf({ trial_end_date: '2026-11-01T00:00:00.000Z' });
    expect(billingChanges(ended, snapshot(), NOW).trial_end_date).toBeUndefined();
  });
});

describe('receiveWebhook: every outcome of a signed event is mapped (issue 19: an unknown subscription was a 500)', () => {
  it('acknowledges an event about a subscription the provider does not hold, and changes nothing', async () => {
    const f = fakes({});
    f.provider.subscription.mockResolvedValueOnce(null);
    const before = structuredClone(f.stored.get('user-1'));
    expect(await receiveWebhook(f.deps, '{}', 'sig', logger, NOW)).toBe('ignored');
    expect(f.stored.get('user-1')).toEqual(before);
    expect(f.profiles.updateBilling).not.toHaveBeenCalled();
    // Recorded, so the provider's retry of the same event is a duplicate.
    expect(f.events.record).toHaveBeenCalledWith('evt_1', 'customer.subscription.updated', NOW);
  });

  it('acknowledges an event whose subscription belongs to no user of ours', async () => {
    const f = fakes({ subscription: snapshot({ userId: 'user-unknown', customerId: 'cus_unknown' }) });
    expect(await receiveWebhook(f.deps, '{}', 'sig', logger, NOW)).toBe('ignored');
    expect(f.profiles.updateBilling).not.toHaveBeenCalled();
  });
});

describe('return URLs: the stage’s site only (issue 19: the Origin header was followed)', () => {
  it('reads the site origin from SITE_URL alone; without a usable one there is none', () => {
    vi.stubEnv('SITE_URL', 'https://app.example.com/some/path');
    expect(siteOrigin()).toBe('https://app.example.com');
    vi.stubEnv('SITE_URL', 'javascript:alert(1)');
    expect(siteOrigin()).toBeNull();
    vi.stubEnv('SITE_URL', '');
    expect(siteOrigin()).toBeNull();
    vi.unstubAllEnvs();
  });

  it('without a site origin, checkout and the portal are off (409, sales) and the provider is not called', async () => {
    const f = fakes({});
    await expect(
      startCheckout(
        f.deps,
        { userId: 'user-1', email: 'a@example.com', profile: profileOf() },
        { plan: 'pro', period: 'month' },
        null,
        logger,
      ),
    ).rejects.toMatchObject({ code: 'conflict', message: expect.stringMatching(/sales/) });
    await expect(openPortal(f.deps, 'user-1', null, logger)).rejects.toMatchObject({ code: 'conflict' });
    expect(f.provider.createCheckout).not.toHaveBeenCalled();
    expect(f.provider.createPortal).not.toHaveBeenCalled();
  });
});

describe('startCheckout', () => {
  const caller = (profile: Profile) => ({ userId: 'user-1', email: 'a@example.com', profile });

  it('sends the caller’s id, email and the app’s return URLs; reuses a known customer', async () => {
    const f = fakes({});
    await startCheckout(
      f.deps,
      caller(profileOf()),
      { plan: 'starter', period: 'year' },
      'https://app.test',
      logger,
    );
    expect(f.provider.createCheckout).toHaveBeenCalledWith({
      userId: 'user-1',
      email: 'a@example.com',
      customerId: null,
      plan: 'starter',
      period: 'year',
      successUrl: 'https://app.test/dashboard/account?checkout=success',
      cancelUrl: 'https://app.test/dashboard/account?checkout=cancelled',
    });
  });

  it('refuses a second subscription (409) and says so when payments are off (409, sales)', async () => {
    const f = fakes({});
    const subscribed = profileOf({
      billing: {
        provider: 'stripe',
        customer_id: 'cus_1',
        subscription_id: 'sub_1',
        status: 'active',
        plan: 'pro',
        period: 'month',
        renews_at: null,
        cancel_at_period_end: false,
        updated_at: NOW.toISOString(),
      },
    });
    await expect(
      startCheckout(
        f.deps,
        caller(subscribed),
        { plan: 'elite', period: 'month' },
        'https://app.test',
        logger,
      ),
    ).rejects.toMatchObject({ code: 'conflict' });
    await expect(
      startCheckout(
        { ...f.deps, provider: async () => null },
        caller(profileOf()),
        { plan: 'pro', period: 'month' },
        'https://app.test',
        logger,
      ),
    ).rejects.toMatchObject({ code: 'conflict', message: expect.stringMatching(/sales/) });
  });

  it('answers 502 without details when the provider fails', async () => {
    const f = fakes({});
    f.provider.createCheckout.mockRejectedValueOnce(new Error('secret internals'));
    const error = await startCheckout(
      f.deps,
      caller(profileOf()),
      { plan: 'pro', period: 'month' },
      'https://app.test',
      logger,
    ).catch((e: unknown) => e as AppError);
    expect(error).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    expect((error as AppError).message).not.toContain('internals');
  });
});

describe('the Stripe adapter’s webhook check', () => {
  const secret = 'whsec_unit_test';
  const provider = stripeProvider({ secretKey: 'sk_test_unit', webhookSecret: secret });
  const signer = new Stripe('sk_test_unit');
  const payload = JSON.stringify(
    {
      id: 'evt_9',
      object: 'event',
      type: 'checkout.session.completed',
      created: 1_795_000_000,
      data: { object: { object: 'checkout.session', subscription: 'sub_9', client_reference_id: 'user-9' } },
    },
    null,
    2,
  );

  it('accepts Stripe’s signature over the exact bytes, and reads the subscription and user', async () => {
    const header = signer.webhooks.generateTestHeaderString({ payload, secret });
    expect(await provider.verifyEvent(payload, header)).toEqual({
      id: 'evt_9',
      type: 'checkout.session.completed',
      created: new Date(1_795_000_000 * 1000),
      subscriptionId: 'sub_9',
      userId: 'user-9',
      invoice: null,
    });
  });

  it('refuses another secret, a re-serialised body, a missing header and a stale timestamp', async () => {
    const forged = signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    const valid = signer.webhooks.generateTestHeaderString({ payload, secret });
    const stale = signer.webhooks.generateTestHeaderString({
      payload,
      secret,
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    for (const [body, header] of [
      [payload, forged],
      [JSON.stringify(JSON.parse(payload)), valid],
      [payload, undefined],
      [payload, stale],
    ] as const)
      await expect(provider.verifyEvent(body, header)).rejects.toBeInstanceOf(InvalidSignatureError);
  });

  it('turns on only with keys shaped like Stripe’s (a deploy’s random placeholder is not)', () => {
    expect(looksLikeStripeKeys('sk_live_abc123', 'whsec_abc')).toBe(true);
    expect(looksLikeStripeKeys('rk_test_abc123', 'whsec_abc')).toBe(true);
    expect(looksLikeStripeKeys('Zq8v3Kd0pLx2WmN7tR4yB6cH1sF9gJ5e', 'whsec_abc')).toBe(false);
    expect(looksLikeStripeKeys('sk_test_abc', 'not-a-secret')).toBe(false);
    expect(looksLikeStripeKeys(undefined, undefined)).toBe(false);
  });
});
