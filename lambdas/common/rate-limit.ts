/**
 * Sliding-window rate limiting in the rate_limits table. Each key keeps a counter per fixed
 * window (incremented atomically, expired by TTL); a request is allowed while the estimate
 * `previous window's count × the part of it still inside the sliding window + this window's count`
 * stays within the limit, so no burst at a window boundary gets twice the limit through. Keys are
 * keyed hashes, so no header can make one invalid or reveal what it counts. Over the limit → 429
 * `rate_limited` with `Retry-After`.
 */
import { type DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { RateLimitedError } from './errors';
import { keyedHash } from './keyed-hash';

export interface RateLimit {
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimiter {
  /** Counts one request for the key; throws RateLimitedError when the sliding window's limit is passed. */
  hit(key: string, rule: RateLimit, now?: Date): Promise<number>;
}

/**
 * The sliding estimate and, when over the limit, how long until it falls back within it (the
 * previous window's share shrinks linearly; this window's count only leaves when it ends).
 */
export function slidingWindow(
  previous: number,
  current: number,
  elapsedFraction: number,
  { limit, windowSeconds }: RateLimit,
): { estimate: number; retryAfterSeconds: number } {
  const estimate = previous * (1 - elapsedFraction) + current;
  if (estimate <= limit) return { estimate, retryAfterSeconds: 0 };
  const remaining = (1 - elapsedFraction) * windowSeconds;
  if (current > limit || previous === 0) return { estimate, retryAfterSeconds: remaining };
  // previous × (1 − (f + t/W)) + current ≤ limit  →  t ≥ W × ((previous + current − limit) / previous − f)
  const wait = windowSeconds * ((previous + current - limit) / previous - elapsedFraction);
  return { estimate, retryAfterSeconds: Math.min(remaining, Math.max(1, wait)) };
}

export function rateLimiter(client: DynamoDBDocumentClient, tableName: string): RateLimiter {
  return {
    async hit(rawKey, rule, now = new Date()) {
      const key = await keyedHash(rawKey);
      const epoch = now.getTime() / 1000;
      const window = Math.floor(epoch / rule.windowSeconds);
      const [{ Attributes }, { Item: previousItem }] = await Promise.all([
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { key: `${key}#${window}` },
            UpdateExpression: 'ADD #count :one SET expires_at = if_not_exists(expires_at, :expires)',
            ExpressionAttributeNames: { '#count': 'count' },
            // Kept through the next window, which reads it as its previous one.
            ExpressionAttributeValues: { ':one': 1, ':expires': (window + 2) * rule.windowSeconds + 60 },
            ReturnValues: 'UPDATED_NEW',
          }),
        ),
        client.send(new GetCommand({ TableName: tableName, Key: { key: `${key}#${window - 1}` } })),
      ]);
      const current = Number(Attributes?.count ?? 1);
      const previous = Number(previousItem?.count ?? 0);
      const elapsedFraction = epoch / rule.windowSeconds - window;
      const { estimate, retryAfterSeconds } = slidingWindow(previous, current, elapsedFraction, rule);
      if (estimate > rule.limit) throw new RateLimitedError(undefined, 'rate_limited', retryAfterSeconds);
      return current;
    },
  };
}
