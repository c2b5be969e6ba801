/** The only file that speaks DynamoDB for the webhook events already applied. */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, type DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';

/** Far longer than the provider retries an event (Stripe: 3 days) or a signature stays fresh. */
const KEEP_SECONDS = 30 * 24 * 60 * 60;

export interface ProcessedEvents {
  /** Records the event as being applied; false when it already was (a replay or a retry). */
  claim(eventId: string, type: string, now: Date): Promise<boolean>;
  /** Forgets a claim whose work failed, so the provider's retry applies it. */
  release(eventId: string): Promise<void>;
}

export function processedEvents(client: DynamoDBDocumentClient, tableName: string): ProcessedEvents {
  return {
    async claim(eventId, type, now) {
      try {
        await client.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              event_id: eventId,
              type,
              processed_at: now.toISOString(),
              expires_at: Math.floor(now.getTime() / 1000) + KEEP_SECONDS,
            },
            ConditionExpression: 'attribute_not_exists(event_id)',
          }),
        );
        return true;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return false;
        throw error;
      }
    },

    async release(eventId) {
      await client.send(new DeleteCommand({ TableName: tableName, Key: { event_id: eventId } }));
    },
  };
}
