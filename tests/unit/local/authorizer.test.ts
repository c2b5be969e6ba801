/**
 * The local JWT authorizer's memory of verified tokens: a token that passed is taken again
 * without a new signature check, but only until it expires, and never for longer than the limit;
 * a refused or altered token is checked every time.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createJwtAuthorizer } from '../../../scripts/local/authorizer';

vi.mock('jose', async (original) => {
  const jose = await original<typeof import('jose')>();
  return { ...jose, jwtVerify: vi.fn(jose.jwtVerify) };
});
const signatureChecks = () => vi.mocked(jwtVerify).mock.calls.length;
beforeEach(() => {
  vi.mocked(jwtVerify).mockClear();
});

const CLIENT_ID = 'client-1';
let server: Server;
let issuer: string;
let sign: (payload: JWTPayload) => Promise<string>;

beforeAll(async () => {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/pool-1`;
  sign = (payload) => new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).sign(privateKey);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const T0 = Math.floor(Date.now() / 1000);
const accessToken = (claims: JWTPayload = {}) =>
  sign({
    iss: issuer,
    sub: 'user-1',
    client_id: CLIENT_ID,
    token_use: 'access',
    scope: 'aws.cognito.signin.user.admin',
    iat: T0,
    exp: T0 + 3600,
    ...claims,
  });

function authorizer(rememberMs?: number) {
  let clock = T0 * 1000;
  const authorize = createJwtAuthorizer({
    issuer,
    clientId: CLIENT_ID,
    now: () => clock,
    ...(rememberMs === undefined ? {} : { rememberMs }),
  });
  return { authorize, later: (ms: number) => (clock += ms) };
}

describe('the local JWT authorizer reads the header as API Gateway does', () => {
  it.each([
    ['Bearer <token>', (t: string) => `Bearer ${t}`],
    ['bearer <token>', (t: string) => `bearer ${t}`],
    ['BEARER <token>', (t: string) => `BEARER ${t}`],
    ['the token alone', (t: string) => t],
  ])('takes %s, with the same claims', async (_name, header) => {
    const { authorize } = authorizer(0);
    const token = await accessToken();
    expect((await authorize(header(token)))?.claims).toMatchObject({ sub: 'user-1', token_use: 'access' });
  });

  it.each([undefined, '', 'Bearer ', 'Basic dXNlcjpwYXNz'])('refuses %j', async (header) => {
    const { authorize } = authorizer(0);
    expect(await authorize(header)).toBeNull();
  });
});

describe('the local JWT authorizer remembers verified tokens', () => {
  it('takes a remembered token up to its expiry, and refuses it from then on', async () => {
    const { authorize, later } = authorizer(2 * 3600_000);
    const token = await accessToken();
    const first = await authorize(`Bearer ${token}`);
    expect(first).toEqual({
      claims: expect.objectContaining({ sub: 'user-1', exp: String(T0 + 3600) }),
      scopes: ['aws.cognito.signin.user.admin'],
    });
    later(3600_000 - 1);
    expect(await authorize(`Bearer ${token}`)).toEqual(first);
    expect(signatureChecks()).toBe(1);
    later(1);
    expect(await authorize(`Bearer ${token}`)).toBeNull();
  });

  it('checks the signature again once the limit has passed', async () => {
    const { authorize, later } = authorizer(60_000);
    const token = await accessToken();
    expect(await authorize(`Bearer ${token}`)).not.toBeNull();
    const [header, payload] = token.split('.');
    // Same header and payload, another signature: not the remembered text, so checked, and refused.
    expect(await authorize(`Bearer ${header}.${payload}.${'A'.repeat(342)}`)).toBeNull();
    later(59_999);
    expect(await authorize(`Bearer ${token}`)).not.toBeNull();
    expect(signatureChecks()).toBe(2);
    later(1);
    expect(await authorize(`Bearer ${token}`)).not.toBeNull();
    expect(signatureChecks()).toBe(3);
  });

  it('never remembers a refusal: another client’s token, or an expired one, stays refused', async () => {
    const { authorize } = authorizer();
    const other = await accessToken({ client_id: 'client-2' });
    const expired = await accessToken({ iat: T0 - 7200, exp: T0 - 3600 });
    for (let i = 0; i < 2; i += 1) {
      expect(await authorize(`Bearer ${other}`)).toBeNull();
      expect(await authorize(`Bearer ${expired}`)).toBeNull();
    }
    expect(signatureChecks()).toBe(4);
  });

  it('hands each caller its own copy of the claims', async () => {
    const { authorize } = authorizer();
    const token = await accessToken();
    const first = await authorize(`Bearer ${token}`);
    first!.claims.sub = 'someone-else';
    first!.scopes.push('admin');
    expect(await authorize(`Bearer ${token}`)).toEqual({
      claims: expect.objectContaining({ sub: 'user-1' }),
      scopes: ['aws.cognito.signin.user.admin'],
    });
  });
});
