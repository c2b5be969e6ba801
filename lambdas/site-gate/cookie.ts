/**
 * The site gate's cookie: `<session id>.<expiry epoch s>.<signature>`, signed with the stage's
 * cookie key over the id, the expiry and a tag of the current password hash. So rotating the
 * password or the key ends every session; the session itself lives in its table (./repository),
 * so signing out ends it at once.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SITE_GATE_COOKIE, SITE_GATE_COOKIE_MAX_AGE_SECONDS } from '@shared/secrets';
import type { SiteGateSecret } from './secret';

/** Exactly: 22 base64url characters, 10 digits, 43 base64url characters. */
const TOKEN_FORMAT = /^([A-Za-z0-9_-]{22})\.(\d{10})\.([A-Za-z0-9_-]{43})$/;

const passwordTag = (passwordHash: string) => createHash('sha256').update(passwordHash).digest('base64url');

const sign = (payload: string, secret: SiteGateSecret) =>
  createHmac('sha256', Buffer.from(secret.cookieKey, 'base64'))
    .update(`${payload}.${passwordTag(secret.passwordHash)}`)
    .digest('base64url');

export interface GateSession {
  id: string;
  /** Epoch seconds. */
  expires: number;
}

/** A new session and the token naming it. */
export function issueGateToken(
  secret: SiteGateSecret,
  now = new Date(),
): { token: string; session: GateSession } {
  const session = {
    id: randomBytes(16).toString('base64url'),
    expires: Math.floor(now.getTime() / 1000) + SITE_GATE_COOKIE_MAX_AGE_SECONDS,
  };
  const payload = `${session.id}.${session.expires}`;
  return { token: `${payload}.${sign(payload, secret)}`, session };
}

/** The session a token names, if the token is well-formed, signed with this secret and unexpired. */
export function verifyGateToken(
  token: string | undefined,
  secret: SiteGateSecret,
  now = new Date(),
): GateSession | undefined {
  const match = TOKEN_FORMAT.exec(token ?? '');
  if (!match) return undefined;
  const [, id, expires, signature] = match as unknown as [string, string, string, string];
  const expected = Buffer.from(sign(`${id}.${expires}`, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  if (Number(expires) <= Math.floor(now.getTime() / 1000)) return undefined;
  return { id, expires: Number(expires) };
}

/** The token in a request's cookies (API Gateway v2 passes them as `name=value` strings). */
export function gateTokenFrom(cookies: readonly string[]): string | undefined {
  const prefix = `${SITE_GATE_COOKIE}=`;
  return cookies.find((cookie) => cookie.startsWith(prefix))?.slice(prefix.length);
}

export function gateCookie(token: string, secure: boolean): string {
  return [
    `${SITE_GATE_COOKIE}=${token}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Strict',
    `Max-Age=${SITE_GATE_COOKIE_MAX_AGE_SECONDS}`,
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

export function clearedGateCookie(secure: boolean): string {
  return [
    `${SITE_GATE_COOKIE}=`,
    'Path=/',
    'HttpOnly',
    'SameSite=Strict',
    'Max-Age=0',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
