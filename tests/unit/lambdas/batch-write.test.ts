/** The shared batch write: 25 requests per call, unprocessed ones sent again, and a clear failure when they never go. */
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { batchWriteAll } from '../../../lambdas/common/batch-write';

const dynamo = mockClient(DynamoDBDocumentClient);
const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));
const puts = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ PutRequest: { Item: { id: `item-${i}` } } }));
const sent = () =>
  dynamo.commandCalls(BatchWriteCommand).map((call) => call.args[0].input.RequestItems!.table!.length);

describe('batchWriteAll', () => {
  beforeEach(() => dynamo.reset());

  it('sends at most 25 requests per call, every request once when all are processed', async () => {
    dynamo.on(BatchWriteCommand).resolves({});
    await batchWriteAll(client, 'table', puts(60));
    expect(sent()).toEqual([25, 25, 10]);
  });

  it('sends the unprocessed requests again until none are left', async () => {
    const [first, second] = puts(2);
    dynamo
      .on(BatchWriteCommand)
      .resolvesOnce({ UnprocessedItems: { table: [second!] } })
      .resolves({});
    await batchWriteAll(client, 'table', [first!, second!], { pauseMs: () => 0 });
    expect(sent()).toEqual([2, 1]);
    expect(dynamo.commandCalls(BatchWriteCommand)[1]!.args[0].input.RequestItems).toEqual({
      table: [second],
    });
  });

  it('gives up after the retries with the error asked for, naming what is left', async () => {
    const stuck = puts(1);
    dynamo.on(BatchWriteCommand).resolves({ UnprocessedItems: { table: stuck } });
    await expect(
      batchWriteAll(client, 'table', stuck, {
        maxRetries: 2,
        pauseMs: () => 0,
        exhausted: (left) => new Error(`${left.length} left`),
      }),
    ).rejects.toThrow('1 left');
    expect(sent()).toEqual([1, 1, 1]);
  });

  it('passes on a rejection of the SDK', async () => {
    dynamo.on(BatchWriteCommand).rejects(new Error('throttled for good'));
    await expect(batchWriteAll(client, 'table', puts(1))).rejects.toThrow('throttled for good');
  });
});
