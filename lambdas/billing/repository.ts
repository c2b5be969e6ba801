/**
 * The only file that speaks DynamoDB for the webhook events already applied. An event is recorded
 * only once its change is in the profile: a delivery that fails anywhere before leaves no record,
 * so the provider's retry applies it (from the subscription's current state, so applying twice
 * changes nothing), while a replay of an applied event finds the record and is a duplicate.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';

/** Far longer than the provider retries an event (Stripe: 3 days) or a signature stays fresh. */
const KEEP_SECONDS = 30 * 24 * 60 * 60;

export interface ProcessedEvents {
  /** Whether the event was already applied (a replay, or a retry of one that succeeded). */
  seen(eventId: string): Promise<boolean>;
  /** Records the event as applied (a concurrent delivery that recorded it first is fine). */
  record(eventId: string, type: string, now: Date): Promise<void>;
}

export function processedEvents(client: DynamoDBDocumentClient, tableName: string): ProcessedEvents {
  return {
    async seen(eventId) {
      const { Item } = await client.send(
        new GetCommand({ TableName: tableName, Key: { event_id: eventId }, ConsistentRead: true }),
      );
      return Item !== undefined;
    },

    async record(eventId, type, now) {
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
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    },
  };
}
