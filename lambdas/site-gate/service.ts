/**
 * The site password gate. The password never reaches the client: the secret (./secret) holds a
 * scrypt hash of it and a key that signs the HttpOnly cookie (./cookie) naming a gate session
 * (./repository). Without a valid cookie whose session exists, user routes answer 403 `site_locked`.
 *
 * Secret value (JSON): {"passwordHash": "scrypt$<N>$<r>$<p>$<salt b64>$<hash b64>", "cookieKey": "<b64>"}
 * `npm run site-gate-secret -- <password>` prints one.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { SITE_GATE_DELAY_MS } from '@shared/constants/timings';
import { SITE_GATE_WRONG_PASSWORD } from '@shared/constants/texts';
import type { SiteGateState } from '@shared/site-gate/schemas';
import { AppError, ForbiddenError } from '../common/errors';
import type { RateLimit, RateLimiter } from '../common/rate-limit';
import {
  clearedGateCookie,
  gateCookie,
  gateTokenFrom,
  issueGateToken,
  verifyGateToken,
  type GateSession,
} from './cookie';
import type { GateSessionsRepo } from './repository';
import { secureCookies, siteGateEnabled, siteGateSecret, type SiteGateSecret } from './secret';

const scrypt = (password: string, salt: Buffer, length: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCallback(password, salt, length, options, (error, key) => (error ? reject(error) : resolve(key))),
  );

const KEY_LENGTH = 32;
const COST = { N: 16384, r: 8, p: 1 };

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, KEY_LENGTH, COST);
  return `scrypt$${COST.N}$${COST.r}$${COST.p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export async function newSiteGateSecret(password: string): Promise<SiteGateSecret> {
  return { passwordHash: await hashPassword(password), cookieKey: randomBytes(32).toString('base64') };
}

export async function passwordMatches(password: string, passwordHash: string): Promise<boolean> {
  const [, n, r, p, salt, expected] = passwordHash.split('$');
  const expectedBytes = Buffer.from(expected ?? '', 'base64');
  const actual = await scrypt(password, Buffer.from(salt ?? '', 'base64'), expectedBytes.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expectedBytes.length && timingSafeEqual(actual, expectedBytes);
}

/** Password guesses allowed per viewer address and window. */
export const GATE_ATTEMPTS: RateLimit = { limit: 10, windowSeconds: 15 * 60 };

const OPEN: SiteGateState = { required: false, unlocked: true };

/** The live gate session a request's cookie names, if any. */
async function gateSessionOf(
  sessions: GateSessionsRepo,
  cookies: readonly string[],
  secret: SiteGateSecret,
): Promise<GateSession | undefined> {
  const session = verifyGateToken(gateTokenFrom(cookies), secret);
  return session && (await sessions.exists(session.id)) ? session : undefined;
}

/** The check every user route makes on a stage with the gate on: 403 `site_locked` without a live session. */
export async function assertGatePassed(
  sessions: GateSessionsRepo,
  cookies: readonly string[],
): Promise<void> {
  if (!(await gateSessionOf(sessions, cookies, await siteGateSecret())))
    throw new ForbiddenError('Enter the site password first', 'site_locked');
}

export async function gateState(
  sessions: GateSessionsRepo,
  cookies: readonly string[],
): Promise<SiteGateState> {
  if (!siteGateEnabled()) return OPEN;
  return {
    required: true,
    unlocked: (await gateSessionOf(sessions, cookies, await siteGateSecret())) !== undefined,
  };
}

/**
 * Checks a password: rate-limited per viewer, always taking the spec's 0.5 s (right or wrong, so
 * timing tells nothing); right, it opens a gate session and answers the cookie naming it.
 */
export async function unlockGate(
  sessions: GateSessionsRepo,
  limiter: RateLimiter,
  viewer: string,
  password: string,
): Promise<{ state: SiteGateState; cookie?: string }> {
  if (!siteGateEnabled()) return { state: OPEN };
  await limiter.hit(`site-gate#${viewer}`, GATE_ATTEMPTS);
  const secret = await siteGateSecret();
  const [matches] = await Promise.all([
    passwordMatches(password, secret.passwordHash),
    sleep(SITE_GATE_DELAY_MS),
  ]);
  if (!matches) throw new AppError('invalid_password', SITE_GATE_WRONG_PASSWORD);
  const { token, session } = issueGateToken(secret);
  await sessions.create(session);
  return { state: { required: true, unlocked: true }, cookie: gateCookie(token, secureCookies()) };
}

/** Sign-out: the session the cookie names ends on the server, and the cookie is cleared. */
export async function lockGate(sessions: GateSessionsRepo, cookies: readonly string[]): Promise<string> {
  if (siteGateEnabled()) {
    const session = await gateSessionOf(sessions, cookies, await siteGateSecret());
    if (session) await sessions.delete(session.id);
  }
  return clearedGateCookie(secureCookies());
}
