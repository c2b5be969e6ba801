/** The only file that speaks DynamoDB for feeds. Items sort newest first by `sk` = `<iso ts>#<id>`. */
import { BatchWriteCommand, type DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';

export interface FeedsRepo {
  /** Sort keys of the feed's items beyond the newest `keep`, oldest included. */
  keysBeyond(feed: string, keep: number): Promise<string[]>;
  deleteKeys(feed: string, sortKeys: string[]): Promise<void>;
}

const BATCH = 25;

export function feedsRepo(client: DynamoDBDocumentClient, tableName: string): FeedsRepo {
  return {
    async keysBeyond(feed, keep) {
      const keys: string[] = [];
      let seen = 0;
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await client.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'feed = :feed',
            ExpressionAttributeValues: { ':feed': feed },
            ProjectionExpression: 'sk',
            ScanIndexForward: false,
            ExclusiveStartKey: startKey,
          }),
        );
        for (const item of page.Items ?? []) {
          if (seen >= keep) keys.push(String(item.sk));
          seen += 1;
        }
        startKey = page.LastEvaluatedKey;
      } while (startKey);
      return keys;
    },

    async deleteKeys(feed, sortKeys) {
      for (let i = 0; i < sortKeys.length; i += BATCH) {
        let requests: Record<string, unknown[]> | undefined = {
          [tableName]: sortKeys.slice(i, i + BATCH).map((sk) => ({ DeleteRequest: { Key: { feed, sk } } })),
        };
        while (requests && Object.keys(requests).length > 0) {
          const result = await client.send(new BatchWriteCommand({ RequestItems: requests as never }));
          requests = result.UnprocessedItems as Record<string, unknown[]> | undefined;
        }
      }
    },
  };
}
