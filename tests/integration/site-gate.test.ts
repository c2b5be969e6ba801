/**
 * The site gate of a stage that has it on (SITE_PASSWORD): the password is checked on the
 * server, a signed HttpOnly cookie proves it, user routes refuse callers without it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appConfigSchema } from '@shared/config/app-config';
import { SITE_GATE_WRONG_PASSWORD } from '@shared/constants/texts';
import { requestFrom } from '../helpers/request-from';
import { signInDemo, startUntilReady, type StartedProcess } from '../helpers/start-process';

const PASSWORD = 'open sesame 42';
let server: StartedProcess;
let dataDir: string;
let token: string;

/** A request from `from` (a loopback address: each test its own viewer). */
async function call(
  path: string,
  init: {
    method?: string;
    body?: unknown;
    cookie?: string;
    from?: string;
    headers?: Record<string, string>;
  } = {},
) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, ...init.headers };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.cookie) headers.cookie = init.cookie;
  const response = await requestFrom(init.from ?? '127.0.0.1', `${server.url}${path}`, {
    method: init.method,
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const setCookie = response.headers['set-cookie'];
  return {
    status: response.status,
    setCookie: setCookie === undefined ? null : ([] as string[]).concat(setCookie).join(', '),
    retryAfter: response.headers['retry-after'],
    json: response.json,
  };
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'edge-gate-'));
  server = await startUntilReady({ PORT: '0', DATA_DIR: dataDir, SITE_PASSWORD: PASSWORD });
  const config = appConfigSchema.parse(await (await fetch(`${server.url}/config.json`)).json());
  expect(config.features.siteGate).toBe(true);
  token = await signInDemo(server);
}, 60_000);

afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

describe('site gate', () => {
  it('refuses user routes with 403 site_locked before the gate is passed, even with a valid token', async () => {
    expect(await call('/api/site-gate')).toMatchObject({
      status: 200,
      json: { required: true, unlocked: false },
    });
    const refused = await call('/api/profile');
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ error: { code: 'site_locked' } });
    expect((await call('/api/health')).status).toBe(200);
  });

  it('refuses a wrong password with the spec message after the server-side delay, and sets no cookie', async () => {
    const started = performance.now();
    const wrong = await call('/api/site-gate', {
      method: 'POST',
      body: { password: 'guess' },
      from: '127.0.2.1',
    });
    expect(performance.now() - started).toBeGreaterThanOrEqual(450);
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({ error: { code: 'invalid_password', message: SITE_GATE_WRONG_PASSWORD } });
    expect(wrong.setCookie).toBeNull();
  });

  it('sets an HttpOnly SameSite=Strict signed cookie for the right password, which opens user routes', async () => {
    const right = await call('/api/site-gate', {
      method: 'POST',
      body: { password: PASSWORD },
      from: '127.0.2.2',
    });
    expect(right.status).toBe(200);
    expect(right.setCookie).toMatch(
      /^site_gate=[\w-]{22}\.\d{10}\.[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=\d+$/,
    );
    const cookie = right.setCookie!.split(';')[0]!;

    expect(await call('/api/site-gate', { cookie })).toMatchObject({
      json: { required: true, unlocked: true },
    });
    expect((await call('/api/profile', { cookie })).status).toBe(200);

    const [name, value] = cookie.split('=');
    const [id, expires, signature] = value!.split('.');
    const forged = `${name}=${id}.${Number(expires) + 86_400}.${signature}`;
    expect((await call('/api/profile', { cookie: forged })).status).toBe(403);
    expect((await call('/api/profile', { cookie: `${name}=${id}.${expires}.AAAA` })).status).toBe(403);
    expect((await call('/api/profile', { cookie: `${cookie}.extra` })).status).toBe(403);
  });

  it('clears the cookie on lock (sign-out), and the old cookie no longer opens anything', async () => {
    const right = await call('/api/site-gate', {
      method: 'POST',
      body: { password: PASSWORD },
      from: '127.0.2.3',
    });
    const cookie = right.setCookie!.split(';')[0]!;
    expect((await call('/api/profile', { cookie })).status).toBe(200);

    const locked = await call('/api/site-gate', { method: 'DELETE', cookie });
    expect(locked.status).toBe(204);
    expect(locked.setCookie).toMatch(/^site_gate=; Path=\/; HttpOnly; SameSite=Strict; Max-Age=0$/);

    // A copy of the cookie kept from before the sign-out is worth nothing now.
    expect((await call('/api/profile', { cookie })).status).toBe(403);
    expect(await call('/api/site-gate', { cookie })).toMatchObject({
      json: { required: true, unlocked: false },
    });
  });

  it('limits password guesses per viewer: the 11th in 15 minutes gets 429 with Retry-After', async () => {
    const from = '127.0.2.77';
    const attempts = await Promise.all(
      Array.from({ length: 10 }, () =>
        call('/api/site-gate', { method: 'POST', body: { password: 'nope' }, from }),
      ),
    );
    expect(attempts.map((a) => a.status)).toEqual(Array(10).fill(401));
    const eleventh = await call('/api/site-gate', { method: 'POST', body: { password: PASSWORD }, from });
    expect(eleventh.status).toBe(429);
    expect(Number(eleventh.retryAfter)).toBeGreaterThan(0);
    expect(eleventh.setCookie).toBeNull();

    // Naming another viewer in the header changes nothing: the address is the connection's.
    for (let guess = 1; guess <= 15; guess += 1) {
      const spoofed = await call('/api/site-gate', {
        method: 'POST',
        body: { password: PASSWORD },
        from,
        headers: { 'cloudfront-viewer-address': `198.51.100.${guess}:5000`, 'x-origin-verify': 'guess' },
      });
      expect(spoofed.status).toBe(429);
      expect(spoofed.setCookie).toBeNull();
    }
    // Another viewer still gets in.
    expect(
      (await call('/api/site-gate', { method: 'POST', body: { password: PASSWORD }, from: '127.0.2.78' }))
        .status,
    ).toBe(200);
  });
});
