/**
 * The local stand-in for API Gateway's JWT authorizer: verifies the bearer token's signature
 * against the pool's JWKS, its issuer and expiry, that it is an access token, and that it was
 * issued to the app client. Claims are handed to the handler as API Gateway does (strings).
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
      if (payload.token_use !== 'access' || payload.client_id !== clientId || !payload.sub) return null;
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
