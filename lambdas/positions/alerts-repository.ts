/**
 * The only file that speaks DynamoDB for position alerts: the targets a user's open positions
 * reached, kept in the user's partition of the notifications table (`target#<trade id>:<kind>`),
 * each written once by a conditional put on that key, and listed newest first through the sparse
 * `by_alert_time` index (`alert_sk` = `<triggered_at>#<id>`).
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { PositionAlert } from '@shared/trades/position-schemas';

export interface PositionAlertsRepo {
  /** Stores the alert unless its trade and rule already have one; true when written. */
  create(userId: string, alert: PositionAlert): Promise<boolean>;
  /** The user's alerts, newest first, up to `limit`. */
  list(userId: string, limit: number): Promise<PositionAlert[]>;
}

/** An alert's id: one per trade and rule. */
export const positionAlertId = (tradeId: string, kind: PositionAlert['kind']) => `${tradeId}:${kind}`;

const INTERNAL = new Set(['user_id', 'sk', 'alert_sk']);

export function positionAlertsRepo(
  client: DynamoDBDocumentClient,
  tableName: () => string,
): PositionAlertsRepo {
  return {
    async create(userId, alert) {
      try {
        await client.send(
          new PutCommand({
            TableName: tableName(),
            Item: {
              ...alert,
              user_id: userId,
              sk: `target#${alert.id}`,
              alert_sk: `${alert.triggered_at}#${alert.id}`,
            },
            ConditionExpression: 'attribute_not_exists(sk)',
          }),
        );
        return true;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return false;
        throw error;
      }
    },
    async list(userId, limit) {
      const { Items } = await client.send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: 'by_alert_time',
          KeyConditionExpression: 'user_id = :u',
          ExpressionAttributeValues: { ':u': userId },
          ScanIndexForward: false,
          Limit: limit,
        }),
      );
      return (Items ?? []).map(
        (item) =>
          Object.fromEntries(Object.entries(item).filter(([key]) => !INTERNAL.has(key))) as PositionAlert,
      );
    },
  };
}
