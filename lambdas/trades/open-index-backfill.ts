/**
 * The operator's one-off for trades stored before the sparse `by_open` index existed
 * (shared/src/trades/open-index.ts): they carry no `open_shard`, so the positions job never marks
 * them until their next write. `npm run admin -- backfill-open-index` scans the table once (the
 * only scan of it anywhere) and sets or removes each trade's `open_shard` to what its next write
 * would store. Idempotent: a second run changes nothing. A trade written between the scan and its
 * update is left alone (the write stored its own index), counted as changed meanwhile.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { openIndexOf } from '@shared/trades/open-index';
import { backfillTable } from '../common/backfill';
import type { StoredTrade } from './repository';

export interface OpenIndexBackfill {
  scanned: number;
  /** Open trades with legs given their shard. */
  indexed: number;
  /** Closed trades, or trades without legs, whose stale shard was removed. */
  unindexed: number;
  unchanged: number;
  /** Written by the app between the scan and the update: its own write set the index. */
  changedMeanwhile: number;
}

type Scanned = Pick<
  StoredTrade,
  'user_id' | 'trade_id' | 'exit_price' | 'legs' | 'open_shard' | 'updated_at'
>;

export function backfillOpenIndex(
  client: DynamoDBDocumentClient,
  tableName: string,
): Promise<OpenIndexBackfill> {
  return backfillTable<Scanned, 'indexed' | 'unindexed'>(
    client,
    {
      TableName: tableName,
      ProjectionExpression: 'user_id, trade_id, exit_price, legs, open_shard, updated_at',
    },
    ['indexed', 'unindexed'],
    (trade) => {
      const wanted = openIndexOf({ ...trade, exit_price: trade.exit_price ?? null }).open_shard;
      if (wanted === trade.open_shard) return null;
      return {
        update: {
          Key: { user_id: trade.user_id, trade_id: trade.trade_id },
          UpdateExpression: wanted ? 'SET open_shard = :shard' : 'REMOVE open_shard',
          ConditionExpression: 'updated_at = :seen',
          ExpressionAttributeValues: { ':seen': trade.updated_at, ...(wanted ? { ':shard': wanted } : {}) },
        },
        outcome: wanted ? 'indexed' : 'unindexed',
      };
    },
  );
}
