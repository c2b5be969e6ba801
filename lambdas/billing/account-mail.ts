/**
 * Account e-mails (issue 25 item 3): a failed payment, and a change of plan (subscribed, another
 * plan or period, a cancellation scheduled or withdrawn, the plan ended). Each is keyed by the
 * provider's event id (`billing#<event id>`), so a replayed or retried webhook records, and sends,
 * nothing new. A plan-change e-mail is written only when the profile's plan actually changes:
 * `checkout.session.completed` and `customer.subscription.created` for one purchase, or a renewal's
 * `customer.subscription.updated`, send one e-mail or none, never two.
 */
import { type BillingState } from '@shared/billing/schemas';
import { planName } from '@shared/constants/plans';
import type { Profile } from '@shared/profiles/schemas';
import { subscriptionTiers, type SubscriptionTier } from '@shared/profiles/tiers';
import type { ConfirmationMail } from '../notifications/confirmations';
import type { InvoiceSummary } from './provider';

export const ACCOUNT_MAIL_PATH = '/dashboard/account';

/** A stored tier's display name ('Pro'); a tier the catalogue does not have, as stored. */
const tierName = (tier: string) =>
  subscriptionTiers.includes(tier as SubscriptionTier) ? planName(tier as SubscriptionTier) : tier;

const day = (date: Date | string | null | undefined) =>
  date ? new Date(date).toISOString().slice(0, 10) : null;

function money(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
      amount / 100,
    );
  } catch {
    return `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

const accountLink = (origin: string | null) =>
  origin ? `${origin}${ACCOUNT_MAIL_PATH}` : 'Account Settings in the app';

const footer = (origin: string | null) =>
  `Manage your plan and payment method: ${accountLink(origin)} (Billing History).\n\nYou get this e-mail because it concerns what your account costs; it is sent whatever your notification preferences.`;

function mail(eventId: string, subject: string, lines: string[], origin: string | null, at: Date) {
  return {
    key: `billing#${eventId}`,
    event: {
      feed: 'billing' as const,
      id: eventId,
      ticker: '',
      summary: subject,
      timestamp: at.toISOString(),
      provider: 'stripe',
    },
    subject,
    text: `${lines.join('\n')}\n\n${footer(origin)}`,
  } satisfies ConfirmationMail;
}

/** `invoice.payment_failed`: what was due, how many tries, when the next one is. */
export function paymentFailedMail(
  eventId: string,
  invoice: InvoiceSummary,
  billing: BillingState | null | undefined,
  origin: string | null,
  at: Date,
): ConfirmationMail {
  const plan = billing?.plan
    ? `${tierName(billing.plan)} (${billing.period === 'year' ? 'yearly' : 'monthly'})`
    : null;
  const subject = `Payment failed: ${money(invoice.amountDue, invoice.currency)}${plan ? ` for ${plan}` : ''}`;
  const lines = [
    `We could not take the payment of ${money(invoice.amountDue, invoice.currency)}${plan ? ` for your ${plan} plan` : ''}.`,
    `Attempts so far: ${invoice.attempts}`,
    invoice.nextAttempt
      ? `Next attempt: ${day(invoice.nextAttempt)}. Your plan stays on while the payment is retried.`
      : 'No further attempt is scheduled: update your payment method to keep your plan.',
    ...(invoice.url ? [`Pay the invoice: ${invoice.url}`] : []),
  ];
  return mail(eventId, subject, lines, origin, at);
}

type PlanState = Pick<Profile, 'subscription_tier' | 'billing'>;

const describe = (state: PlanState) =>
  state.subscription_tier
    ? `${tierName(state.subscription_tier)}, billed ${state.billing?.period === 'year' ? 'yearly' : 'monthly'}`
    : null;

/**
 * The e-mail a subscription event's change warrants, or null when the plan, its period and its
 * scheduled cancellation are as they were (a renewal, a payment retried, a duplicate event).
 */
export function planChangeMail(
  eventId: string,
  before: PlanState,
  after: PlanState,
  origin: string | null,
  at: Date,
): ConfirmationMail | null {
  const was = describe(before);
  const now = describe(after);
  const wasEnding = Boolean(before.subscription_tier && before.billing?.cancel_at_period_end);
  const ending = Boolean(after.subscription_tier && after.billing?.cancel_at_period_end);
  if (was === now && wasEnding === ending) return null;
  const renews = day(after.billing?.renews_at);
  let subject: string;
  const lines: string[] = [];
  if (!now) {
    subject = before.subscription_tier
      ? `Your ${tierName(before.subscription_tier)} plan has ended`
      : 'Your plan has ended';
    lines.push(
      `Your subscription${was ? ` (${was})` : ''} has ended. Your journal and account stay available; the plan's features are off.`,
    );
  } else if (!was) {
    subject = `Welcome to ${tierName(after.subscription_tier!)}`;
    lines.push(`Your plan: ${now}.`, ...(renews ? [`Next renewal: ${renews}.`] : []));
  } else if (was !== now) {
    subject = `Plan changed to ${tierName(after.subscription_tier!)}`;
    lines.push(`Was: ${was}.`, `Now: ${now}.`, ...(renews ? [`Next renewal: ${renews}.`] : []));
  } else if (ending) {
    subject = `Your ${tierName(after.subscription_tier!)} plan is cancelled`;
    lines.push(
      `Your plan (${now}) will not renew${renews ? `: it stays on until ${renews}` : ''}.`,
      'You can resume it from Billing History until then.',
    );
  } else {
    subject = `Your ${tierName(after.subscription_tier!)} plan will renew`;
    lines.push(`The cancellation is withdrawn: ${now}.`, ...(renews ? [`Next renewal: ${renews}.`] : []));
  }
  return mail(eventId, subject, lines, origin, at);
}
