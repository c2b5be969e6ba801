/**
 * The operator's one-off for deliveries recorded before the sparse `by_unsent` index existed
 * (repository.ts: a delivery carries `unsent` from its record until the worker's first attempt):
 * one still `pending` and never tried has no `unsent`, so the sweep (sweep.ts) never finds it, and
 * a lost queue message leaves it pending for good. `npm run admin -- backfill-unsent-index` scans
 * the notifications table once and sets `unsent` on each such delivery, as its record would store
 * today; the sweep's next run then re-queues it, or marks it failed when older than 6 hours.
 * Idempotent: a second run changes nothing. A delivery the worker touched between the scan and the
 * update is left alone, counted as changed meanwhile.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { backfillTable } from '../common/backfill';
import { UNSENT } from './repository';

export interface UnsentIndexBackfill {
  scanned: number;
  /** Pending, untried deliveries given `unsent`: the sweep now finds them. */
  indexed: number;
  /** Everything else: rules, tried or finished deliveries, and deliveries already indexed. */
  unchanged: number;
  /** Written by the app between the scan and the update (tried, sent, claimed): left alone. */
  changedMeanwhile: number;
}

interface Scanned {
  user_id: string;
  sk: string;
  status?: string;
  attempts?: number;
  updatedAt?: string;
  unsent?: string;
}

/** Whether a scanned item is a delivery the sweep should see but cannot. */
const needsIndex = (item: Scanned) =>
  item.sk.startsWith('delivery#') &&
  item.status === 'pending' &&
  item.attempts === 0 &&
  item.unsent === undefined &&
  typeof item.updatedAt === 'string';

export function backfillUnsentIndex(
  client: DynamoDBDocumentClient,
  tableName: string,
): Promise<UnsentIndexBackfill> {
  return backfillTable<Scanned, 'indexed'>(
    client,
    {
      TableName: tableName,
      ProjectionExpression: 'user_id, sk, #status, attempts, updatedAt, unsent',
      ExpressionAttributeNames: { '#status': 'status' },
    },
    ['indexed'],
    (item) =>
      needsIndex(item)
        ? {
            update: {
              Key: { user_id: item.user_id, sk: item.sk },
              UpdateExpression: 'SET unsent = :p',
              // Unchanged since the scan: still pending, untried, unindexed, not touched since.
              ConditionExpression:
                '#status = :pending AND attempts = :zero AND updatedAt = :seen AND attribute_not_exists(unsent)',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: {
                ':p': UNSENT,
                ':pending': 'pending',
                ':zero': 0,
                ':seen': item.updatedAt,
              },
            },
            outcome: 'indexed',
          }
        : null,
  );
}
