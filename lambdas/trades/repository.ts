/**
 * The only file that speaks DynamoDB for trades. Every read is a Query on the user's partition
 * (through the by_opened_at or by_updated_at index); nothing scans the table.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { Trade } from '@shared/trades/schemas';

/** A trade as stored: the API row less its computed P&L, plus the index and lookup attributes. */
export type StoredTrade = Omit<Trade, 'pnl'> & {
  /** `<opened_at>#<trade_id>`: the by_opened_at index's sort key. */
  opened_sk: string;
  /** Lower-cased tags, for the tag filter. */
  tag_keys: string[];
  /**
   * The opening identity the trade was first recorded with (see import-plan.ts), kept through
   * edits: how an import recognises the trade. Absent on trades stored before it was introduced.
   */
  opening_key?: string;
  /** What such older trades carry instead (no longer read; dropped when the trade is next written). */
  fingerprint?: string;
  /** Set while the trade is open with legs: the sparse by_open index's key (shared/src/trades/open-index.ts). */
  open_shard?: string;
};

export type TradeOrder = 'opened' | 'updated';

/** Conditions on the stored attributes; all must hold. */
export interface TradeQuery {
  userId: string;
  order: TradeOrder;
  /** opened_at at or after `from` and before `toExclusive` (ISO instants). */
  from?: string;
  toExclusive?: string;
  ticker?: string;
  strategy?: string;
  source?: string;
  tagKey?: string;
  status?: 'open' | 'closed';
}

/** Where a page stopped: the last item's index key. */
export interface TradePosition {
  trade_id: string;
  sortValue: string;
}

export interface TradesRepo {
  get(userId: string, tradeId: string): Promise<StoredTrade | undefined>;
  /** The trades with these ids, read consistently (100 a request); ids not found are left out. */
  getMany(userId: string, tradeIds: readonly string[]): Promise<StoredTrade[]>;
  /** Stores a new trade; false when the id is taken. */
  create(trade: StoredTrade): Promise<boolean>;
  /** Replaces a trade if it still has `expectedUpdatedAt`; false when it changed or is gone. */
  replace(trade: StoredTrade, expectedUpdatedAt: string): Promise<boolean>;
  /** false when there was no such trade. */
  delete(userId: string, tradeId: string): Promise<boolean>;
  /** Up to `limit` matching trades in the order asked (newest first), and where to go on. */
  page(
    query: TradeQuery,
    limit: number,
    after?: TradePosition,
  ): Promise<{ trades: StoredTrade[]; next: TradePosition | null }>;
  /** Every matching trade, reading only `attributes` when given. */
  all(query: TradeQuery): Promise<StoredTrade[]>;
  all<K extends keyof StoredTrade>(
    query: TradeQuery,
    attributes: readonly K[],
  ): Promise<Pick<StoredTrade, K>[]>;
  /**
   * Every open trade with legs indexed under one shard of the sparse by_open index (every user's,
   * grouped by user; shared/src/trades/open-index.ts): the positions job's read. Eventually
   * consistent, as any index read: a trade opened or closed a moment ago may be a minute late.
   */
  openInShard(shard: string): Promise<StoredTrade[]>;
}

const INDEX: Record<TradeOrder, { name: string; sortKey: 'opened_sk' | 'updated_at' }> = {
  opened: { name: 'by_opened_at', sortKey: 'opened_sk' },
  updated: { name: 'by_updated_at', sortKey: 'updated_at' },
};

const GET_BATCH_SIZE = 100;
const PARALLEL_BATCHES = 4;
const MAX_BATCH_RETRIES = 8;

