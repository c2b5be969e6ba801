/**
 * The site gate's cookie, and the check every user route makes when the stage has the gate on.
 * The cookie names a server-side gate session: `<session id>.<expiry epoch s>.<signature>`, signed
 * with the stage's cookie key over the id, the expiry and a tag of the current password hash. So
 * signing out (which deletes the session) ends it at once, and rotating the password or the key
 * ends every session. Without a valid cookie whose session exists, the API answers 403 `site_locked`.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { runtimeEnv, SITE_GATE_COOKIE, SITE_GATE_COOKIE_MAX_AGE_SECONDS } from '@shared/secrets';
import { dynamoDb } from './clients';
import { tableName } from './env';
import { ForbiddenError, ServiceUnavailableError } from './errors';
import { readSecret } from './secrets';

export const siteGateSecretSchema = z.object({
  passwordHash: z.string().regex(/^scrypt\$\d+\$\d+\$\d+\$[^$]+\$[^$]+$/),
  cookieKey: z.string().min(32),
});
export type SiteGateSecret = z.infer<typeof siteGateSecretSchema>;

export const siteGateEnabled = () => process.env[runtimeEnv.siteGateEnabled] === 'true';

/** Secure everywhere but the local http origin, where a browser would drop a Secure cookie. */
export const secureCookies = () => process.env[runtimeEnv.stage] !== 'local';

/**
 * A stage deployed with the gate on but before its operator ran `npm run site-gate-secret` holds
 * the deploy's generated placeholder (or nothing): the site is not open yet, so every gated call
 * answers 503 `service_unavailable` (retry in a minute) instead of failing as a server error.
 * route() logs the cause for the operator.
 */
export class SiteGateNotConfiguredError extends ServiceUnavailableError {
  constructor() {
    super('The site is not open yet; try again later', 60);
    this.cause =
      'the site gate is on but its secret is not a password hash and cookie key (run npm run site-gate-secret)';
  }
}

export async function siteGateSecret(): Promise<SiteGateSecret> {
  const raw = await readSecret('siteGate');
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw ?? '');
  } catch {
    throw new SiteGateNotConfiguredError();
  }
  const secret = siteGateSecretSchema.safeParse(parsed);
  if (!secret.success) throw new SiteGateNotConfiguredError();
  return secret.data;
}

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

/** Gate sessions in their table (the only code that speaks DynamoDB for them). */
export const gateSessions = {
  async exists(id: string): Promise<boolean> {
    const { Item } = await dynamoDb.send(
      new GetCommand({ TableName: tableName('siteGateSessions'), Key: { id }, ConsistentRead: true }),
    );
    // DynamoDB's TTL deletes lazily: an expired item may still be there.
    return Item !== undefined && Number(Item.expires_at) > Date.now() / 1000;
  },
  async create(session: GateSession): Promise<void> {
    await dynamoDb.send(
      new PutCommand({
        TableName: tableName('siteGateSessions'),
        Item: { id: session.id, expires_at: session.expires },
      }),
    );
  },
  async delete(id: string): Promise<void> {
    await dynamoDb.send(new DeleteCommand({ TableName: tableName('siteGateSessions'), Key: { id } }));
  },
};

/** The live gate session a request's cookie names, if any. */
export async function gateSessionOf(
  cookies: readonly string[],
  secret: SiteGateSecret,
): Promise<GateSession | undefined> {
  const session = verifyGateToken(gateTokenFrom(cookies), secret);
  return session && (await gateSessions.exists(session.id)) ? session : undefined;
}

export async function assertSiteGatePassed(cookies: readonly string[]): Promise<void> {
  if (!siteGateEnabled()) return;
  if (!(await gateSessionOf(cookies, await siteGateSecret())))
    throw new ForbiddenError('Enter the site password first', 'site_locked');
}
