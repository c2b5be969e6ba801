/**
 * Every `user` route of the route table against every kind of bad credential, generated from the
 * table: a route added later is covered with no new test code. API Gateway (the local authorizer
 * and scope check standing in for it) refuses the forged, expired, foreign and ID tokens before any
 * handler runs: 401, or 403 for an ID token (it lacks the scope user routes require). A signed-out
 * or deleted user's token passes API Gateway (its signature is good) and is refused by the
 * handler's session check with the envelope's 401. Never a 5xx.
 */
import { createPublicKey } from 'node:crypto';
import { decodeJwt, generateKeyPair, importJWK, SignJWT, type JWTPayload } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPath, routes, type RouteDefinition } from '@shared/routes';
import { AdminDeleteUserCommand, GlobalSignOutCommand } from '@aws-sdk/client-cognito-identity-provider';
import { api, cognitoClient, createUser, stack, type TestUser } from '../helpers/local-stack';
import { cognitoLocalPrivateJwk } from '../../scripts/local/cognito-local-adapter';

/** The key cognito-local signs with: a token signed with it is one the local pool could issue. */
const poolKey = cognitoLocalPrivateJwk();

const userRoutes = (routes as readonly RouteDefinition[]).filter((route) => route.auth === 'user');

/** The route's URL with every path parameter filled. */
const urlOf = (route: RouteDefinition) =>
  apiPath(
    route.id as Parameters<typeof apiPath>[0],
    Object.fromEntries([...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name!, 'some-id'])),
  );

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('authorization matrix: every user route × every bad credential', () => {
  let user: TestUser;
  let claims: JWTPayload;
  /** `gateway`: API Gateway's own `{message}`; `handler`: the contract's envelope (the session check). */
  const cases: {
    name: string;
    token: () => Promise<string | undefined>;
    status: number;
    by?: 'gateway' | 'handler';
    /** How the Authorization header carries the token (API Gateway takes all three). */
    scheme?: 'Bearer' | 'bearer' | 'bare';
  }[] = [];

  beforeAll(async () => {
    user = await createUser('matrix');
    claims = decodeJwt(user.accessToken);
    const now = Math.floor(Date.now() / 1000);
    const poolSigned = async (payload: JWTPayload) =>
      new SignJWT(payload)
        .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
        .sign(await importJWK(poolKey, 'RS256'));
    const { privateKey } = await generateKeyPair('RS256');
    const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = poolKey;
    const publicPem = createPublicKey({ key: publicJwk, format: 'jwk' }).export({
      type: 'spki',
      format: 'pem',
    });
    const [header, , signature] = user.accessToken.split('.');

    cases.push(
      { name: 'no token', token: async () => undefined, status: 401 },
      { name: 'garbage', token: async () => 'not-a-jwt', status: 401 },
      {
        name: 'a tampered payload',
        token: async () => `${header}.${b64({ ...claims, sub: 'someone-else' })}.${signature}`,
        status: 401,
      },
      {
        name: 'another key with the same kid',
        token: () =>
          new SignJWT({ ...claims })
            .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
            .sign(privateKey),
        status: 401,
      },
      {
        name: 'alg none',
        token: async () => `${b64({ alg: 'none', kid: 'CognitoLocal' })}.${b64(claims)}.`,
        status: 401,
      },
      {
        name: 'HS256 signed with the public key',
        token: () =>
          new SignJWT({ ...claims })
            .setProtectedHeader({ alg: 'HS256', kid: 'CognitoLocal' })
            .sign(new TextEncoder().encode(String(publicPem))),
        status: 401,
      },
      {
        name: 'expired',
        token: () => poolSigned({ ...claims, iat: now - 7200, exp: now - 3600 }),
        status: 401,
      },
      {
        name: "another client's",
        token: () => poolSigned({ ...claims, client_id: 'another-client' }),
        status: 401,
      },
      {
        name: "another issuer's",
        token: () => poolSigned({ ...claims, iss: `${stack.cognitoEndpoint}/local_other` }),
        status: 401,
      },
      { name: 'an ID token', token: async () => user.idToken, status: 403 },
    );

    // Valid signatures, dead sessions: only Cognito knows, so the handler asks it.
    const signedOut = await createUser('matrix-signed-out');
    await cognitoClient().send(new GlobalSignOutCommand({ AccessToken: signedOut.accessToken }));
    const deleted = await createUser('matrix-deleted');
    await cognitoClient().send(
      new AdminDeleteUserCommand({
        UserPoolId: stack.userPoolId,
        Username: String(decodeJwt(deleted.accessToken).sub),
      }),
    );
    cases.push(
      {
        name: "a signed-out user's token",
        token: async () => signedOut.accessToken,
        status: 401,
        by: 'handler',
      },
      { name: "a deleted user's token", token: async () => deleted.accessToken, status: 401, by: 'handler' },
    );

    // Ended through the API (its revocation), each token sent with every scheme API Gateway takes.
    const apiSignedOut = await createUser('matrix-api-signed-out');
    const apiDeleted = await createUser('matrix-api-deleted');
    expect(
      (await api(apiPath('signOutEverywhere'), { method: 'POST', token: apiSignedOut.accessToken })).status,
    ).toBe(204);
    expect(
      (await api(apiPath('deleteAccount'), { method: 'DELETE', token: apiDeleted.accessToken })).status,
    ).toBe(204);
    for (const scheme of ['Bearer', 'bearer', 'bare'] as const) {
      const sent = scheme === 'bare' ? 'no scheme' : `"${scheme} "`;
      cases.push(
        {
          name: `a token of a user signed out everywhere through the API, ${sent}`,
          token: async () => apiSignedOut.accessToken,
          status: 401,
          by: 'handler',
          scheme,
        },
        {
          name: `a token of an account deleted through the API, ${sent}`,
          token: async () => apiDeleted.accessToken,
          status: 401,
          by: 'handler',
          scheme,
        },
      );
    }
    for (const scheme of ['bearer', 'bare'] as const)
      cases.push(
        {
          name: `a signed-out user's token, ${scheme === 'bare' ? 'no scheme' : '"bearer "'}`,
          token: async () => signedOut.accessToken,
          status: 401,
          by: 'handler',
          scheme,
        },
        {
          name: `a deleted user's token, ${scheme === 'bare' ? 'no scheme' : '"bearer "'}`,
          token: async () => deleted.accessToken,
          status: 401,
          by: 'handler',
          scheme,
        },
      );
  });

  it(`refuses ${userRoutes.length} user routes × 22 credentials, with 401 (403 for an ID token), never a 5xx`, async () => {
    expect(cases).toHaveLength(22);
    const failures: string[] = [];
    // Each route's credentials at once (as many requests in flight as a busy page makes).
    for (const route of userRoutes) {
      await Promise.all(
        cases.map(async ({ name, token, status, by = 'gateway', scheme = 'Bearer' }) => {
          const sent = await token();
          const response = await api(urlOf(route), {
            method: route.method,
            ...(sent === undefined
              ? {}
              : { headers: { authorization: scheme === 'bare' ? sent : `${scheme} ${sent}` } }),
            ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: {} }),
          });
          const gatewayBody = { message: status === 401 ? 'Unauthorized' : 'Forbidden' };
          const matches =
            by === 'handler'
              ? (response.json as { error?: { code?: string } } | undefined)?.error?.code === 'unauthorized'
              : JSON.stringify(response.json) === JSON.stringify(gatewayBody);
          if (response.status !== status || !matches)
            failures.push(`${route.method} ${route.path} with ${name}: ${response.status} ${response.text}`);
        }),
      );
    }
    expect(failures).toEqual([]);
  }, 60_000); // 880 requests: past 15 s on a loaded machine, beside the runtime's minute jobs

  it('answers every route that takes an id, given one the caller does not own, with 400 or 404: never 2xx or 5xx', async () => {
    const withIds = userRoutes.filter((route) => route.path.includes('{'));
    const failures: string[] = [];
    for (const route of withIds) {
      const response = await api(urlOf(route), {
        method: route.method,
        token: user.accessToken,
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: {} }),
      });
      // A body the route refuses is a 400 before the id is looked up; either way nothing leaks.
      if (![400, 404].includes(response.status))
        failures.push(`${route.method} ${route.path}: ${response.status}`);
    }
    expect(failures).toEqual([]);
  });
});
