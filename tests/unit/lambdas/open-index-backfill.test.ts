/** The by_open backfill's guard: a trade the app wrote between the scan and the update is left alone. */
import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { openShardOf } from '@shared/trades/open-index';
import { backfillOpenIndex } from '../../../lambdas/trades/open-index-backfill';

const db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));
const mock = mockClient(db);
beforeEach(() => mock.reset());

const open = (id: string) => ({
  user_id: 'u1',
  trade_id: id,
  exit_price: null,
  legs: [{ type: 'put', side: 'sell', strike: 500, expiration: '2027-01-15', quantity: 1 }],
  updated_at: '2026-01-02T15:00:00.000Z',
});

describe('backfillOpenIndex', () => {
  it('pages through the scan, conditions each update on the trade unchanged, and counts a lost race apart', async () => {
    mock
      .on(ScanCommand)
      .resolvesOnce({ Items: [open('a')], LastEvaluatedKey: { user_id: 'u1', trade_id: 'a' } })
      .resolvesOnce({ Items: [open('b')] });
    mock
      .on(UpdateCommand)
      .resolvesOnce({})
      .rejectsOnce(new ConditionalCheckFailedException({ message: 'changed', $metadata: {} }));
    expect(await backfillOpenIndex(db, 'trades')).toEqual({
      scanned: 2,
      indexed: 1,
      unindexed: 0,
      unchanged: 0,
      changedMeanwhile: 1,
    });
    expect(mock.commandCalls(ScanCommand)[1]!.args[0].input.ExclusiveStartKey).toEqual({
      user_id: 'u1',
      trade_id: 'a',
    });
    expect(mock.commandCalls(UpdateCommand)[0]!.args[0].input).toMatchObject({
      UpdateExpression: 'SET open_shard = :shard',
      ConditionExpression: 'updated_at = :seen',
      ExpressionAttributeValues: { ':seen': '2026-01-02T15:00:00.000Z', ':shard': openShardOf('u1') },
    });
  });

  it('stops on any other failure rather than report a backfill it did not do', async () => {
    mock.on(ScanCommand).resolves({ Items: [open('a')] });
    mock.on(UpdateCommand).rejects(new Error('throttled'));
    await expect(backfillOpenIndex(db, 'trades')).rejects.toThrow('throttled');
  });
});
