/** The only file that speaks DynamoDB for contact messages. */
import { type DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ContactMessageInput } from '@shared/contact/schemas';

export interface StoredContactMessage extends ContactMessageInput {
  id: string;
  created_at: string;
  /** SHA-256 of the sender's IP address: enough to spot abuse, not the address itself. */
  source_ip_hash: string;
}

export interface ContactRepo {
  put(message: StoredContactMessage): Promise<void>;
}

export function contactRepo(client: DynamoDBDocumentClient, tableName: string): ContactRepo {
  return {
    async put(message) {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: message,
          ConditionExpression: 'attribute_not_exists(id)',
        }),
      );
    },
  };
}
