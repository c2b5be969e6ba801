/**
 * Browser push (issue 25): Web Push with the stage's VAPID keys. `web-push` builds the request
 * (the payload encrypted to the browser's keys, aes128gcm, and the VAPID JWT); it is posted behind
 * the same address guard as webhooks, since a subscription's endpoint is a URL the user sent. A
 * 404 or 410 from the push service means the browser's subscription has expired: it is removed.
 */
import { createHash } from 'node:crypto';
import webpush from 'web-push';
import * as z from 'zod';
import type { Notification } from '@shared/notifications/schemas';
import { readSecret } from '../common/secrets';
import { guardedPost, type WebhookOptions } from './webhook';

export const vapidKeysSchema = z.object({
  publicKey: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/),
  privateKey: z.string().regex(/^[A-Za-z0-9_-]{40,50}$/),
  subject: z.string().regex(/^(mailto:|https:\/\/)/),
});
export type VapidKeys = z.infer<typeof vapidKeysSchema>;

/** The stage's keys, or null while its secret holds anything else (push is then off). */
export async function readVapidKeys(): Promise<VapidKeys | null> {
  const raw = await readSecret('vapidKeys');
  if (!raw) return null;
  try {
    const parsed = vapidKeysSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A new key pair with the subject given (the local runtime's first start; the docs' command for a stage). */
export const newVapidKeys = (subject: string): VapidKeys => ({ ...webpush.generateVAPIDKeys(), subject });

/** One browser's subscription, as stored. */
export interface StoredPushSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  createdAt: string;
}

/** A subscription's id: a hash of its endpoint, so one browser subscribing again replaces itself. */
export const pushSubscriptionId = (endpoint: string) =>
  createHash('sha256').update(endpoint).digest('hex').slice(0, 32);

/** What a push says: the service worker shows `title` and `body`, and opens `url` on a click. */
export function pushPayload(notification: Notification, ruleName: string): string {
  const { event } = notification;
  const title = event.feed === 'digest' ? 'Digest of your alerts' : `${ruleName}: ${event.ticker}`;
  return JSON.stringify({
    id: notification.id,
    title,
    body: `${event.summary} (${event.provider})`,
    url: '/dashboard/alerts',
  });
}

export type PushResult = { ok: true } | { ok: false; gone: boolean; detail: string; retry: boolean };

/** Sends one push; never throws. `gone` when the push service says the subscription no longer exists. */
export async function postPush(
  subscription: StoredPushSubscription,
  payload: string,
  keys: VapidKeys,
  options: WebhookOptions,
): Promise<PushResult> {
  let details: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    details = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: subscription.keys },
      payload,
      { vapidDetails: keys, TTL: 3600, contentEncoding: 'aes128gcm', urgency: 'high' },
    );
  } catch {
    // Keys the library cannot encrypt to: the subscription is unusable.
    return { ok: false, gone: true, detail: 'invalid subscription keys', retry: false };
  }
  const body = details.body ? new Uint8Array(details.body) : new Uint8Array();
  const posted = await guardedPost(
    details.endpoint,
    details.headers as Record<string, string>,
    body,
    options,
  );
  if (!posted.ok) return { ...posted, gone: false };
  if (posted.status >= 200 && posted.status < 300) return { ok: true };
  const gone = posted.status === 404 || posted.status === 410;
  return {
    ok: false,
    gone,
    detail: gone ? 'subscription expired' : `HTTP ${posted.status}`,
    retry: posted.status === 429 || posted.status >= 500,
  };
}
