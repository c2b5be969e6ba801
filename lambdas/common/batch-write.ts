/**
 * The one batch write with retry: DynamoDB takes at most 25 put or delete requests per
 * BatchWriteItem and may hand some back unprocessed (throttling); those are sent again after a
 * growing pause, until none are left or the retries run out.
 */
import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** DynamoDB's limit of requests per BatchWriteItem. */
export const BATCH_WRITE_LIMIT = 25;
const MAX_RETRIES = 8;

export type WriteRequest = Record<string, unknown>;

export interface BatchWriteOptions {
  /** Retries of a batch's unprocessed requests before giving up (default 8). */
  maxRetries?: number;
  /** The pause before retry `attempt` (1, 2, ...): by default 50 ms doubling, at most 1 s. */
  pauseMs?: (attempt: number) => number;
  /** The error thrown when retries run out, given the requests still unprocessed. */
  exhausted?: (unprocessed: WriteRequest[]) => Error;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes every request (`{ PutRequest }` or `{ DeleteRequest }`) to the table, 25 at a time. */
export async function batchWriteAll(
  client: DynamoDBDocumentClient,
  tableName: string,
  requests: readonly WriteRequest[],
  {
    maxRetries = MAX_RETRIES,
    pauseMs = (attempt) => Math.min(1000, 25 * 2 ** attempt),
    exhausted = () => new Error('DynamoDB kept returning unprocessed items'),
  }: BatchWriteOptions = {},
): Promise<void> {
  for (let i = 0; i < requests.length; i += BATCH_WRITE_LIMIT) {
    let pending = requests.slice(i, i + BATCH_WRITE_LIMIT);
    for (let attempt = 0; pending.length > 0; attempt += 1) {
      if (attempt > maxRetries) throw exhausted(pending);
      if (attempt > 0) await sleep(pauseMs(attempt));
      const { UnprocessedItems } = await client.send(
        new BatchWriteCommand({ RequestItems: { [tableName]: pending as WriteRequest[] } }),
      );
      pending = (UnprocessedItems?.[tableName] ?? []) as WriteRequest[];
    }
  }
}
