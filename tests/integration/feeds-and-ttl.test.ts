/** The scheduled feed-cap job and the local TTL reaper, against real dynalite tables. */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { FEED_SIMULATION } from '@shared/constants/caps';
import { reapExpiredItems } from '../../scripts/local/dynamo';
import { documentClient, stack, useLocalStackEnvironment } from '../helpers/local-stack';

const db = documentClient();

async function putFeedItems(
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
        RequestItems: { feeds: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) },
      }),
    );
  }
}

async function feedKeys(feed: string) {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: 'feeds',
      KeyConditionExpression: 'feed = :f',
      ExpressionAttributeValues: { ':f': feed },
      ScanIndexForward: false,
    }),
  );
  return (Items ?? []).map((item) => String(item.sk));
}

describe('enforceFeedCaps (scheduled job)', () => {
  beforeAll(() => useLocalStackEnvironment());

  it('trims each feed to its cap, keeping the newest items', async () => {
    const cap = FEED_SIMULATION.darkpool.cap;
    await putFeedItems('darkpool', cap + 12);
    await putFeedItems('trends', 3);
    const { enforceFeedCaps } = await import('../../lambdas/feeds/jobs');

    const removed = await enforceFeedCaps();

    expect(removed).toMatchObject({ darkpool: 12, trends: 0 });
    const kept = await feedKeys('darkpool');
    expect(kept).toHaveLength(cap);
    expect(kept[0]).toContain(`item-${String(cap + 11).padStart(3, '0')}`);
    expect(kept.at(-1)).toContain('item-012');
    expect(await feedKeys('trends')).toHaveLength(3);
  });
});

describe('local TTL reaper', () => {
  it('deletes expired items and keeps the rest, as DynamoDB TTL would', async () => {
    const now = Math.floor(Date.now() / 1000);
    await putFeedItems('chatter', 6, (i) => ({ expires_at: i < 4 ? now - 60 : now + 3600 }));
    const client = new DynamoDBClient({
      endpoint: stack.dynamoEndpoint,
      region: 'local',
      credentials: { accessKeyId: 'l', secretAccessKey: 'l' },
    });

    const deleted = await reapExpiredItems(client, now);

    expect(deleted).toBeGreaterThanOrEqual(4);
    const left = await feedKeys('chatter');
    expect(left).toHaveLength(2);
    expect(left.every((sk) => /item-00[45]/.test(sk))).toBe(true);
  });
});
