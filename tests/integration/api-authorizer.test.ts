/**
 * The local authorizer refuses every token API Gateway's JWT authorizer would: none, forged,
 * expired, another client's, another issuer's (401), and an ID token, which lacks the scope every
 * user route requires (403). Refused requests change nothing.
 */
import { generateKeyPair, decodeJwt, importJWK, SignJWT, type JWTPayload } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, createUser, documentClient, stack, type TestUser } from '../helpers/local-stack';
import { cognitoLocalPrivateJwk } from '../../scripts/local/cognito-local-adapter';
import { GetCommand } from '@aws-sdk/lib-dynamodb';

/** The key cognito-local signs with: a token signed with it is one the local pool could issue. */
const poolKey = cognitoLocalPrivateJwk();

async function signWithPoolKey(payload: JWTPayload) {
  const key = await importJWK(poolKey, 'RS256');
  return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' }).sign(key);
}

describe('the local JWT authorizer', () => {
  let user: TestUser;
  let claims: JWTPayload;

  beforeAll(async () => {
    user = await createUser('authz');
    claims = decodeJwt(user.accessToken);
  });

  const expectRefused = async (token: string | undefined) => {
    const response = await api('/api/profile', { token, method: 'PATCH', body: { full_name: 'Intruder' } });
    expect(response.status).toBe(401);
    expect(response.json).toEqual({ message: 'Unauthorized' });
    const stored = await documentClient().send(
      new GetCommand({ TableName: 'profiles', Key: { id: claims.sub } }),
    );
    expect(stored.Item?.full_name ?? null).not.toBe('Intruder');
  };

  it('lets a public route through without a token', async () => {
    const response = await api('/api/health');
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ status: 'ok' });
  });

  it('accepts the pool access token', async () => {
    const response = await api('/api/profile', { token: user.accessToken });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ id: claims.sub, email: user.email });
  });

  it('refuses a request with no token', () => expectRefused(undefined));

  it('refuses a token whose signature was tampered with', async () => {
    const [header, , signature] = user.accessToken.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString(
      'base64url',
    );
    await expectRefused(`${header}.${forgedPayload}.${signature}`);
  });

  it('refuses a token signed by another key with the same key id', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const token = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
      .sign(privateKey);
    await expectRefused(token);
  });

  it('refuses an expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    await expectRefused(await signWithPoolKey({ ...claims, iat: now - 7200, exp: now - 3600 }));
  });

  it('refuses an ID token: the route requires the access-token scope, as in AWS (403 Forbidden)', async () => {
    const response = await api('/api/profile', {
      token: user.idToken,
      method: 'PATCH',
      body: { full_name: 'Intruder' },
    });
    expect(response.status).toBe(403);
    expect(response.json).toEqual({ message: 'Forbidden' });
    const stored = await documentClient().send(
      new GetCommand({ TableName: 'profiles', Key: { id: claims.sub } }),
    );
    expect(stored.Item?.full_name ?? null).not.toBe('Intruder');
  });

  it('refuses a token issued to another app client', async () => {
    await expectRefused(await signWithPoolKey({ ...claims, client_id: 'another-client' }));
  });

  it('refuses a token from another issuer', async () => {
    await expectRefused(await signWithPoolKey({ ...claims, iss: `${stack.cognitoEndpoint}/local_other` }));
  });

  it('answers an unknown API path as API Gateway does', async () => {
    const response = await api('/api/no-such-route', { token: user.accessToken });
    expect(response.status).toBe(404);
  });
});
