/** The scheduled feed-cap job and the local TTL reaper, against real dynalite tables. */
import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { FEED_SIMULATION } from '@shared/constants/caps';
import { reapExpiredItems } from '../../scripts/local/dynamo';
import { feedsRepo } from '../../lambdas/feeds/repository';
import { enforceFeedCaps } from '../../lambdas/feeds/service';
import {
  createFeedsShapedTable,
  documentClient,
  stack,
  useLocalStackEnvironment,
} from '../helpers/local-stack';

const db = documentClient();

async function putFeedItems(
  table: string,
  feed: string,
  count: number,
  extra: (i: number) => Record<string, unknown> = () => ({}),
) {
  const base = Date.parse('2026-11-20T10:00:00Z');
  const items = Array.from({ length: count }, (_, i) => ({
    feed,
    sk: `${new Date(base + i * 1000).toISOString()}#item-${String(i).padStart(3, '0')}`,
    ...extra(i),
  }));
  for (let i = 0; i < items.length; i += 25) {
    await db.send(
      new BatchWriteCommand({
        RequestItems: { [table]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) },
      }),
    );
  }
}

async function feedKeys(table: string, feed: string) {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: table,
      KeyConditionExpression: 'feed = :f',
      ExpressionAttributeValues: { ':f': feed },
      ScanIndexForward: false,
    }),
  );
  return (Items ?? []).map((item) => String(item.sk));
}

const rawClient = () =>
  new DynamoDBClient({
    endpoint: stack.dynamoEndpoint,
    region: 'local',
    credentials: { accessKeyId: 'l', secretAccessKey: 'l' },
  });

describe('enforceFeedCaps (scheduled job)', () => {
  beforeAll(() => useLocalStackEnvironment());

  it('trims each feed to its cap, keeping the newest items', async () => {
    // A table of its own, shaped like the feeds table, so the live feeds of other tests do not mix in.
    const table = await createFeedsShapedTable('feeds_caps');
    const cap = FEED_SIMULATION.darkpool.cap;
    await putFeedItems(table, 'darkpool', cap + 12);
    await putFeedItems(table, 'trends', 3);

    const removed = await enforceFeedCaps(feedsRepo(db, table));

    expect(removed).toMatchObject({ darkpool: 12, trends: 0 });
    const kept = await feedKeys(table, 'darkpool');
    expect(kept).toHaveLength(cap);
    expect(kept[0]).toContain(`item-${String(cap + 11).padStart(3, '0')}`);
    expect(kept.at(-1)).toContain('item-012');
    expect(await feedKeys(table, 'trends')).toHaveLength(3);
  });

  it('is the export the schedule table names', async () => {
    const jobs = await import('../../lambdas/feeds/jobs');
    const removed = await jobs.enforceFeedCaps();
    expect(Object.keys(removed).sort()).toEqual(Object.keys(FEED_SIMULATION).sort());
  });
});

describe('local TTL reaper', () => {
  it('deletes expired items and keeps the rest, as DynamoDB TTL would', async () => {
    const now = Math.floor(Date.now() / 1000);
    const partition = `reaper-${randomUUID().slice(0, 8)}`;
    await putFeedItems('feeds', partition, 6, (i) => ({ expires_at: i < 4 ? now - 60 : now + 3600 }));

    const deleted = await reapExpiredItems(rawClient(), now);

    expect(deleted).toBeGreaterThanOrEqual(4);
    const left = await feedKeys('feeds', partition);
    expect(left).toHaveLength(2);
    expect(left.every((sk) => /item-00[45]/.test(sk))).toBe(true);
  });
});
