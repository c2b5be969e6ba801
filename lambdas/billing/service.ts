/**
 * Billing rules, over a provider interface (Stripe in practice). A checkout is started for the
 * caller's own account only; the plan changes only when a webhook whose signature and age were
 * verified says so, and then from the subscription as the provider holds it now (never from the
 * event's possibly stale copy); a replayed event id changes nothing. The event is recorded as
 * applied after its change, so a delivery that failed half-way is applied by the provider's retry.
 */
import {
  hasPaidSubscription,
  PAID_STATUSES,
  type BillingState,
  type CheckoutInput,
} from '@shared/billing/schemas';
import type { Profile } from '@shared/profiles/schemas';
import { AppError, ConflictError, NotFoundError, UpstreamError } from '../common/errors';
import type { Logger } from '../common/observability';
import type { ConfirmationMail } from '../notifications/confirmations';
import type { ProfilesRepo } from '../profile/repository';
import { paymentFailedMail, planChangeMail } from './account-mail';
import {
  BillingConfigurationError,
  InvalidSignatureError,
  type BillingProvider,
  type SubscriptionSnapshot,
} from './provider';
import type { ProcessedEvents } from './repository';

export interface BillingDeps {
  provider: () => Promise<BillingProvider | null>;
  profiles: ProfilesRepo;
}

const NOT_ENABLED =
  'Online payments are not enabled here yet. Contact sales to choose a plan; your journal and account stay available.';

/**
 * The provider, and the site's origin to come back to (the stage's, never the request's): without
 * either, online payments are not on.
 */
async function requireProvider(
  deps: Pick<BillingDeps, 'provider'>,
  origin: string | null,
): Promise<{ provider: BillingProvider; origin: string }> {
  const provider = await deps.provider();
  if (!provider || !origin) throw new ConflictError(NOT_ENABLED);
  return { provider, origin };
}

/** A provider that answered but is set up wrong is our fault, and says so without details. */
async function calling<T>(logger: Logger, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof BillingConfigurationError) logger.error('billing is misconfigured', { error });
    else logger.error('billing provider failed', { error });
    throw new UpstreamError('The payment provider is unavailable right now. Try again in a moment.');
  }
}

export const ACCOUNT_PATH = '/dashboard/account';

export async function startCheckout(
  deps: BillingDeps,
  caller: { userId: string; email: string; profile: Profile },
  input: CheckoutInput,
  siteOrigin: string | null,
  logger: Logger,
): Promise<{ url: string }> {
  const { provider, origin } = await requireProvider(deps, siteOrigin);
  if (hasPaidSubscription(caller.profile.billing))
    throw new ConflictError(
      'You already have a subscription. Change or cancel it from Billing History, where your payments are.',
    );
  const url = await calling(logger, () =>
    provider.createCheckout({
      userId: caller.userId,
      email: caller.email,
      customerId: caller.profile.billing?.customer_id ?? null,
      plan: input.plan,
      period: input.period,
      successUrl: `${origin}${ACCOUNT_PATH}?checkout=success`,
      cancelUrl: `${origin}${ACCOUNT_PATH}?checkout=cancelled`,
    }),
  );
  return { url };
}

export async function openPortal(
  deps: BillingDeps,
  userId: string,
  siteOrigin: string | null,
  logger: Logger,
): Promise<{ url: string }> {
  const { provider, origin } = await requireProvider(deps, siteOrigin);
  const customerId = (await deps.profiles.get(userId))?.billing?.customer_id;
  if (!customerId) throw new NotFoundError('No billing history yet: you have not subscribed to a plan.');
  const url = await calling(logger, () => provider.createPortal(customerId, `${origin}${ACCOUNT_PATH}`));
  return { url };
}

/** Events that can change a subscription; all others are acknowledged and ignored. */
const SUBSCRIPTION_EVENTS = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
]);

/** The profile fields a subscription's current state implies. */
export function billingChanges(
  profile: Profile,
  subscription: SubscriptionSnapshot,
  now: Date,
): Partial<Profile> & { billing: BillingState } {
  const paid = PAID_STATUSES.includes(subscription.status) && subscription.plan !== null;
  const billing: BillingState = {
    provider: 'stripe',
    customer_id: subscription.customerId,
    subscription_id: subscription.id,
    status: subscription.status,
    plan: subscription.plan,
    period: subscription.period,
    renews_at: subscription.periodEnd?.toISOString() ?? null,
    cancel_at_period_end: subscription.cancelAtPeriodEnd,
    updated_at: now.toISOString(),
  };
  const trialRunning = Date.parse(profile.trial_end_date) > now.getTime();
  return {
    billing,
    subscription_tier: paid ? subscription.plan : null,
    // Paying ends the free trial: the plan bought is the plan in force from now on.
    ...(paid && trialRunning ? { trial_end_date: now.toISOString() } : {}),
    updated_at: now.toISOString(),
  };
}

export interface WebhookDeps extends BillingDeps {
  events: ProcessedEvents;
  /**
   * Records an account e-mail once per key and hands it to the notifications worker
   * (lambdas/notifications/confirmations.ts `sendAccountMail`); absent: none are sent.
   */
  accountMail?: (userId: string, mail: ConfirmationMail) => Promise<unknown>;
  /** The site's origin, for the e-mails' link to the account page (SITE_URL). */
  siteOrigin?: string | null;
}

