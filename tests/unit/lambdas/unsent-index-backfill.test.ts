/** The by_unsent backfill's guard: a delivery the worker or the sweep touched after the scan is left alone. */
import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { backfillUnsentIndex } from '../../../lambdas/notifications/unsent-index-backfill';

const db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));
const mock = mockClient(db);
beforeEach(() => mock.reset());

const pending = (id: string, extra: Record<string, unknown> = {}) => ({
  user_id: 'u1',
  sk: `delivery#${id}`,
  status: 'pending',
  attempts: 0,
  updatedAt: '2026-01-02T15:00:00.000Z',
  ...extra,
});

describe('backfillUnsentIndex', () => {
  it('pages through the scan, indexes only untried pending deliveries, conditioned on each unchanged', async () => {
    mock
      .on(ScanCommand)
      .resolvesOnce({
        Items: [
          pending('a'),
          pending('indexed', { unsent: 'unsent' }),
          pending('tried', { attempts: 1 }),
          pending('sent', { status: 'sent', attempts: 1 }),
          { user_id: 'u1', sk: 'rule#r1', updatedAt: '2026-01-02T15:00:00.000Z' },
        ],
        LastEvaluatedKey: { user_id: 'u1', sk: 'rule#r1' },
      })
      .resolvesOnce({ Items: [pending('b')] });
    mock
      .on(UpdateCommand)
      .resolvesOnce({})
      .rejectsOnce(new ConditionalCheckFailedException({ message: 'changed', $metadata: {} }));
    expect(await backfillUnsentIndex(db, 'notifications')).toEqual({
      scanned: 6,
      indexed: 1,
      unchanged: 4,
      changedMeanwhile: 1,
    });
    expect(mock.commandCalls(ScanCommand)[1]!.args[0].input.ExclusiveStartKey).toEqual({
      user_id: 'u1',
      sk: 'rule#r1',
    });
    const updates = mock.commandCalls(UpdateCommand).map((call) => call.args[0].input);
    expect(updates.map((input) => input.Key)).toEqual([
      { user_id: 'u1', sk: 'delivery#a' },
      { user_id: 'u1', sk: 'delivery#b' },
    ]);
    expect(updates[0]).toMatchObject({
      UpdateExpression: 'SET unsent = :p',
      ConditionExpression:
        '#status = :pending AND attempts = :zero AND updatedAt = :seen AND attribute_not_exists(unsent)',
      ExpressionAttributeValues: {
        ':p': 'unsent',
        ':pending': 'pending',
        ':zero': 0,
        ':seen': '2026-01-02T15:00:00.000Z',
      },
    });
  });

  it('stops on any other failure rather than report a backfill it did not do', async () => {
    mock.on(ScanCommand).resolves({ Items: [pending('a')] });
    mock.on(UpdateCommand).rejects(new Error('throttled'));
    await expect(backfillUnsentIndex(db, 'notifications')).rejects.toThrow('throttled');
  });
});
