/**
 * The local stand-in for API Gateway's JWT authorizer, checking what it checks and no more: the
 * token's RS256 signature (read from the header as API Gateway reads it: shared/src/auth/bearer.ts) against the pool's JWKS, its issuer and expiry, and that its
 * `aud` or `client_id` is the app client. (Like API Gateway it would take an ID token here; the
 * route's required scope, checked by the API server, and the handler's `token_use` check refuse
 * it, as they do in AWS.) Claims are handed to the handler as API Gateway does (strings).
 *
 * A token that passed is remembered (by its exact text) until it expires, for at most
 * `rememberMs`: the same text always verifies the same way, so only the clock can change the
 * answer, and the expiry is checked on every request. A refused token is never remembered.
 */
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { tokenFromAuthorization } from '@shared/auth/bearer';
import { CappedMap } from '@shared/cache/capped-map';

export interface AuthorizerOptions {
  issuer: string;
  clientId: string;
  /** How long a verified token is remembered at most (default 5 minutes; 0: never). */
  rememberMs?: number;
  now?: () => number;
}

export type Authorizer = (
  authorization: string | undefined,
) => Promise<{ claims: Record<string, string>; scopes: string[] } | null>;

const MAX_REMEMBERED = 5_000;

export function createJwtAuthorizer({
  issuer,
  clientId,
  rememberMs = 5 * 60_000,
  now = Date.now,
}: AuthorizerOptions): Authorizer {
  const jwks = createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`));
  const verified = new CappedMap<string, { claims: Record<string, string>; scopes: string[]; until: number }>(
    MAX_REMEMBERED,
  );
  return async (authorization) => {
    const token = tokenFromAuthorization(authorization);
    if (!token) return null;
    const known = verified.get(token);
    if (known) {
      if (known.until > now()) return { claims: { ...known.claims }, scopes: [...known.scopes] };
      verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, jwks, {
        issuer,
        algorithms: ['RS256'],
        currentDate: new Date(now()),
      });
      const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
      if (payload.client_id !== clientId && !audiences.includes(clientId)) return null;
      const claims = Object.fromEntries(
        Object.entries(payload).map(([key, value]) => [
          key,
          Array.isArray(value) ? `[${value.join(' ')}]` : String(value),
        ]),
      );
      const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ') : [];
      const until = Math.min((payload.exp ?? 0) * 1000, now() + rememberMs);
      if (until > now()) {
        verified.set(token, { claims, scopes, until });
      }
      return { claims: { ...claims }, scopes: [...scopes] };
    } catch {
      return null;
    }
  };
}
