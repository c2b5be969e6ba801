/** The only file that speaks DynamoDB for contact messages. */
import {
  BatchWriteCommand,
  type DynamoDBDocumentClient,
  PutCommand,
  QueryCommand,
} from '@aws-sdk/lib-dynamodb';
import type { ContactMessageInput } from '@shared/contact/schemas';
import { tables } from '@shared/tables';

export interface StoredContactMessage extends ContactMessageInput {
  id: string;
  created_at: string;
  /** The sender's address as the `by_sender` index finds it: trimmed, lower-cased. */
  sender: string;
  /** SHA-256 of the sender's IP address: enough to spot abuse, not the address itself. */
  source_ip_hash: string;
}

export interface ContactRepo {
  put(message: StoredContactMessage): Promise<void>;
  /** Every message sent from an address (any letter case), for the account's export. */
  fromSender(email: string): Promise<Record<string, unknown>[]>;
  /** Deletes every message sent from an address; returns how many. */
  deleteFromSender(email: string): Promise<number>;
}

export const senderKey = (email: string) => email.trim().toLowerCase();

const BY_SENDER = tables.contactMessages.globalIndexes[0].name;
const BATCH = 25;

export function contactRepo(client: DynamoDBDocumentClient, tableName: () => string): ContactRepo {
  async function ids(email: string, projection: boolean) {
    const items: Record<string, unknown>[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await client.send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: BY_SENDER,
          KeyConditionExpression: 'sender = :sender',
          ExpressionAttributeValues: { ':sender': senderKey(email) },
          ...(projection ? { ProjectionExpression: 'id' } : {}),
          ExclusiveStartKey: start,
        }),
      );
      items.push(...(page.Items ?? []));
      start = page.LastEvaluatedKey;
    } while (start);
    return items;
  }

  return {
    async put(message) {
      await client.send(
        new PutCommand({
          TableName: tableName(),
          Item: message,
          ConditionExpression: 'attribute_not_exists(id)',
        }),
      );
    },

    fromSender: (email) => ids(email, false),

    async deleteFromSender(email) {
      const keys = await ids(email, true);
      for (let i = 0; i < keys.length; i += BATCH) {
        let pending = keys.slice(i, i + BATCH).map((item) => ({ DeleteRequest: { Key: { id: item.id } } }));
        // A few messages at most: retry what DynamoDB left unprocessed until none is left.
        for (let attempt = 0; pending.length > 0; attempt++) {
          if (attempt > 5) throw new Error(`${pending.length} contact messages were not deleted`);
          const { UnprocessedItems } = await client.send(
            new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }),
          );
          pending = (UnprocessedItems?.[tableName()] ?? []) as typeof pending;
        }
      }
      return keys.length;
    },
  };
}
