/**
 * The only file that speaks DynamoDB for the `revocations` table: one row per user whose sessions
 * were ended (shared/src/auth/sessions.ts). Written by sign-out everywhere, an operator's disable
 * and account deletion; read by every user request (session.ts).
 */
import {
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  ScanCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import {
  REVOCATION_KEEP_SECONDS,
  revocationSchema,
  type Revocation,
  type RevocationReason,
} from '@shared/auth/sessions';

export interface RevocationsRepo {
  /** The user's revocation; `consistent` reads what was written a moment ago in any container. */
  find(userId: string, consistent: boolean): Promise<Revocation | undefined>;
  /**
   * Revokes every token of the user issued up to `now`. A later revocation is never replaced by an
   * earlier one, and a deletion is never turned back into a sign-out.
   */
  revoke(userId: string, reason: RevocationReason, now?: Date): Promise<Revocation>;
  /** Deleted accounts whose late sweep is due (deleted before `before`, epoch seconds) and not yet done. */
  unsweptDeletions(before: number): Promise<Revocation[]>;
  markSwept(userId: string, now?: Date): Promise<void>;
}

const isConditionFailure = (error: unknown) =>
  (error as { name?: string }).name === 'ConditionalCheckFailedException';

export function revocationsRepo(client: DynamoDBDocumentClient, tableName: () => string): RevocationsRepo {
  return {
    async find(userId, consistent) {
      const { Item } =
        (await client.send(
          new GetCommand({ TableName: tableName(), Key: { user_id: userId }, ConsistentRead: consistent }),
        )) ?? {};
      // A row that is not a revocation is a fault in the table: refuse rather than ignore it.
      return Item ? revocationSchema.parse(Item) : undefined;
    },

    async revoke(userId, reason, now = new Date()) {
      const revokedAt = Math.floor(now.getTime() / 1000);
      const revocation: Revocation = {
        user_id: userId,
        reason,
        revoked_at: revokedAt,
        expires_at: revokedAt + REVOCATION_KEEP_SECONDS,
      };
      try {
        await client.send(
          new PutCommand({
            TableName: tableName(),
            Item: revocation,
            ConditionExpression:
              reason === 'deleted'
                ? 'attribute_not_exists(user_id) OR revoked_at <= :at'
                : 'attribute_not_exists(user_id) OR (revoked_at <= :at AND reason <> :deleted)',
            ExpressionAttributeValues: {
              ':at': revokedAt,
              ...(reason === 'deleted' ? {} : { ':deleted': 'deleted' }),
            },
          }),
        );
      } catch (error) {
        // A later revocation (or a deletion) is already stored: it refuses at least as much.
        if (!isConditionFailure(error)) throw error;
      }
      return revocation;
    },

    async unsweptDeletions(before) {
      const due: Revocation[] = [];
      let start: Record<string, unknown> | undefined;
      do {
        const page = await client.send(
          new ScanCommand({
            TableName: tableName(),
            FilterExpression: 'reason = :deleted AND revoked_at < :before AND attribute_not_exists(swept_at)',
            ExpressionAttributeValues: { ':deleted': 'deleted', ':before': before },
            ExclusiveStartKey: start,
          }),
        );
        due.push(...(page.Items ?? []).map((item) => revocationSchema.parse(item)));
        start = page.LastEvaluatedKey;
      } while (start);
      return due;
    },

    async markSwept(userId, now = new Date()) {
      await client.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { user_id: userId },
          UpdateExpression: 'SET swept_at = :now',
          ConditionExpression: 'attribute_exists(user_id)',
          ExpressionAttributeValues: { ':now': Math.floor(now.getTime() / 1000) },
        }),
      );
    },
  };
}
