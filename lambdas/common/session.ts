/**
 * Whether the session behind an access token is still alive. API Gateway's JWT authorizer checks
 * only the signature and expiry, so a token keeps working for up to an hour after its user signed
 * out everywhere or was deleted. Cognito knows: GetUser with the token fails for both. Each token's
 * answer is kept a minute per container (bounded), so a busy screen costs one call a minute; a
 * signed-out token stops working within that minute.
 */
import { GetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognito } from './clients';
import { UnauthorizedError } from './errors';

const ALIVE_FOR_MS = 60_000;
const MAX_ENTRIES = 5_000;
const alive = new Map<string, number>();

export async function assertSessionAlive(accessToken: string | undefined, now = Date.now()): Promise<void> {
  // Every user route has a token in AWS (the authorizer requires one); handler unit tests may not.
  if (!accessToken) return;
  const until = alive.get(accessToken);
  if (until !== undefined && until > now) return;
  try {
    await cognito.send(new GetUserCommand({ AccessToken: accessToken }));
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'NotAuthorizedException' || name === 'UserNotFoundException') {
      alive.delete(accessToken);
      throw new UnauthorizedError('Your session has ended; sign in again');
    }
    throw error;
  }
  if (alive.size >= MAX_ENTRIES) alive.delete(alive.keys().next().value!);
  alive.set(accessToken, now + ALIVE_FOR_MS);
}

/** Forgets every answer (tests). */
export function forgetSessions(): void {
  alive.clear();
}
