/**
 * Notification rules and their delivery (issue 25). A feed item a rule matches becomes one
 * delivery per channel, its id a hash of (rule, event, channel), written with a conditional put:
 * a second run over the same items writes and sends nothing. A new pending delivery goes to the
 * worker (`enqueue`: the SQS queue in AWS, in-process locally), which sends it and stores the
 * outcome; a redelivered message finds it no longer pending and does nothing.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { PlanFeature } from '@shared/constants/plans';
import { digestText } from '@shared/notifications/digest';
import { suppressionText } from '@shared/notifications/mail-feedback';
import {
  NOTIFICATION_LIMITS,
  tickerScopeIssue,
  type CreateRuleInput,
  type Notification,
  type NotificationChannel,
  type NotificationRule,
  type NotifiedEvent,
  type PushSubscriptionInput,
  type UpdateRuleInput,
} from '@shared/notifications/schemas';
import { checkWebhookUrl } from '@shared/notifications/webhook-address';
import { ConflictError, NotFoundError, ValidationError } from '../common/errors';
import { MAIL_NOT_CONFIGURED, type Mailer } from './mail';
import { postPush, pushPayload, pushSubscriptionId, type VapidKeys } from './push';
import type { NotificationsRepo, StoredNotification, StoredRule } from './repository';
import { newWebhookSecret, postWebhook, webhookBody, type SendResult, type WebhookOptions } from './webhook';

/** The `ruleId` of a journal confirmation's delivery: it has no rule (confirmations.ts records it). */
export const CONFIRMATIONS_RULE_ID = 'confirmations';
/** The `ruleId` of an account e-mail's delivery (a failed payment, a plan change): no rule, no preference. */
export const ACCOUNT_RULE_ID = 'account';
/** Deliveries without a rule: their message is stored with them (confirmations.ts). */
const RULELESS = new Set([CONFIRMATIONS_RULE_ID, ACCOUNT_RULE_ID]);

/** Deliveries are kept this long (the log's reach), then TTL removes them. */
export const DELIVERY_TTL_SECONDS = 30 * 24 * 3600;
/** A delivery is tried this many times before it is marked failed (and, in AWS, dead-lettered). */
export const MAX_ATTEMPTS = 3;

export interface DeliveryRef {
  userId: string;
  id: string;
}

export interface NotificationDeps {
  repo: NotificationsRepo;
  /** null where the stage has no mailer: e-mail deliveries fail with MAIL_NOT_CONFIGURED. */
  mailer: Mailer | null;
  /** Webhooks' and push endpoints' address guard (both are URLs a user gave). */
  webhook: WebhookOptions;
  /** The stage's VAPID keys; null where push is not set up. */
  vapidKeys: () => Promise<VapidKeys | null>;
  /** Hands a pending delivery to the worker, to be sent at `deliverAt`. */
  enqueue: (ref: DeliveryRef, deliverAt: Date) => Promise<void>;
  /** Whether the user's plan, now, includes a feature (a rule feed's: ruleFeedFeature; an expired trial gets no alerts). */
  planAllows: (userId: string, feature: PlanFeature) => Promise<boolean>;
  now: () => Date;
}

/** A send's outcome: a webhook's, or an e-mail held back because its address bounced or complained. */
type Outcome = SendResult | { ok: false; suppressed: true; detail: string; retry: false };

const suppressedMail = (detail: string): Outcome => ({ ok: false, suppressed: true, detail, retry: false });

/** The error a worker throws so the queue retries the delivery (with its backoff). */
export class RetryableDeliveryError extends Error {}

const publicRule = ({ userId: _user, secret: _secret, ...rule }: StoredRule): NotificationRule => ({
  ...rule,
  watchlist: rule.watchlist ?? false,
  held: rule.held ?? false,
});

/** A delivery's id: the same rule, event and channel always give the same one. */
export const notificationId = (ruleId: string, event: Pick<NotifiedEvent, 'feed' | 'id'>, channel: string) =>
  createHash('sha256').update(`${ruleId}|${event.feed}:${event.id}|${channel}`).digest('hex').slice(0, 32);