/** The provider could not take a payment: the account is e-mailed (account-mail.ts). */
const PAYMENT_FAILED = 'invoice.payment_failed';

/**
 * Records an account e-mail. A failure fails the webhook (nothing is recorded as applied), so
 * Stripe's retry records it: its key is the event's, so it is sent once.
 */
async function sendAccountMail(deps: WebhookDeps, userId: string, mail: ConfirmationMail) {
  if (deps.accountMail) await deps.accountMail(userId, mail);
}

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

export async function receiveWebhook(
  deps: WebhookDeps,
  payload: string,
  signature: string | undefined,
  logger: Logger,
  now = new Date(),
): Promise<WebhookOutcome> {
  const provider = await deps.provider();
  if (!provider) throw new NotFoundError('Billing is not enabled');
  let event;
  try {
    event = await provider.verifyEvent(payload, signature);
  } catch (error) {
    if (!(error instanceof InvalidSignatureError)) throw error;
    logger.warn('webhook refused', { reason: error.message });
    throw new AppError('invalid_signature', 'The webhook signature is missing, wrong or too old');
  }
  if (await deps.events.seen(event.id)) return 'duplicate';
  // Recorded only once applied: a failure before leaves nothing, and the provider's retry applies it.
  const outcome = await applyEvent(deps, provider, event, logger, now);
  await deps.events.record(event.id, event.type, now);
  return outcome;
}

async function applyEvent(
  deps: WebhookDeps,
  provider: BillingProvider,
  event: Awaited<ReturnType<BillingProvider['verifyEvent']>>,
  logger: Logger,
  now: Date,
): Promise<WebhookOutcome> {
  if (event.type === PAYMENT_FAILED) return paymentFailed(deps, provider, event, logger, now);
  if (!SUBSCRIPTION_EVENTS.has(event.type) || !event.subscriptionId) return 'ignored';
  const subscriptionId = event.subscriptionId;
  const subscription = await calling(logger, () => provider.subscription(subscriptionId));
  // Signed by our endpoint's secret but about a subscription the provider does not hold (a test
  // event, another mode's, one since deleted): nothing to apply, ever, so it is acknowledged
  // (a 2xx) rather than refused, which would only have the provider retry it for days.
  if (!subscription) {
    logger.warn('webhook names an unknown subscription', { eventId: event.id, subscription: subscriptionId });
    return 'ignored';
  }
  const userId = subscription.userId ?? event.userId;
  if (!userId || (event.userId && subscription.userId && event.userId !== subscription.userId)) {
    logger.error('webhook names no user, or two', { eventId: event.id, subscription: subscription.id });
    return 'ignored';
  }
  const profile = await deps.profiles.get(userId);
  // A deleted account's subscription (cancelled by the deletion) has no profile to update.
  if (!profile) return 'ignored';
  const current = profile.billing;
  const paid = PAID_STATUSES.includes(subscription.status);
  // An old subscription's end does not undo the one the user holds now.
  if (current?.subscription_id && current.subscription_id !== subscription.id && !paid) return 'ignored';
  const changes = billingChanges(profile, subscription, now);
  // Recorded before the profile changes: a retry after a failure in between still sees the change
  // (from the same profile) and finds the e-mail's key taken, so it is sent once.
  const mail = planChangeMail(event.id, profile, { ...profile, ...changes }, deps.siteOrigin ?? null, now);
  if (mail) await sendAccountMail(deps, userId, mail);
  const updated = await deps.profiles.updateBilling(userId, changes);
  logger.info('subscription applied', {
    eventId: event.id,
    userId,
    status: subscription.status,
    tier: updated?.subscription_tier ?? null,
  });
  return updated ? 'applied' : 'ignored';
}

/**
 * `invoice.payment_failed`: the account the invoice's subscription belongs to is e-mailed (the
 * plan itself changes, if at all, with the subscription's own `customer.subscription.updated`).
 */
async function paymentFailed(
  deps: WebhookDeps,
  provider: BillingProvider,
  event: Awaited<ReturnType<BillingProvider['verifyEvent']>>,
  logger: Logger,
  now: Date,
): Promise<WebhookOutcome> {
  const { invoice, subscriptionId } = event;
  if (!invoice || !subscriptionId) return 'ignored';
  const subscription = await calling(logger, () => provider.subscription(subscriptionId));
  const userId = subscription?.userId;
  if (!userId) {
    logger.warn('failed payment names no known subscription or user', { eventId: event.id });
    return 'ignored';
  }
  const profile = await deps.profiles.get(userId);
  if (!profile) return 'ignored';
  // A payment for a subscription the account no longer holds is not the account's concern now.
  if (profile.billing?.subscription_id && profile.billing.subscription_id !== subscription.id)
    return 'ignored';
  await sendAccountMail(
    deps,
    userId,
    paymentFailedMail(event.id, invoice, profile.billing, deps.siteOrigin ?? null, now),
  );
  logger.info('failed payment e-mailed', { eventId: event.id, userId, invoice: invoice.id });
  return 'applied';
}
