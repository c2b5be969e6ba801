/**
 * Whether the session behind an access token is still alive. API Gateway's JWT authorizer checks
 * only the signature and expiry, so without this a token would keep working for up to an hour
 * after its user signed out everywhere, was disabled or deleted. Two checks, both before the
 * request is served (nothing is left running after the response: Lambda freezes the container):
 *
 * 1. The user's revocation (lambdas/common/revocations.ts): a token issued at or before it is
 *    refused. A write reads it strongly consistently every time, so it is refused from the moment
 *    the revocation is stored, in every container; a read uses its container's answer for up to
 *    REVOCATION_READ_CACHE_MS (shared/src/auth/sessions.ts).
 * 2. Cognito (GetUser with the token), which also knows of sessions ended elsewhere (the console,
 *    a client that signed out by itself). Each token's answer is kept a minute per container
 *    (bounded); once the minute is over the next request asks again and waits for the answer.
 *
 * A user route with no token it can read is refused: there is nothing to check.
 */
import { GetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { REVOCATION_READ_CACHE_MS, revokes, type Revocation } from '@shared/auth/sessions';
import { CappedMap } from '@shared/cache/capped-map';
import { cognito, dynamoDb } from './clients';
import { tableName } from './env';
import { UnauthorizedError } from './errors';
import { revocationsRepo } from './revocations';

const ALIVE_FOR_MS = 60_000;
const MAX_ENTRIES = 5_000;
const alive = new CappedMap<string, number>(MAX_ENTRIES);
const revocations = revocationsRepo(dynamoDb, () => tableName('revocations'));
const knownRevocations = new CappedMap<string, { revocation: Revocation | undefined; readAt: number }>(
  MAX_ENTRIES,
);

async function revocationOf(userId: string, write: boolean, now: number) {
  const known = knownRevocations.get(userId);
  if (!write && known && now - known.readAt < REVOCATION_READ_CACHE_MS) return known.revocation;
  const revocation = await revocations.find(userId, write);
  knownRevocations.set(userId, { revocation, readAt: now });
  return revocation;
}

/** Asks Cognito unless this container did within the minute; false for an ended session. */
async function cognitoSessionAlive(accessToken: string, now: number): Promise<boolean> {
  const checkedAt = alive.get(accessToken);
  if (checkedAt !== undefined && now - checkedAt < ALIVE_FOR_MS) return true;
  try {
    await cognito.send(new GetUserCommand({ AccessToken: accessToken }));
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'NotAuthorizedException' || name === 'UserNotFoundException') {
      alive.delete(accessToken);
      return false;
    }
    throw error;
  }
  alive.set(accessToken, now);
  return true;
}

export interface Session {
  userId: string;
  /** The access token as sent; undefined when the request carried none this can read. */
  accessToken: string | undefined;
  /** The token's `iat` claim (epoch seconds). */
  issuedAt: number | undefined;
}

export async function assertSessionAlive(
  { userId, accessToken, issuedAt }: Session,
  { write }: { write: boolean },
  now = Date.now(),
): Promise<void> {
  if (!accessToken || !userId) throw new UnauthorizedError();
  const ended = new UnauthorizedError('Your session has ended; sign in again');
  if (revokes(await revocationOf(userId, write, now), issuedAt)) throw ended;
  if (!(await cognitoSessionAlive(accessToken, now))) throw ended;
}

/** Forgets every answer (tests). */
export function forgetSessions(): void {
  alive.clear();
  knownRevocations.clear();
}