function assertWebhookUrl(url: string | undefined, options: WebhookOptions) {
  if (url === undefined) return;
  const verdict = checkWebhookUrl(url, { allowLocal: options.allowLocal });
  if (!verdict.ok)
    throw new ValidationError('Invalid webhook URL', [
      { path: 'webhook.url', message: `Refused: ${verdict.reason}` },
    ]);
}

export async function listRules(deps: NotificationDeps, userId: string): Promise<NotificationRule[]> {
  const rules = await deps.repo.listRules(userId);
  return rules.map(publicRule).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** Creates a rule; a webhook rule's signing secret is in this answer and never again. */
export async function createRule(
  deps: NotificationDeps,
  userId: string,
  input: CreateRuleInput,
): Promise<NotificationRule & { secret?: string }> {
  assertWebhookUrl(input.webhook?.url, deps.webhook);
  if ((await deps.repo.listRules(userId)).length >= NOTIFICATION_LIMITS.rules)
    throw new ConflictError(`At most ${NOTIFICATION_LIMITS.rules} notification rules`);
  const at = deps.now().toISOString();
  const stored: StoredRule = {
    ...input,
    tickers: [...new Set(input.tickers)],
    id: randomUUID(),
    userId,
    createdAt: at,
    updatedAt: at,
    ...(input.webhook ? { secret: newWebhookSecret() } : {}),
  };
  await deps.repo.putRule(stored);
  return { ...publicRule(stored), ...(stored.secret ? { secret: stored.secret } : {}) };
}

export async function updateRule(
  deps: NotificationDeps,
  userId: string,
  id: string,
  patch: UpdateRuleInput,
): Promise<NotificationRule & { secret?: string }> {
  const rule = await deps.repo.getRule(userId, id);
  if (!rule) throw new NotFoundError('No such notification rule');
  const { webhook, quietHours, ...rest } = patch;
  const next: StoredRule = { ...rule, ...rest, updatedAt: deps.now().toISOString() };
  if (webhook === null) delete next.webhook;
  else if (webhook) next.webhook = webhook;
  if (quietHours === null) delete next.quietHours;
  else if (quietHours) next.quietHours = quietHours;
  const scopeIssue = tickerScopeIssue(next);
  if (scopeIssue)
    throw new ValidationError(scopeIssue.message, [
      { path: scopeIssue.path.join('.'), message: scopeIssue.message },
    ]);
  if (next.channels.includes('webhook') !== (next.webhook !== undefined))
    throw new ValidationError('A webhook URL is needed exactly when the webhook channel is chosen', [
      { path: 'webhook', message: 'Required with the webhook channel, and only with it' },
    ]);
  assertWebhookUrl(webhook?.url, deps.webhook);
  // The rule's first webhook: its signing secret is made now and answered this once.
  const secret = next.webhook && !next.secret ? newWebhookSecret() : undefined;
  if (secret) next.secret = secret;
  await deps.repo.putRule(next);
  return { ...publicRule(next), ...(secret ? { secret } : {}) };
}

export async function deleteRule(deps: NotificationDeps, userId: string, id: string): Promise<void> {
  if (!(await deps.repo.deleteRule(userId, id))) throw new NotFoundError('No such notification rule');
}

/** Browsers per user that may take push. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

/** Stores this browser's push subscription; its id (the same browser subscribing again keeps it). */
export async function subscribePush(
  deps: NotificationDeps,
  userId: string,
  input: PushSubscriptionInput,
): Promise<{ id: string }> {
  const verdict = checkWebhookUrl(input.endpoint, { allowLocal: deps.webhook.allowLocal });
  if (!verdict.ok)
    throw new ValidationError('Invalid push endpoint', [
      { path: 'endpoint', message: `Refused: ${verdict.reason}` },
    ]);
  const id = pushSubscriptionId(input.endpoint);
  const current = await deps.repo.listPushSubscriptions(userId);
  if (!current.some((s) => s.id === id) && current.length >= MAX_PUSH_SUBSCRIPTIONS)
    throw new ConflictError(`At most ${MAX_PUSH_SUBSCRIPTIONS} browsers: unsubscribe one first`);
  await deps.repo.putPushSubscription(userId, {
    id,
    endpoint: input.endpoint,
    keys: input.keys,
    createdAt: deps.now().toISOString(),
  });
  return { id };
}

export async function unsubscribePush(deps: NotificationDeps, userId: string, id: string): Promise<void> {
  if (!(await deps.repo.deletePushSubscription(userId, id)))
    throw new NotFoundError('This browser is not subscribed');
}

/** Sends to each of the user's browsers; an expired subscription (404/410) is removed. Sent when one took it. */
async function sendPush(
  deps: NotificationDeps,
  rule: StoredRule,
  notification: Notification,
): Promise<SendResult> {
  const keys = await deps.vapidKeys();
  if (!keys) return { ok: false, detail: 'push is not set up for this stage', retry: false };
  const subscriptions = await deps.repo.listPushSubscriptions(rule.userId);
  if (subscriptions.length === 0) return { ok: false, detail: 'no browser subscribed to push', retry: false };
  const payload = pushPayload(notification, rule.name);
  let failure: SendResult = { ok: false, detail: 'no browser took it', retry: false };
  let sent = 0;
  for (const subscription of subscriptions) {
    const result = await postPush(subscription, payload, keys, deps.webhook);
    if (result.ok) sent += 1;
    else {
      if (result.gone) await deps.repo.deletePushSubscription(rule.userId, subscription.id);
      if (!failure.ok && !failure.retry) failure = { ok: false, detail: result.detail, retry: result.retry };
    }
  }
  return sent > 0 ? { ok: true } : failure;
}

export const listNotifications = (deps: NotificationDeps, userId: string) =>
  deps.repo.listNotifications(userId, NOTIFICATION_LIMITS.log);

/** Sends a test notification on each of the rule's channels (outside its cap and quiet hours). */
export async function testRule(deps: NotificationDeps, userId: string, id: string): Promise<Notification[]> {
  const rule = await deps.repo.getRule(userId, id);
  if (!rule) throw new NotFoundError('No such notification rule');
  const now = deps.now();
  const event: NotifiedEvent = {
    feed: 'test',
    id: randomUUID(),
    ticker: 'TEST',
    summary: `Test notification for "${rule.name}"`,
    timestamp: now.toISOString(),
    provider: 'test',
  };
  const out: Notification[] = [];
  for (const channel of rule.channels) {
    const notification: StoredNotification = {
      id: notificationId(rule.id, event, channel),
      userId,
      ruleId: rule.id,
      channel,
      status: channel === 'in-app' ? 'sent' : 'pending',
      attempts: 0,
      event,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    };
    await deps.repo.createNotification(notification, Math.floor(now.getTime() / 1000) + DELIVERY_TTL_SECONDS);
    // The test is sent once, at once, so the answer says what happened.
    const done = notification.status === 'pending' ? await sendOnce(deps, rule, notification) : notification;
    const { userId: _user, ...visible } = done;
    out.push(visible);
  }
  return out;
}

async function send(deps: NotificationDeps, rule: StoredRule, notification: Notification): Promise<Outcome> {
  const channel: NotificationChannel = notification.channel;
  if (channel === 'webhook') {
    if (!rule.webhook || !rule.secret) return { ok: false, detail: 'no webhook on the rule', retry: false };
    const body = webhookBody(rule.webhook.format, notification, rule.name);
    return postWebhook({ url: rule.webhook.url, secret: rule.secret }, body, deps.webhook);
  }
  if (channel === 'push') return sendPush(deps, rule, notification);
  if (channel === 'email') {
    if (!deps.mailer) return { ok: false, detail: MAIL_NOT_CONFIGURED, retry: false };
    const target = await deps.repo.mailTarget(rule.userId);
    if (!target) return { ok: false, detail: 'no e-mail address on the profile', retry: false };
    if (target.suppressed) return suppressedMail(suppressionText(target.suppressed));
    if (!target.emailAlerts)
      return { ok: false, detail: 'e-mail alerts are off in the account settings', retry: false };
    const { event } = notification;
    const footer = 'Manage your notification rules on the Alerts page.';
    await deps.mailer.send(
      event.feed === 'digest'
        ? {
            to: target.email,
            subject: `Digest: ${event.summary}`,
            text: `${digestText(event)}\n\nSources: ${event.provider}. ${footer}`,
          }
        : {
            to: target.email,
            subject: `${rule.name}: ${event.ticker}`,
            text: `${event.summary}\n\nSource: ${event.provider}, at ${event.timestamp}.\nRule: ${rule.name}. ${footer}`,
          },
    );
    return { ok: true };
  }
  return { ok: true };
}

/**
 * A confirmation's send: its stored message, to the profile's address; a journal confirmation
 * only while the user's "Trade confirmations" preference is still on (it may have been turned off
 * since it was recorded); an account e-mail always (docs/decisions/trade-confirmations.md).
 */
async function sendConfirmation(deps: NotificationDeps, notification: StoredNotification): Promise<Outcome> {
  if (!deps.mailer) return { ok: false, detail: MAIL_NOT_CONFIGURED, retry: false };
  if (!notification.mail) return { ok: false, detail: 'no message recorded', retry: false };
  const target = await deps.repo.mailTarget(notification.userId);
  if (!target) return { ok: false, detail: 'no e-mail address on the profile', retry: false };
  // An account e-mail too: another message to an address that bounced or complained hurts the stage's sending.
  if (target.suppressed) return suppressedMail(suppressionText(target.suppressed));
  if (notification.ruleId === CONFIRMATIONS_RULE_ID && !target.tradeConfirmations)
    return { ok: false, detail: 'trade confirmations are off in the account settings', retry: false };
  await deps.mailer.send({ to: target.email, ...notification.mail });
  return { ok: true };
}

/** One attempt: sends and stores the outcome (still pending when a retry could help and attempts remain). */
async function sendOnce(
  deps: NotificationDeps,
  rule: StoredRule | null,
  notification: StoredNotification,
): Promise<StoredNotification> {
  let result: Outcome;
  try {
    result = rule ? await send(deps, rule, notification) : await sendConfirmation(deps, notification);
  } catch {
    result = { ok: false, detail: `${notification.channel} provider error`, retry: true };
  }
  const attempts = notification.attempts + 1;
  const retrying = !result.ok && result.retry && attempts < MAX_ATTEMPTS;
  const change = {
    status: result.ok
      ? ('sent' as const)
      : 'suppressed' in result
        ? ('suppressed' as const)
        : retrying
          ? ('pending' as const)
          : ('failed' as const),
    attempts,
    updatedAt: deps.now().toISOString(),
    ...(result.ok ? {} : { detail: result.detail }),
  };
  await deps.repo.updateNotification(notification.userId, notification.id, change);
  const { detail: _previous, ...rest } = notification;
  return { ...rest, ...change };
}

/**
 * The worker's step for one queued delivery: nothing when it is no longer pending (a repeat of
 * the message); else one attempt. Throws RetryableDeliveryError when it stays pending, so the
 * queue delivers the message again after its backoff.
 */
export async function deliver(deps: NotificationDeps, ref: DeliveryRef): Promise<StoredNotification | null> {
  const notification = await deps.repo.getNotification(ref.userId, ref.id);
  if (!notification || notification.status !== 'pending') return notification;
  if (RULELESS.has(notification.ruleId)) {
    const done = await sendOnce(deps, null, notification);
    if (done.status === 'pending') throw new RetryableDeliveryError(done.detail ?? 'retry');
    return done;
  }
  const rule = await deps.repo.getRule(ref.userId, notification.ruleId);
  if (!rule) {
    const change = {
      status: 'failed' as const,
      attempts: notification.attempts,
      updatedAt: deps.now().toISOString(),
      detail: 'rule deleted',
    };
    await deps.repo.updateNotification(ref.userId, ref.id, change);
    return { ...notification, ...change };
  }
  const done = await sendOnce(deps, rule, notification);
  if (done.status === 'pending') throw new RetryableDeliveryError(done.detail ?? 'retry');
  return done;
}
