/**
 * The only file that speaks DynamoDB for the journal cache: a version per user that every trade
 * write bumps, and statistics stored with the version (and day) they were computed at.
 */
import { type DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TradeStatsResponse } from '@shared/trades/schemas';

export interface CachedStats {
  version: number;
  /** The calendar day (in the request's zone) the figures were computed on: Today P&L depends on it. */
  day: string;
  stats: TradeStatsResponse;
}

export interface StatsCache {
  version(userId: string): Promise<number>;
  bump(userId: string): Promise<void>;
  get(userId: string, key: string): Promise<CachedStats | undefined>;
  put(userId: string, key: string, entry: CachedStats): Promise<void>;
}

const VERSION_KEY = 'version';
/** A cached result is dropped by TTL after this long unread (DynamoDB's TTL is lazy; reads check the version anyway). */
const ENTRY_TTL_SECONDS = 2 * 24 * 60 * 60;
/** DynamoDB items hold 400 KB; larger results are simply not cached. */
const MAX_ENTRY_BYTES = 350 * 1024;

/**
 * `table` is read on first use: the list and export functions share this module but are not
 * granted the cache table (they never touch it), so their environment does not name it.
 */
export function statsCache(client: DynamoDBDocumentClient, table: () => string): StatsCache {
  return {
    async version(userId) {
      const { Item } = await client.send(
        new GetCommand({
          TableName: table(),
          Key: { user_id: userId, sk: VERSION_KEY },
          ConsistentRead: true,
        }),
      );
      return typeof Item?.version === 'number' ? Item.version : 0;
    },

    async bump(userId) {
      await client.send(
        new UpdateCommand({
          TableName: table(),
          Key: { user_id: userId, sk: VERSION_KEY },
          UpdateExpression: 'ADD #version :one',
          ExpressionAttributeNames: { '#version': 'version' },
          ExpressionAttributeValues: { ':one': 1 },
        }),
      );
    },

    async get(userId, key) {
      const { Item } = await client.send(
        new GetCommand({ TableName: table(), Key: { user_id: userId, sk: `stats#${key}` } }),
      );
      return Item
        ? {
            version: Item.version as number,
            day: Item.day as string,
            stats: Item.stats as TradeStatsResponse,
          }
        : undefined;
    },

    async put(userId, key, entry) {
      if (JSON.stringify(entry.stats).length > MAX_ENTRY_BYTES) return;
      await client.send(
        new PutCommand({
          TableName: table(),
          Item: {
            user_id: userId,
            sk: `stats#${key}`,
            ...entry,
            expires_at: Math.floor(Date.now() / 1000) + ENTRY_TTL_SECONDS,
          },
        }),
      );
    },
  };
}
