/**
 * Fixed-window rate limiting in the rate_limits table: one counter item per key and window,
 * incremented atomically, expired by TTL. Over the limit → 429 `rate_limited`.
 */
import { type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { RateLimitedError } from './errors';

export interface RateLimit {
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimiter {
  /** Counts one request for the key; throws RateLimitedError when the window's limit is passed. */
  hit(key: string, rule: RateLimit, now?: Date): Promise<number>;
}

export function rateLimiter(client: DynamoDBDocumentClient, tableName: string): RateLimiter {
  return {
    async hit(key, { limit, windowSeconds }, now = new Date()) {
      const epoch = Math.floor(now.getTime() / 1000);
      const window = Math.floor(epoch / windowSeconds);
      const { Attributes } = await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { key: `${key}#${window}` },
          UpdateExpression: 'ADD #count :one SET expires_at = if_not_exists(expires_at, :expires)',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':one': 1, ':expires': (window + 1) * windowSeconds + 60 },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      const count = Number(Attributes?.count ?? 1);
      if (count > limit) throw new RateLimitedError();
      return count;
    },
  };
}
