/**
 * The only file that speaks DynamoDB for the assistant: the chat_messages table (PK user_id,
 * SK `<created_at>#<id>`) and the daily question counter in the usage table.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { chatMessageSchema, type ChatMessage } from '@shared/chat/schemas';

export interface ChatRepo {
  put(message: ChatMessage): Promise<void>;
  /** The user's last `limit` messages, oldest first. */
  latest(userId: string, limit: number): Promise<ChatMessage[]>;
}

export function chatRepo(client: DynamoDBDocumentClient, tableName: string): ChatRepo {
  return {
    async put(message) {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...message, sk: `${message.created_at}#${message.id}` },
          ConditionExpression: 'attribute_not_exists(sk)',
        }),
      );
    },
    async latest(userId, limit) {
      const { Items = [] } = await client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'user_id = :u',
          ExpressionAttributeValues: { ':u': userId },
          ScanIndexForward: false,
          Limit: limit,
        }),
      );
      return Items.map((item) => chatMessageSchema.parse(item)).reverse();
    },
  };
}

export interface UsageRepo {
  /**
   * Counts one question for `day` unless `limit` are already counted, in one conditional
   * UpdateItem (ADD), so concurrent questions cannot overshoot. False when the limit is reached.
   */
  countQuestion(userId: string, day: string, limit: number): Promise<boolean>;
}

/** A day's counter is kept a little past the day, then DynamoDB's TTL removes it. */
const COUNTER_TTL_SECONDS = 3 * 24 * 60 * 60;

export function usageRepo(client: DynamoDBDocumentClient, tableName: string): UsageRepo {
  return {
    async countQuestion(userId, day, limit) {
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { user_id: userId, sk: `ai-questions#${day}` },
            UpdateExpression: 'ADD questions :one SET expires_at = if_not_exists(expires_at, :expires)',
            ConditionExpression: 'attribute_not_exists(questions) OR questions < :limit',
            ExpressionAttributeValues: {
              ':one': 1,
              ':limit': limit,
              ':expires': Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) + COUNTER_TTL_SECONDS,
            },
          }),
        );
        return true;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return false;
        throw error;
      }
    },
  };
}
