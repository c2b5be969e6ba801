/**
 * The only file that speaks DynamoDB for watchlists (table `watchlists`: the user's id, then the
 * ticker). Every read and write names the user's partition, so no user reaches another's list.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, type DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { WatchedTicker } from '@shared/watchlist/schemas';

export interface WatchlistRepo {
  /** The user's tickers, in no particular order. */
  list(userId: string): Promise<WatchedTicker[]>;
  /** Adds the ticker unless it is there; the entry as stored (the first `addedAt` kept). */
  add(userId: string, entry: WatchedTicker): Promise<WatchedTicker>;
  /** Removes the ticker; false when it was not on the list. */
  remove(userId: string, ticker: string): Promise<boolean>;
}

export function watchlistRepo(client: DynamoDBDocumentClient, tableName: () => string): WatchlistRepo {
  const list = async (userId: string) => {
    const out: WatchedTicker[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await client.send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'user_id = :u',
          ExpressionAttributeValues: { ':u': userId },
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of page.Items ?? [])
        out.push({ ticker: item.ticker as string, addedAt: item.added_at as string });
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return out;
  };
  return {
    list,
    async add(userId, entry) {
      try {
        await client.send(
          new PutCommand({
            TableName: tableName(),
            Item: { user_id: userId, ticker: entry.ticker, added_at: entry.addedAt },
            ConditionExpression: 'attribute_not_exists(ticker)',
          }),
        );
        return entry;
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
        return (await list(userId)).find((t) => t.ticker === entry.ticker) ?? entry;
      }
    },
    async remove(userId, ticker) {
      const { Attributes } = await client.send(
        new DeleteCommand({
          TableName: tableName(),
          Key: { user_id: userId, ticker },
          ReturnValues: 'ALL_OLD',
        }),
      );
      return Attributes !== undefined;
    },
  };
}
