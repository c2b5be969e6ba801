/**
 * Signed webhooks (issue 25). The body is JSON with the notification's `id` (the same on every
 * retry, so a receiver drops repeats), shaped for Slack, Discord or plain JSON; the request
 * carries `X-Edge-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the
 * rule's secret. Only https to public addresses (shared/src/notifications/webhook-address.ts),
 * every resolved address checked and the connection made to those addresses only (the host name is
 * never resolved a second time, so DNS rebinding cannot swap in a private one), redirects not
 * followed, and the response's body never read into anything a user sees: a failure is its status
 * code or a word.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIPv6 } from 'node:net';
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

/** One POST to a checked URL, to be made to the checked addresses and nowhere else. */
export interface PinnedRequest {
  url: URL;
  /** Every address the host name resolved to, each checked: the socket connects to one of these. */
  addresses: string[];
  allowLocal: boolean;
  headers: Record<string, string>;
  body: string | Uint8Array<ArrayBuffer>;
  timeoutMs: number;
}

/** Makes a PinnedRequest: the response's status, or a rejection (`TimeoutError` after `timeoutMs`). */
export type Transport = (request: PinnedRequest) => Promise<number>;

export interface WebhookOptions {
  allowLocal: boolean;
  /** How the request is made (pinnedPost unless a test records it). */
  transport?: Transport;
  resolve?: (host: string) => Promise<string[]>;
  nowSeconds?: () => number;
}

const resolveAll = async (host: string) => (await lookup(host, { all: true })).map((entry) => entry.address);

/** The error a pinned lookup answers with when asked for anything but the checked, allowed addresses. */
const REFUSED_ADDRESS = 'EREFUSEDADDRESS';

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * The socket's DNS lookup for one request: it resolves nothing, answering `host` with the
 * addresses the guard checked (each checked again here), so the connection cannot reach an
 * address a second resolution would have given. Any other name, or an address not allowed, is
 * refused with `EREFUSEDADDRESS`.
 */
export function pinnedLookup(host: string, addresses: readonly string[], allowLocal: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    const entries = addresses
      .map((address) => ({ address, family: isIPv6(address) ? 6 : 4 }))
      .filter((entry) => !options.family || options.family === entry.family);
    const allowed =
      hostname === host &&
      addresses.length > 0 &&
      addresses.every((address) => addressAllowed(address, { allowLocal }));
    if (!allowed || entries.length === 0) {
      const error: NodeJS.ErrnoException = new Error(`refused to connect ${hostname}`);
      error.code = REFUSED_ADDRESS;
      callback(error, '', 0);
      return;
    }
    if (options.all) callback(null, entries);
    else callback(null, entries[0]!.address, entries[0]!.family);
  };
}

const timeoutError = () => Object.assign(new Error('timed out'), { name: 'TimeoutError' });

/**
 * The transport: Node's http(s).request with the pinned lookup (TLS's SNI, the certificate's
 * check and the Host header stay the URL's host name), no connection pool, redirects not followed
 * (the status is answered as is), the response destroyed unread. `tls.ca` adds a trusted
 * certificate (tests' local receivers).
 */
export function pinnedPost(request: PinnedRequest, tls: { ca?: string | Buffer } = {}): Promise<number> {
  const { url } = request;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = isIpLiteral(host);
  const https = url.protocol === 'https:';
  // An address literal is connected to without a lookup: it must be the one address checked.
  if (literal && !(request.addresses.length === 1 && request.addresses[0] === host))
    return Promise.reject(Object.assign(new Error('refused'), { code: REFUSED_ADDRESS }));
  const body = typeof request.body === 'string' ? Buffer.from(request.body) : request.body;
  const options: RequestOptions & { servername?: string; ca?: string | Buffer } = {
    hostname: host,
    port: url.port || undefined,
    path: `${url.pathname}${url.search}`,
    method: 'POST',
    headers: { ...request.headers, 'content-length': String(body.byteLength) },
    agent: false,
    lookup: pinnedLookup(host, request.addresses, request.allowLocal),
    ...(https && !literal ? { servername: host } : {}),
    ...(https && tls.ca ? { ca: tls.ca } : {}),
  };
  return new Promise<number>((resolve, reject) => {
    const outgoing = (https ? httpsRequest : httpRequest)(options, (response) => {
      resolve(response.statusCode ?? 0);
      response.destroy();
      outgoing.destroy();
    });
    const timer = setTimeout(() => outgoing.destroy(timeoutError()), request.timeoutMs);
    outgoing.on('error', reject);
    outgoing.on('close', () => clearTimeout(timer));
    outgoing.end(body);
  });
}

/**
 * Posts to a URL a user gave (a webhook, a browser's push endpoint) behind the address guard:
 * https only (http to 127.0.0.1 with `allowLocal`), the host name resolved once and every address
 * public, the connection made to those addresses only, redirects not followed, the response's
 * body never read. Never throws: the status, or why it failed and whether a retry could help.
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
  const refused = { ok: false as const, detail: 'refused: a private address', retry: false };
  if (
    addresses.length === 0 ||
    !addresses.every((a) => addressAllowed(a, { allowLocal: options.allowLocal }))
  )
    return refused;
  try {
    const status = await (options.transport ?? pinnedPost)({
      url: verdict.url,
      addresses,
      allowLocal: options.allowLocal,
      headers: { 'user-agent': 'EdgeNotifications/1', ...headers },
      body,
      timeoutMs: WEBHOOK_TIMEOUT_MS,
    });
    return { ok: true, status };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === REFUSED_ADDRESS) return refused;
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
