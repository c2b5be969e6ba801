/** The site gate's password hashing, signed cookie, and the check user routes make. */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SITE_GATE_COOKIE_MAX_AGE_SECONDS } from '@shared/secrets';
import { ok, route } from '../../../lambdas/common/http';
import { clearSecretCache } from '../../../lambdas/common/secrets';
import { gateCookie, gateTokenFrom, gateTokenValid, issueGateToken } from '../../../lambdas/common/site-gate';
import { hashPassword, newSiteGateSecret, passwordMatches } from '../../../lambdas/site-gate/service';
import { apiEvent, parseBody } from '../../helpers/api-events';

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
  const key = Buffer.alloc(32, 7).toString('base64');
  const now = new Date('2026-11-21T10:00:00Z');

  it('is valid with its key until it expires', () => {
    const token = issueGateToken(key, now);
    expect(gateTokenValid(token, key, now)).toBe(true);
    const justBefore = new Date(now.getTime() + (SITE_GATE_COOKIE_MAX_AGE_SECONDS - 1) * 1000);
    expect(gateTokenValid(token, key, justBefore)).toBe(true);
    const after = new Date(now.getTime() + SITE_GATE_COOKIE_MAX_AGE_SECONDS * 1000);
    expect(gateTokenValid(token, key, after)).toBe(false);
  });

  it('is refused with another key, a changed expiry, or garbage', () => {
    const token = issueGateToken(key, now);
    expect(gateTokenValid(token, Buffer.alloc(32, 8).toString('base64'), now)).toBe(false);
    const [expires, signature] = token.split('.');
    expect(gateTokenValid(`${Number(expires) + 1}.${signature}`, key, now)).toBe(false);
    for (const bad of [undefined, '', 'x', '123.', '.abc', 'abc.def'])
      expect(gateTokenValid(bad, key, now)).toBe(false);
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
  let cookieKey: string;
  beforeAll(async () => {
    const secret = await newSiteGateSecret('pw');
    cookieKey = secret.cookieKey;
    vi.stubEnv('SITE_GATE_ENABLED', 'true');
    vi.stubEnv('SITE_GATE_SECRET', JSON.stringify(secret));
    clearSecretCache();
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  });
  afterEach(() => clearSecretCache());

  const handler = route('getProfile', {}, async () => ok({ reached: true }));

  it('answers 403 site_locked without the cookie, and never runs the service', async () => {
    const result = await handler(apiEvent({ sub: 'u' }));
    expect(result.statusCode).toBe(403);
    expect(parseBody(result)).toMatchObject({ error: { code: 'site_locked' } });
  });

  it('lets a caller with a valid cookie through', async () => {
    const event = { ...apiEvent({ sub: 'u' }), cookies: [`site_gate=${issueGateToken(cookieKey)}`] };
    const result = await handler(event);
    expect(result.statusCode).toBe(200);
  });

  it('still answers 401 first when there is no caller', async () => {
    expect((await handler(apiEvent({}))).statusCode).toBe(401);
  });
});
