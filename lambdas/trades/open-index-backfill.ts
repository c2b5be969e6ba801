/**
 * The operator's one-off for trades stored before the sparse `by_open` index existed
 * (shared/src/trades/open-index.ts): they carry no `open_shard`, so the positions job never marks
 * them until their next write. `npm run admin -- backfill-open-index` scans the table once (the
 * only scan of it anywhere) and sets or removes each trade's `open_shard` to what its next write
 * would store. Idempotent: a second run changes nothing. A trade written between the scan and its
 * update is left alone (the write stored its own index), counted as changed meanwhile.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { ScanCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { openIndexOf } from '@shared/trades/open-index';
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

export async function backfillOpenIndex(
  client: DynamoDBDocumentClient,
  tableName: string,
): Promise<OpenIndexBackfill> {
  const out: OpenIndexBackfill = { scanned: 0, indexed: 0, unindexed: 0, unchanged: 0, changedMeanwhile: 0 };
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new ScanCommand({
        TableName: tableName,
        ProjectionExpression: 'user_id, trade_id, exit_price, legs, open_shard, updated_at',
        ExclusiveStartKey: startKey,
      }),
    );
    for (const trade of (page.Items ?? []) as Scanned[]) {
      out.scanned += 1;
      const wanted = openIndexOf({ ...trade, exit_price: trade.exit_price ?? null }).open_shard;
      if (wanted === trade.open_shard) {
        out.unchanged += 1;
        continue;
      }
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { user_id: trade.user_id, trade_id: trade.trade_id },
            UpdateExpression: wanted ? 'SET open_shard = :shard' : 'REMOVE open_shard',
            ConditionExpression: 'updated_at = :seen',
            ExpressionAttributeValues: { ':seen': trade.updated_at, ...(wanted ? { ':shard': wanted } : {}) },
          }),
        );
        out[wanted ? 'indexed' : 'unindexed'] += 1;
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
        out.changedMeanwhile += 1;
      }
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return out;
}
