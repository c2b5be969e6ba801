/**
 * The only file that speaks DynamoDB for feeds. A feed's items sort newest first by
 * `sk` = `<iso ts>#<id>`, stored flat with `feed`, `sk` and the TTL attribute `expires_at`.
 * Each day's count of alerts lives in its own partition (`alerts#daily`), and each user's
 * dismissals in the dismissals table.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { AnyFeedItem, FeedName } from '@shared/feeds/schemas';
import { batchWriteAll } from '../common/batch-write';

export interface FeedsRepo {
  /** Sort keys of the feed's items beyond the newest `keep`, oldest included. */
  keysBeyond(feed: string, keep: number): Promise<string[]>;
  deleteKeys(feed: string, sortKeys: string[]): Promise<void>;
  /** The newest stored item's timestamp (it may lie ahead of now), or null for an empty feed. */
  newestTimestamp(feed: FeedName): Promise<string | null>;
  /** Stores items (oldest first, so a reader never sees a newer item before an older one). */
  putItems(
    feed: FeedName,
    items: readonly AnyFeedItem[],
    expiresAt: (item: AnyFeedItem) => number,
  ): Promise<void>;
  /** Every stored item of a feed, newest first, including those not yet due. */
  items(feed: FeedName): Promise<AnyFeedItem[]>;
  /** Adds `count` alerts to a day's tally unless items up to `through` were already counted. */
  addToDailyCount(
    day: string,
    count: number,
    first: string,
    through: string,
    expiresAt: number,
  ): Promise<void>;
  dailyCount(day: string): Promise<{ count: number; through: string } | null>;
}

const DAILY_COUNTS = 'alerts#daily';
const INTERNAL = new Set(['feed', 'sk', 'expires_at']);

export const feedSortKey = (item: { timestamp: string; id: string }) => `${item.timestamp}#${item.id}`;

function withoutInternal(stored: Record<string, unknown>): AnyFeedItem {
  return Object.fromEntries(Object.entries(stored).filter(([key]) => !INTERNAL.has(key))) as AnyFeedItem;
}

export function feedsRepo(client: DynamoDBDocumentClient, tableName: string): FeedsRepo {
  const query = async (feed: string, options: { limit?: number; projection?: string } = {}) => {
    const out: Record<string, unknown>[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'feed = :feed',
          ExpressionAttributeValues: { ':feed': feed },
          ...(options.projection ? { ProjectionExpression: options.projection } : {}),
          ScanIndexForward: false,
          ...(options.limit ? { Limit: options.limit } : {}),
          ExclusiveStartKey: startKey,
        }),
      );
      out.push(...(page.Items ?? []));
      startKey = options.limit ? undefined : page.LastEvaluatedKey;
    } while (startKey);
    return out;
  };

  return {
    async keysBeyond(feed, keep) {
      return (await query(feed, { projection: 'sk' })).slice(keep).map((item) => String(item.sk));
    },

    async deleteKeys(feed, sortKeys) {
      await batchWriteAll(
        client,
        tableName,
        sortKeys.map((sk) => ({ DeleteRequest: { Key: { feed, sk } } })),
      );
    },

    async newestTimestamp(feed) {
      const [newest] = await query(feed, { limit: 1, projection: 'sk' });
      return newest ? String(newest.sk).split('#')[0]! : null;
    },

    async putItems(feed, items, expiresAt) {
      await batchWriteAll(
        client,
        tableName,
        items.map((item) => ({
          PutRequest: { Item: { ...item, feed, sk: feedSortKey(item), expires_at: expiresAt(item) } },
        })),
      );
    },

    async items(feed) {
      return (await query(feed)).map(withoutInternal);
    },

    async addToDailyCount(day, count, first, through, expiresAt) {
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { feed: DAILY_COUNTS, sk: day },
            UpdateExpression: 'ADD #count :count SET #through = :through, expires_at = :expires',
            ConditionExpression: 'attribute_not_exists(#through) OR #through < :first',
            ExpressionAttributeNames: { '#count': 'count', '#through': 'through' },
            ExpressionAttributeValues: {
              ':count': count,
              ':through': through,
              ':first': first,
              ':expires': expiresAt,
            },
          }),
        );
      } catch (error) {
        // Another run already counted these alerts (the schedule may deliver a run twice).
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    },

    async dailyCount(day) {
      const { Item } = await client.send(
        new GetCommand({ TableName: tableName, Key: { feed: DAILY_COUNTS, sk: day } }),
      );
      return Item ? { count: Number(Item.count ?? 0), through: String(Item.through ?? '') } : null;
    },
  };
}

