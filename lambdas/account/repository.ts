/**
 * A user's items in every table marked `userData` in shared/src/tables.ts, found by the table's
 * partition key (the user's id): read for the export, deleted with the account. Tables added
 * later are covered by their definition alone. Also counts the assistant questions of a period.
 */
import { type DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { tables, type TableDefinition, type TableKey } from '@shared/tables';
import { BATCH_WRITE_LIMIT, batchWriteAll } from '../common/batch-write';

export const userDataTableKeys: readonly TableKey[] = (Object.keys(tables) as TableKey[]).filter(
  (key) => tables[key].userData,
);

export type StoredItem = Record<string, unknown>;

export interface UserDataStore {
  /** Every item of the user in the table, all pages, read consistently. */
  itemsOf(table: TableKey, userId: string): Promise<StoredItem[]>;
  /**
   * Deletes every item of the user in the table, retrying what DynamoDB leaves unprocessed;
   * returns how many were deleted. Throws when items remain after the retries.
   */
  deleteAllOf(table: TableKey, userId: string): Promise<number>;
  /** Questions asked the assistant between two ISO times (chat_messages' `<created_at>#<id>` keys). */
  questionsBetween(userId: string, fromIso: string, toIso: string): Promise<number>;
}

export class IncompleteDeletionError extends Error {
  override name = 'IncompleteDeletionError';
}

const RETRIES = 5;
/** Rounds of 100 deletions: a million items, far beyond any one user's. */
const MAX_ROUNDS = 10_000;

export function userDataStore(
  client: DynamoDBDocumentClient,
  nameOf: (table: TableKey) => string,
): UserDataStore {
  const definition = (table: TableKey): TableDefinition => tables[table];

  function byUser(table: TableKey, userId: string): QueryCommandInput {
    return {
      TableName: nameOf(table),
      KeyConditionExpression: '#pk = :user',
      ExpressionAttributeNames: { '#pk': definition(table).partitionKey.name },
      ExpressionAttributeValues: { ':user': userId },
      ConsistentRead: true,
    };
  }

  /** Deletes the items of these keys, 25 a call, retrying what DynamoDB leaves unprocessed. */
  async function deleteKeys(table: TableKey, keys: StoredItem[]) {
    await batchWriteAll(
      client,
      nameOf(table),
      keys.map((Key) => ({ DeleteRequest: { Key } })),
      {
        maxRetries: RETRIES,
        pauseMs: (attempt) => 50 * 2 ** attempt,
        exhausted: (unprocessed) =>
          new IncompleteDeletionError(
            `${unprocessed.length} items of ${definition(table).id} were not deleted`,
          ),
      },
    );
  }

  return {
    async itemsOf(table, userId) {
      const items: StoredItem[] = [];
      let start: Record<string, unknown> | undefined;
      do {
        const page = await client.send(
          new QueryCommand({ ...byUser(table, userId), ExclusiveStartKey: start }),
        );
        items.push(...((page.Items ?? []) as StoredItem[]));
        start = page.LastEvaluatedKey;
      } while (start);
      return items;
    },

    async deleteAllOf(table, userId) {
      const { partitionKey, sortKey } = definition(table);
      const keyNames = [partitionKey.name, ...(sortKey ? [sortKey.name] : [])];
      let deleted = 0;
      // Query from the start each round: what was deleted is gone, and an item written meanwhile is still found.
      for (let round = 0; round < MAX_ROUNDS; round++) {
        const page = await client.send(
          new QueryCommand({
            ...byUser(table, userId),
            ProjectionExpression: keyNames.map((_, i) => `#k${i}`).join(', '),
            ExpressionAttributeNames: {
              '#pk': partitionKey.name,
              ...Object.fromEntries(keyNames.map((name, i) => [`#k${i}`, name])),
            },
            Limit: BATCH_WRITE_LIMIT * 4,
          }),
        );
        const keys = (page.Items ?? []) as StoredItem[];
        if (keys.length === 0) return deleted;
        await deleteKeys(table, keys);
        deleted += keys.length;
      }
      throw new IncompleteDeletionError(`${definition(table).id} still had items after ${MAX_ROUNDS} rounds`);
    },

    async questionsBetween(userId, fromIso, toIso) {
      let count = 0;
      let start: Record<string, unknown> | undefined;
      do {
        const page = await client.send(
          new QueryCommand({
            TableName: nameOf('chatMessages'),
            KeyConditionExpression: 'user_id = :user AND sk BETWEEN :from AND :to',
            ExpressionAttributeValues: { ':user': userId, ':from': fromIso, ':to': `${toIso}\uffff` },
            Select: 'COUNT',
            ExclusiveStartKey: start,
          }),
        );
        count += page.Count ?? 0;
        start = page.LastEvaluatedKey;
      } while (start);
      return count;
    },
  };
}
