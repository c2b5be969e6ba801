/** The site gate's password hashing, its session cookie, and the check user routes make. */
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SITE_GATE_COOKIE_MAX_AGE_SECONDS } from '@shared/secrets';
import { ok, route } from '../../../lambdas/common/http';
import { clearSecretCache } from '../../../lambdas/common/secrets';
import {
  gateCookie,
  gateTokenFrom,
  issueGateToken,
  verifyGateToken,
} from '../../../lambdas/site-gate/cookie';
import type { SiteGateSecret } from '../../../lambdas/site-gate/secret';
import { hashPassword, newSiteGateSecret, passwordMatches } from '../../../lambdas/site-gate/service';
import { liveSessions, REVOCATIONS_TABLE } from '../../helpers/live-session';
import { apiEvent, parseBody } from '../../helpers/api-events';

const dynamo = mockClient(DynamoDBDocumentClient);
const cognito = mockClient(CognitoIdentityProviderClient);

describe('site gate password', () => {
  it('matches only the password it was made from, and never stores it', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).not.toContain('correct');
    expect(await passwordMatches('correct horse', hash)).toBe(true);
    expect(await passwordMatches('correct horse ', hash)).toBe(false);
    expect(await hashPassword('correct horse')).not.toBe(hash); // salted
  });
});

describe('site gate cookie', () => {
  let secret: SiteGateSecret;
  const now = new Date('2026-11-21T10:00:00Z');
  beforeAll(async () => {
    secret = await newSiteGateSecret('pw');
  });

  it('names a session, and is valid with its key until it expires', () => {
    const { token, session } = issueGateToken(secret, now);
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}\.\d{10}\.[A-Za-z0-9_-]{43}$/);
    expect(verifyGateToken(token, secret, now)).toEqual(session);
    const justBefore = new Date(now.getTime() + (SITE_GATE_COOKIE_MAX_AGE_SECONDS - 1) * 1000);
    expect(verifyGateToken(token, secret, justBefore)).toEqual(session);
    const after = new Date(now.getTime() + SITE_GATE_COOKIE_MAX_AGE_SECONDS * 1000);
    expect(verifyGateToken(token, secret, after)).toBeUndefined();
  });

  it('is refused with another key, after the password changes, with a changed part, or an extra segment', async () => {
    const { token } = issueGateToken(secret, now);
    const otherKey = { ...secret, cookieKey: Buffer.alloc(32, 8).toString('base64') };
    expect(verifyGateToken(token, otherKey, now)).toBeUndefined();
    const newPassword = { ...secret, passwordHash: await hashPassword('another') };
    expect(verifyGateToken(token, newPassword, now)).toBeUndefined();
    const [id, expires, signature] = token.split('.');
    expect(verifyGateToken(`${id}.${Number(expires) + 1}.${signature}`, secret, now)).toBeUndefined();
    expect(verifyGateToken(`${'A'.repeat(22)}.${expires}.${signature}`, secret, now)).toBeUndefined();
    expect(verifyGateToken(`${token}.extra`, secret, now)).toBeUndefined();
    expect(verifyGateToken(`x.${token}`, secret, now)).toBeUndefined();
    for (const bad of [undefined, '', 'x', '123.', '.abc', 'abc.def', `${expires}.${signature}`])
      expect(verifyGateToken(bad, secret, now)).toBeUndefined();
  });

  it('is HttpOnly and SameSite=Strict, Secure where asked, and read back from API Gateway cookies', () => {
    expect(gateCookie('t', true)).toBe(
      `site_gate=t; Path=/; HttpOnly; SameSite=Strict; Max-Age=${SITE_GATE_COOKIE_MAX_AGE_SECONDS}; Secure`,
    );
    expect(gateCookie('t', false)).not.toContain('Secure');
    expect(gateTokenFrom(['theme=dark', 'site_gate=abc.def'])).toBe('abc.def');
    expect(gateTokenFrom(['site_gatex=1'])).toBeUndefined();
  });
});

describe('user routes behind the gate', () => {
  let secret: SiteGateSecret;
  beforeAll(async () => {
    secret = await newSiteGateSecret('pw');
    vi.stubEnv('SITE_GATE_ENABLED', 'true');
    vi.stubEnv('SITE_GATE_SECRET', JSON.stringify(secret));
    vi.stubEnv('TABLE_SITE_GATE_SESSIONS', 'gate-sessions-test');
    clearSecretCache();
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  });
  beforeEach(() => {
    dynamo.reset();
    cognito.reset();
    liveSessions(dynamo, cognito);
  });
  afterEach(() => clearSecretCache());

  const handler = route('getProfile', {}, async () => ok({ reached: true }));
  const withCookie = (token: string) => ({ ...apiEvent({ sub: 'u' }), cookies: [`site_gate=${token}`] });

  it('answers 403 site_locked without the cookie, and never runs the service', async () => {
    const result = await handler(apiEvent({ sub: 'u' }));
    expect(result.statusCode).toBe(403);
    expect(parseBody(result)).toMatchObject({ error: { code: 'site_locked' } });
  });

  it('lets a caller through whose cookie names a live session', async () => {
    const { token, session } = issueGateToken(secret);
    dynamo
      .on(GetCommand, { TableName: 'gate-sessions-test', Key: { id: session.id } })
      .resolves({ Item: { id: session.id, expires_at: session.expires } });
    expect((await handler(withCookie(token))).statusCode).toBe(200);
  });

  it('refuses a validly signed cookie whose session was ended (signed out)', async () => {
    const { token } = issueGateToken(secret);
    dynamo.on(GetCommand, { TableName: 'gate-sessions-test' }).resolves({});
    const result = await handler(withCookie(token));
    expect(result.statusCode).toBe(403);
  });

  it('still answers 401 first when there is no caller', async () => {
    expect((await handler(apiEvent({}))).statusCode).toBe(401);
  });
});

describe('a stage whose gate secret was never set', () => {
  beforeEach(() => {
    dynamo.reset();
    cognito.reset();
    liveSessions(dynamo, cognito);
    vi.stubEnv('SITE_GATE_ENABLED', 'true');
    vi.stubEnv('TABLE_SITE_GATE_SESSIONS', 'gate-sessions-test');
    clearSecretCache();
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    clearSecretCache();
  });

  const handler = route('getProfile', {}, async () => ok({ reached: true }));

  // The deploy leaves a generated placeholder in the secret until `npm run site-gate-secret` runs.
  for (const [what, value] of [
    ['the deploy placeholder', 'x7Rk2pQ9vLmN3sT8wY1zA4bC6dE0fG5h'],
    ['JSON of another shape', JSON.stringify({ password: 'pw' })],
    ['an empty value', ''],
  ] as const) {
    it(`answers 503 service_unavailable with Retry-After, not a 500, when it holds ${what}`, async () => {
      vi.stubEnv('SITE_GATE_SECRET', value);
      const result = await handler({ ...apiEvent({ sub: 'u' }), cookies: ['site_gate=abc'] });
      expect(result.statusCode).toBe(503);
      expect(result.headers?.['retry-after']).toBe('60');
      expect(parseBody(result)).toMatchObject({ error: { code: 'service_unavailable' } });
      // No gate session is read: only the session check's read of the caller's revocation.
      const tablesTouched = dynamo
        .calls()
        .map((call) => (call.args[0].input as { TableName?: string }).TableName);
      expect(tablesTouched).toEqual([REVOCATIONS_TABLE]);
    });
  }
});
