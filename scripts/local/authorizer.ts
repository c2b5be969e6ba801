/**
 * The local stand-in for API Gateway's JWT authorizer, checking what it checks and no more: the
 * bearer token's RS256 signature against the pool's JWKS, its issuer and expiry, and that its
 * `aud` or `client_id` is the app client. (Like API Gateway it would take an ID token here; the
 * route's required scope, checked by the API server, and the handler's `token_use` check refuse
 * it, as they do in AWS.) Claims are handed to the handler as API Gateway does (strings).
 */
import { createRemoteJWKSet, jwtVerify } from 'jose';

export interface AuthorizerOptions {
  issuer: string;
  clientId: string;
}

export type Authorizer = (
  authorization: string | undefined,
) => Promise<{ claims: Record<string, string>; scopes: string[] } | null>;

export function createJwtAuthorizer({ issuer, clientId }: AuthorizerOptions): Authorizer {
  const jwks = createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`));
  return async (authorization) => {
    const match = /^Bearer (\S+)$/i.exec(authorization ?? '');
    if (!match) return null;
    try {
      const { payload } = await jwtVerify(match[1]!, jwks, { issuer, algorithms: ['RS256'] });
      const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
      if (payload.client_id !== clientId && !audiences.includes(clientId)) return null;
      const claims = Object.fromEntries(
        Object.entries(payload).map(([key, value]) => [
          key,
          Array.isArray(value) ? `[${value.join(' ')}]` : String(value),
        ]),
      );
      const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ') : [];
      return { claims, scopes };
    } catch {
      return null;
    }
  };
}
