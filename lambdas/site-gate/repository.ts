/** Gate sessions in their table: the only file that speaks DynamoDB for them. */
import { DeleteCommand, GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { GateSession } from './cookie';

export interface GateSessionsRepo {
  /** Whether the session exists and has not expired. */
  exists(id: string): Promise<boolean>;
  create(session: GateSession): Promise<void>;
  delete(id: string): Promise<void>;
}

export function gateSessionsRepo(client: DynamoDBDocumentClient, tableName: string): GateSessionsRepo {
  return {
    async exists(id) {
      const { Item } = await client.send(
        new GetCommand({ TableName: tableName, Key: { id }, ConsistentRead: true }),
      );
      // DynamoDB's TTL deletes lazily: an expired item may still be there.
      return Item !== undefined && Number(Item.expires_at) > Date.now() / 1000;
    },
    async create(session) {
      await client.send(
        new PutCommand({ TableName: tableName, Item: { id: session.id, expires_at: session.expires } }),
      );
    },
    async delete(id) {
      await client.send(new DeleteCommand({ TableName: tableName, Key: { id } }));
    },
  };
}
