/** The only file that speaks DynamoDB for profiles. */
import {
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { BillingState } from '@shared/billing/schemas';
import type { EmailSuppression } from '@shared/notifications/mail-feedback';
import type { Profile } from '@shared/profiles/schemas';

export interface ProfilesRepo {
  get(id: string): Promise<Profile | undefined>;
  /** Stores a new profile; returns false when one already exists for the id. */
  createIfAbsent(profile: Profile): Promise<boolean>;
  /** Sets the given fields; returns the updated profile, or undefined when it does not exist. */
  update(id: string, changes: Partial<Omit<Profile, 'id'>>): Promise<Profile | undefined>;
  /**
   * Sets the billing state (and the plan fields it implies) unless the profile already holds a
   * state read later than this one (`billing.updated_at`): of two webhooks racing, the newer
   * reading wins. Returns the profile, or undefined when none exists or a newer state is kept.
   */
  updateBilling(
    id: string,
    changes: Partial<Omit<Profile, 'id'>> & { billing: BillingState },
  ): Promise<Profile | undefined>;
  /** The ids of the profiles holding exactly this address (index `by_email`). */
  idsByEmail(email: string): Promise<string[]>;
  /**
   * Turns e-mail off for the profile while its address is still `suppression.address`; false
   * when the profile is gone or its address has changed since (nothing written).
   */
  suppressEmail(id: string, suppression: EmailSuppression): Promise<boolean>;
}

export function profilesRepo(client: DynamoDBDocumentClient, tableName: string): ProfilesRepo {
  return {
    async get(id) {
      const { Item } = await client.send(
        new GetCommand({ TableName: tableName, Key: { id }, ConsistentRead: true }),
      );
      return Item as Profile | undefined;
    },

    async createIfAbsent(profile) {
      try {
        await client.send(
          new PutCommand({
            TableName: tableName,
            Item: profile,
            ConditionExpression: 'attribute_not_exists(id)',
          }),
        );
        return true;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return false;
        throw error;
      }
    },

    update(id, changes) {
      return setFields(id, changes);
    },

    updateBilling(id, changes) {
      return setFields(id, changes, {
        condition: 'attribute_not_exists(#billing) OR #billing.updated_at <= :readAt',
        names: { '#billing': 'billing' },
        values: { ':readAt': changes.billing.updated_at },
      });
    },

    async idsByEmail(email) {
      const { Items } = await client.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'by_email',
          KeyConditionExpression: 'email = :e',
          ExpressionAttributeValues: { ':e': email },
          ProjectionExpression: 'id',
        }),
      );
      return (Items ?? []).map((item) => item.id as string);
    },

    async suppressEmail(id, suppression) {
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { id },
            UpdateExpression: 'SET email_suppression = :s',
            ConditionExpression: 'attribute_exists(id) AND email = :e',
            ExpressionAttributeValues: { ':s': suppression, ':e': suppression.address },
          }),
        );
        return true;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return false;
        throw error;
      }
    },
  };

  async function setFields(
    id: string,
    changes: Partial<Omit<Profile, 'id'>>,
    extra?: { condition: string; names: Record<string, string>; values: Record<string, unknown> },
  ): Promise<Profile | undefined> {
    const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
    const names = Object.fromEntries(entries.map(([key], i) => [`#f${i}`, key]));
    const values = Object.fromEntries(entries.map(([, value], i) => [`:v${i}`, value]));
    try {
      const { Attributes } = await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { id },
          UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
          ConditionExpression: extra
            ? `attribute_exists(id) AND (${extra.condition})`
            : 'attribute_exists(id)',
          ExpressionAttributeNames: { ...names, ...extra?.names },
          ExpressionAttributeValues: { ...values, ...extra?.values },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return Attributes as Profile;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return undefined;
      throw error;
    }
  }
}