export interface ReadCacheOptions {
  /** Reads within this long of a read share it (a read of an empty feed is shared by none). */
  freshMs: number;
  /**
   * After `freshMs`, a reader still gets the last read, at once, while one new read runs for the
   * readers after it, if the last read is younger than this (and, for a feed, not empty: a feed
   * read before its first run). Otherwise the reader waits for the new read. 0: never. Only for
   * a process that keeps running after it answers: a Lambda handler must not use it (the
   * container is frozen once the response is returned, with the new read half done).
   */
  staleMs?: number;
  now?: () => number;
}

/**
 * Every reader of a feed asks for the same few dozen items, which change when a scheduled run
 * writes (once a minute, items due up to 90 s later) or the cap job trims. Reads share one query
 * per process (a Lambda container, or the local runtime): within `freshMs` of it, and concurrent
 * readers share the one in flight; after it, as `staleMs` says. Writes go straight through.
 */
export function withReadCache(
  repo: FeedsRepo,
  { freshMs, staleMs = 0, now = Date.now }: ReadCacheOptions,
): FeedsRepo {
  const done = new Map<string, { at: number; value: unknown }>();
  const pending = new Map<string, Promise<unknown>>();
  function read<T>(key: string, load: () => Promise<T>): Promise<T> {
    const inFlight = pending.get(key);
    if (inFlight) return inFlight as Promise<T>;
    const at = now();
    const value = load();
    pending.set(key, value);
    value.then(
      (loaded) => {
        const last = done.get(key);
        if (!last || last.at <= at) done.set(key, { at, value: loaded });
      },
      () => undefined, // a failed read is not kept; its readers see the error
    );
    void value.finally(() => pending.delete(key)).catch(() => undefined);
    return value;
  }
  function shared<T>(key: string, load: () => Promise<T>, usable: (value: T) => boolean): Promise<T> {
    const last = done.get(key);
    const age = last ? now() - last.at : Infinity;
    // A read that found nothing is never kept as fresh: the first run's items (a new stage, a fresh
    // `npm start`) show at once rather than up to `freshMs` later. Such a read is cheap.
    if (last && age < freshMs && usable(last.value as T)) return Promise.resolve(last.value as T);
    if (last && age < staleMs && usable(last.value as T)) {
      if (age >= freshMs) void read(key, load).catch(() => undefined);
      return Promise.resolve(last.value as T);
    }
    return read(key, load);
  }
  return {
    ...repo,
    items: (feed) =>
      shared(
        `items|${feed}`,
        () => repo.items(feed),
        (items) => items.length > 0,
      ),
    dailyCount: (day) =>
      shared(
        `daily|${day}`,
        () => repo.dailyCount(day),
        () => true,
      ),
  };
}

export interface Dismissal {
  id: string;
  dismissed_at: string;
}

export interface DismissalsRepo {
  /** Records the dismissal; keeps the first time when the item was already dismissed. */
  dismiss(userId: string, feed: FeedName, id: string, at: string, expiresAt: number): Promise<Dismissal>;
  list(userId: string, feed: FeedName): Promise<Dismissal[]>;
}

export function dismissalsRepo(client: DynamoDBDocumentClient, tableName: string): DismissalsRepo {
  return {
    async dismiss(userId, feed, id, at, expiresAt) {
      const sk = `${feed}#${id}`;
      try {
        await client.send(
          new PutCommand({
            TableName: tableName,
            Item: { user_id: userId, sk, feed, id, dismissed_at: at, expires_at: expiresAt },
            ConditionExpression: 'attribute_not_exists(sk)',
          }),
        );
        return { id, dismissed_at: at };
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
        const { Item } = await client.send(
          new GetCommand({ TableName: tableName, Key: { user_id: userId, sk } }),
        );
        return { id, dismissed_at: String(Item?.dismissed_at ?? at) };
      }
    },

    async list(userId, feed) {
      const out: Dismissal[] = [];
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await client.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'user_id = :user AND begins_with(sk, :prefix)',
            ExpressionAttributeValues: { ':user': userId, ':prefix': `${feed}#` },
            ProjectionExpression: '#id, dismissed_at',
            ExpressionAttributeNames: { '#id': 'id' },
            ExclusiveStartKey: startKey,
          }),
        );
        for (const item of page.Items ?? [])
          out.push({ id: String(item.id), dismissed_at: String(item.dismissed_at) });
        startKey = page.LastEvaluatedKey;
      } while (startKey);
      return out;
    },
  };
}
