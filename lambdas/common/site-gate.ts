/**
 * The site gate's cookie, and the check every user route makes when the stage has the gate on:
 * without a validly signed, unexpired gate cookie the API answers 403 `site_locked`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { runtimeEnv, SITE_GATE_COOKIE, SITE_GATE_COOKIE_MAX_AGE_SECONDS } from '@shared/secrets';
import { ForbiddenError } from './errors';
import { readSecret } from './secrets';

export const siteGateSecretSchema = z.object({
  passwordHash: z.string().regex(/^scrypt\$\d+\$\d+\$\d+\$[^$]+\$[^$]+$/),
  cookieKey: z.string().min(32),
});
export type SiteGateSecret = z.infer<typeof siteGateSecretSchema>;

export const siteGateEnabled = () => process.env[runtimeEnv.siteGateEnabled] === 'true';

/** Secure everywhere but the local http origin, where a browser would drop a Secure cookie. */
export const secureCookies = () => process.env[runtimeEnv.stage] !== 'local';

export async function siteGateSecret(): Promise<SiteGateSecret> {
  const raw = await readSecret('siteGate');
  if (!raw) throw new Error('The site gate is on but its secret has no value');
  return siteGateSecretSchema.parse(JSON.parse(raw));
}

const sign = (payload: string, key: string) =>
  createHmac('sha256', Buffer.from(key, 'base64')).update(payload).digest('base64url');

/** `<expiry epoch s>.<signature>`: valid until expiry, and only with the stage's key. */
export function issueGateToken(cookieKey: string, now = new Date()): string {
  const expires = String(Math.floor(now.getTime() / 1000) + SITE_GATE_COOKIE_MAX_AGE_SECONDS);
  return `${expires}.${sign(expires, cookieKey)}`;
}

export function gateTokenValid(token: string | undefined, cookieKey: string, now = new Date()): boolean {
  if (!token) return false;
  const [expires, signature] = token.split('.');
  if (!expires || !signature || !/^\d+$/.test(expires)) return false;
  const expected = Buffer.from(sign(expires, cookieKey));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  return Number(expires) > Math.floor(now.getTime() / 1000);
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

export async function assertSiteGatePassed(cookies: readonly string[]): Promise<void> {
  if (!siteGateEnabled()) return;
  const { cookieKey } = await siteGateSecret();
  if (!gateTokenValid(gateTokenFrom(cookies), cookieKey)) {
    throw new ForbiddenError('Enter the site password first', 'site_locked');
  }
}
