/**
 * The access token in an `Authorization` header, read as API Gateway's JWT authorizer reads it:
 * the token alone, or after the `Bearer` scheme in any letter case. The handlers and the local
 * authorizer both read it here, so a header one accepts is never one the other cannot check.
 */
// The scheme alone ("Bearer ") is no token.
const AUTHORIZATION = /^\s*(?:bearer\s+)?(?!bearer\s*$)([^\s,]+)\s*$/i;

export function tokenFromAuthorization(header: string | undefined | null): string | undefined {
  return AUTHORIZATION.exec(header ?? '')?.[1];
}
