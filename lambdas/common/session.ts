/**
 * Whether the session behind an access token is still alive. API Gateway's JWT authorizer checks
 * only the signature and expiry, so a token keeps working for up to an hour after its user signed
 * out everywhere or was deleted. Cognito knows: GetUser with the token fails for both. Each token's
 * answer is kept a minute per container (bounded), so a busy screen costs one call a minute; a
 * signed-out token stops working within that minute. The call is made again in the background
 * by the first request in the minute's last 20 s, so a screen polling at least every 20 s never
 * waits for it (and a session ended meanwhile is refused from that answer on).
 */
import { GetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognito } from './clients';
import { UnauthorizedError } from './errors';

const ALIVE_FOR_MS = 60_000;
const RENEW_AFTER_MS = ALIVE_FOR_MS - 20_000;
const MAX_ENTRIES = 5_000;
const alive = new Map<string, { checkedAt: number; renewing?: boolean }>();

/** Asks Cognito; remembers a live session, forgets an ended one (and says so). */
async function check(accessToken: string, now: number): Promise<'alive' | 'ended'> {
  try {
    await cognito.send(new GetUserCommand({ AccessToken: accessToken }));
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'NotAuthorizedException' || name === 'UserNotFoundException') {
      alive.delete(accessToken);
      return 'ended';
    }
    throw error;
  }
  alive.delete(accessToken);
  if (alive.size >= MAX_ENTRIES) alive.delete(alive.keys().next().value!);
  alive.set(accessToken, { checkedAt: now });
  return 'alive';
}

export async function assertSessionAlive(accessToken: string | undefined, now = Date.now()): Promise<void> {
  // Every user route has a token in AWS (the authorizer requires one); handler unit tests may not.
  if (!accessToken) return;
  const known = alive.get(accessToken);
  if (known && now - known.checkedAt < ALIVE_FOR_MS) {
    if (now - known.checkedAt >= RENEW_AFTER_MS && !known.renewing) {
      known.renewing = true;
      // A failed renewal (Cognito unreachable) leaves the answer to expire at its minute.
      void check(accessToken, now).catch(() => (known.renewing = false));
    }
    return;
  }
  if ((await check(accessToken, now)) === 'ended')
    throw new UnauthorizedError('Your session has ended; sign in again');
}

/** Forgets every answer (tests). */
export function forgetSessions(): void {
  alive.clear();
}