/** The Query for `query`: key condition on the index, the other conditions as a filter. */
function queryInput(tableName: string, query: TradeQuery): QueryCommandInput {
  const names: Record<string, string> = { '#user': 'user_id' };
  const values: Record<string, unknown> = { ':user': query.userId };
  const filters: string[] = [];
  let key = '#user = :user';

  const range = (attribute: string) => {
    if (query.from === undefined && query.toExclusive === undefined) return null;
    names['#range'] = attribute;
    values[':from'] = query.from ?? '';
    // Any `<instant>#<id>` at `toExclusive` sorts after the bare instant, so BETWEEN excludes it.
    values[':to'] = query.toExclusive ?? '\uffff';
    return '#range BETWEEN :from AND :to';
  };
  if (query.order === 'opened') {
    const condition = range('opened_sk');
    if (condition) key += ` AND ${condition}`;
  } else {
    const condition = range('opened_at');
    if (condition) filters.push(condition);
  }
  const equal = (attribute: string, value: string | undefined) => {
    if (value === undefined) return;
    names[`#${attribute}`] = attribute;
    values[`:${attribute}`] = value;
    filters.push(`#${attribute} = :${attribute}`);
  };
  equal('ticker', query.ticker);
  equal('strategy', query.strategy);
  equal('source', query.source);
  if (query.tagKey !== undefined) {
    names['#tags'] = 'tag_keys';
    values[':tag'] = query.tagKey;
    filters.push('contains(#tags, :tag)');
  }
  if (query.status) {
    names['#exit'] = 'exit_price';
    values[':type'] = query.status === 'open' ? 'NULL' : 'N';
    filters.push('attribute_type(#exit, :type)');
  }
  return {
    TableName: tableName,
    IndexName: INDEX[query.order].name,
    KeyConditionExpression: key,
    ...(filters.length ? { FilterExpression: filters.join(' AND ') } : {}),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    ScanIndexForward: false,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function tradesRepo(client: DynamoDBDocumentClient, tableName: string): TradesRepo {
  const startKey = (userId: string, order: TradeOrder, after: TradePosition) => ({
    user_id: userId,
    trade_id: after.trade_id,
    [INDEX[order].sortKey]: after.sortValue,
  });

  async function readBatch(keys: Record<string, unknown>[]): Promise<StoredTrade[]> {
    const items: StoredTrade[] = [];
    let pending = keys;
    for (let attempt = 0; pending.length > 0; attempt += 1) {
      if (attempt > MAX_BATCH_RETRIES) throw new Error('DynamoDB kept returning unprocessed keys');
      if (attempt > 0) await sleep(Math.min(1000, 25 * 2 ** attempt));
      const { Responses, UnprocessedKeys } = await client.send(
        new BatchGetCommand({ RequestItems: { [tableName]: { Keys: pending, ConsistentRead: true } } }),
      );
      items.push(...((Responses?.[tableName] ?? []) as StoredTrade[]));
      pending = UnprocessedKeys?.[tableName]?.Keys ?? [];
    }
    return items;
  }

  async function inBatches<T>(items: readonly T[], size: number, read: (batch: T[]) => Promise<void>) {
    const batches: T[][] = [];
    for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
    let next = 0;
    const worker = async () => {
      while (next < batches.length) await read(batches[next++]!);
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_BATCHES, batches.length) }, worker));
  }

  return {
    async openInShard(shard) {
      const out: StoredTrade[] = [];
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await client.send(
          new QueryCommand({
            TableName: tableName,
            IndexName: 'by_open',
            KeyConditionExpression: 'open_shard = :shard',
            ExpressionAttributeValues: { ':shard': shard },
            ExclusiveStartKey: startKey,
          }),
        );
        out.push(...((page.Items ?? []) as StoredTrade[]));
        startKey = page.LastEvaluatedKey;
      } while (startKey);
      return out;
    },

    async get(userId, tradeId) {
      const { Item } = await client.send(
        new GetCommand({
          TableName: tableName,
          Key: { user_id: userId, trade_id: tradeId },
          ConsistentRead: true,
        }),
      );
      return Item as StoredTrade | undefined;
    },

    async getMany(userId, tradeIds) {
      const found: StoredTrade[] = [];
      await inBatches(tradeIds, GET_BATCH_SIZE, async (batch) => {
        found.push(...(await readBatch(batch.map((trade_id) => ({ user_id: userId, trade_id })))));
      });
      return found;
    },

    async create(trade) {
      try {
        await client.send(
          new PutCommand({
            TableName: tableName,
            Item: trade,
            ConditionExpression: 'attribute_not_exists(trade_id)',
          }),
        );
        return true;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return false;
        throw error;
      }
    },

    async replace(trade, expectedUpdatedAt) {
      try {
        await client.send(
          new PutCommand({
            TableName: tableName,
            Item: trade,
            ConditionExpression: 'attribute_exists(trade_id) AND updated_at = :expected',
            ExpressionAttributeValues: { ':expected': expectedUpdatedAt },
          }),
        );
        return true;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return false;
        throw error;
      }
    },

    async delete(userId, tradeId) {
      try {
        await client.send(
          new DeleteCommand({
            TableName: tableName,
            Key: { user_id: userId, trade_id: tradeId },
            ConditionExpression: 'attribute_exists(trade_id)',
          }),
        );
        return true;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return false;
        throw error;
      }
    },

    async page(query, limit, after) {
      const input = queryInput(tableName, query);
      const sortKey = INDEX[query.order].sortKey;
      const trades: StoredTrade[] = [];
      let exclusiveStartKey: Record<string, unknown> | undefined = after
        ? startKey(query.userId, query.order, after)
        : undefined;
      let more = true;
      while (trades.length < limit && more) {
        const { Items = [], LastEvaluatedKey } = await client.send(
          new QueryCommand({
            ...input,
            // One more than needed, so a full last page knows whether anything follows.
            Limit: input.FilterExpression ? 500 : limit - trades.length + 1,
            ExclusiveStartKey: exclusiveStartKey,
          }),
        );
        const room = limit - trades.length;
        trades.push(...(Items.slice(0, room) as StoredTrade[]));
        more = Items.length > room || LastEvaluatedKey !== undefined;
        exclusiveStartKey = LastEvaluatedKey;
      }
      const last = trades.at(-1);
      return {
        trades,
        next: more && last ? { trade_id: last.trade_id, sortValue: String(last[sortKey]) } : null,
      };
    },

    async all(query: TradeQuery, attributes?: readonly (keyof StoredTrade)[]) {
      const input = queryInput(tableName, query);
      const names = { ...input.ExpressionAttributeNames };
      const projection = attributes?.map((attribute, i) => {
        names[`#p${i}`] = attribute;
        return `#p${i}`;
      });
      const items: StoredTrade[] = [];
      let exclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const { Items = [], LastEvaluatedKey } = await client.send(
          new QueryCommand({
            ...input,
            ExpressionAttributeNames: names,
            ...(projection ? { ProjectionExpression: projection.join(', ') } : {}),
            ExclusiveStartKey: exclusiveStartKey,
          }),
        );
        for (const item of Items) items.push(item as StoredTrade);
        exclusiveStartKey = LastEvaluatedKey;
      } while (exclusiveStartKey);
      return items;
    },
  };
}
