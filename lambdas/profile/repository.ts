/** The only file that speaks DynamoDB for profiles. */
import { type DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { Profile } from '@shared/profiles/schemas';

export interface ProfilesRepo {
  get(id: string): Promise<Profile | undefined>;
  /** Stores a new profile; returns false when one already exists for the id. */
  createIfAbsent(profile: Profile): Promise<boolean>;
  /** Sets the given fields; returns the updated profile, or undefined when it does not exist. */
  update(id: string, changes: Partial<Omit<Profile, 'id'>>): Promise<Profile | undefined>;
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

    async update(id, changes) {
      const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
      const names = Object.fromEntries(entries.map(([key], i) => [`#f${i}`, key]));
      const values = Object.fromEntries(entries.map(([, value], i) => [`:v${i}`, value]));
      try {
        const { Attributes } = await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { id },
            UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
            ConditionExpression: 'attribute_exists(id)',
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
            ReturnValues: 'ALL_NEW',
          }),
        );
        return Attributes as Profile;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return undefined;
        throw error;
      }
    },
  };
}
