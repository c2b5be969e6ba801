/**
 * Signed webhooks (issue 25). The body is JSON with the notification's `id` (the same on every
 * retry, so a receiver drops repeats), shaped for Slack, Discord or plain JSON; the request
 * carries `X-Edge-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the
 * rule's secret. Only https to public addresses (shared/src/notifications/webhook-address.ts),
 * every resolved address checked, redirects not followed, and the response's body never read
 * into anything a user sees: a failure is its status code or a word.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import type { Notification, WebhookFormat } from '@shared/notifications/schemas';
import { addressAllowed, checkWebhookUrl, isIpLiteral } from '@shared/notifications/webhook-address';

export const SIGNATURE_HEADER = 'X-Edge-Signature';
const WEBHOOK_TIMEOUT_MS = 5000;

/** A new rule's signing secret: 32 random bytes, `whsec_`-prefixed hex. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('hex')}`;

/** The signature header's value for a body sent at `unixSeconds`. */
export function signatureHeader(secret: string, rawBody: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${rawBody}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/** What a receiver does: checks the header against the raw body, within `toleranceSeconds`. */
export function verifySignature(
  secret: string,
  rawBody: string,
  header: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  const fields = Object.fromEntries(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const t = Number(fields.t);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds || !fields.v1) return false;
  const expected = Buffer.from(signatureHeader(secret, rawBody, t).split('v1=')[1]!, 'hex');
  const given = Buffer.from(fields.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The webhook's JSON body in the receiver's format; every format carries the notification's `id`. */
export function webhookBody(format: WebhookFormat, notification: Notification, ruleName: string): string {
  const { event } = notification;
  const line = `${ruleName}: ${event.summary} (${event.provider}, ${event.timestamp})`;
  const plain = { id: notification.id, ruleId: notification.ruleId, rule: ruleName, event };
  if (format === 'slack') return JSON.stringify({ ...plain, text: line });
  if (format === 'discord') return JSON.stringify({ ...plain, content: line.slice(0, 2000) });
  return JSON.stringify({ type: 'notification', ...plain });
}

export type SendResult = { ok: true } | { ok: false; detail: string; retry: boolean };

export interface WebhookOptions {
  allowLocal: boolean;
  fetch?: typeof fetch;
  resolve?: (host: string) => Promise<string[]>;
  nowSeconds?: () => number;
}

const resolveAll = async (host: string) => (await lookup(host, { all: true })).map((entry) => entry.address);

/**
 * Posts to a URL a user gave (a webhook, a browser's push endpoint) behind the address guard:
 * https only (http to 127.0.0.1 with `allowLocal`), every resolved address public, redirects not
 * followed, the response's body never read. Never throws: the status, or why it failed and
 * whether a retry could help.
 */
export async function guardedPost(
  url: string,
  headers: Record<string, string>,
  body: string | Uint8Array<ArrayBuffer>,
  options: WebhookOptions,
): Promise<{ ok: true; status: number } | { ok: false; detail: string; retry: boolean }> {
  const verdict = checkWebhookUrl(url, { allowLocal: options.allowLocal });
  if (!verdict.ok) return { ok: false, detail: `refused: ${verdict.reason}`, retry: false };
  const host = verdict.url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIpLiteral(host) ? [host] : await (options.resolve ?? resolveAll)(host);
  } catch {
    return { ok: false, detail: 'host not found', retry: true };
  }
  if (
    addresses.length === 0 ||
    !addresses.every((a) => addressAllowed(a, { allowLocal: options.allowLocal }))
  )
    return { ok: false, detail: 'refused: a private address', retry: false };
  try {
    const response = await (options.fetch ?? fetch)(verdict.url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'user-agent': 'EdgeNotifications/1', ...headers },
      body,
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    await response.body?.cancel();
    return { ok: true, status: response.status };
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    return { ok: false, detail: timedOut ? 'timed out' : 'connection failed', retry: true };
  }
}

/** Posts a signed body; never throws (the result says whether a retry could help). */
export async function postWebhook(
  target: { url: string; secret: string },
  rawBody: string,
  options: WebhookOptions,
): Promise<SendResult> {
  const t = Math.floor((options.nowSeconds ?? (() => Date.now() / 1000))());
  const posted = await guardedPost(
    target.url,
    { 'content-type': 'application/json', [SIGNATURE_HEADER]: signatureHeader(target.secret, rawBody, t) },
    rawBody,
    options,
  );
  if (!posted.ok) return posted;
  if (posted.status >= 200 && posted.status < 300) return { ok: true };
  const retry = posted.status === 429 || posted.status >= 500;
  return { ok: false, detail: `HTTP ${posted.status}`, retry };
}
