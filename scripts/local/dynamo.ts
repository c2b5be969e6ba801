/**
 * Local DynamoDB: dynalite in a thread of its own (dynalite-thread.mjs), on disk (LevelDB) or in
 * memory, plus what dynalite lacks and the product relies on: tables created from the shared
 * definitions, and a TTL reaper.
 */
import {
  CreateTableCommand,
  DeleteItemCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  ListTablesCommand,
  ScanCommand,
  UpdateTableCommand,
} from '@aws-sdk/client-dynamodb';
import { tables, type GlobalIndex, type KeyAttribute, type TableDefinition } from '@shared/tables';
import { startThread } from './threads';

export interface LocalDynamo {
  endpoint: string;
  close(): Promise<void>;
}

/**
 * Starts dynalite in a worker thread (threads.ts): as DynamoDB is a service of its own in AWS,
 * its work never holds up the event loop of whoever calls it (the API, a test, a bench).
 */
export async function startDynamo(
  options: { path?: string; host?: string; port?: number },
  log: (line: string) => void = (line) => console.error(line),
): Promise<LocalDynamo> {
  const thread = startThread<typeof options, { endpoint: string }>(
    'dynalite',
    new URL('./dynalite-thread.mjs', import.meta.url),
    options,
    log,
  );
  try {
    return { endpoint: (await thread.ready).endpoint, close: () => thread.close() };
  } catch (error) {
    await thread.close();
    throw error;
  }
}

/** The local physical name of a table: its logical id. */
export const localTableName = (definition: TableDefinition) => definition.id;

/** Creates every table of the shared definitions that does not exist yet. */
export async function ensureTables(client: DynamoDBClient): Promise<void> {
  const existing = new Set((await client.send(new ListTablesCommand({}))).TableNames ?? []);
  for (const definition of Object.values(tables) as TableDefinition[]) {
    const name = localTableName(definition);
    if (existing.has(name)) {
      await addMissingIndexes(client, definition);
      continue;
    }
    const keys = [
      definition.partitionKey,
      definition.sortKey,
      ...(definition.globalIndexes ?? []).flatMap((i) => [i.partitionKey, i.sortKey]),
    ].filter((k): k is NonNullable<typeof k> => k !== undefined);
    const attributes = [...new Map(keys.map((k) => [k.name, k])).values()];
    await client.send(
      new CreateTableCommand({
        TableName: name,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: attributes.map((a) => ({ AttributeName: a.name, AttributeType: a.type })),
        KeySchema: [
          { AttributeName: definition.partitionKey.name, KeyType: 'HASH' },
          ...(definition.sortKey
            ? [{ AttributeName: definition.sortKey.name, KeyType: 'RANGE' as const }]
            : []),
        ],
        ...(definition.globalIndexes?.length
          ? {
              GlobalSecondaryIndexes: definition.globalIndexes.map((index) => ({
                IndexName: index.name,
                KeySchema: indexKeySchema(index),
                Projection: { ProjectionType: 'ALL' as const },
              })),
            }
          : {}),
      }),
    );
  }
}

const indexKeySchema = (index: GlobalIndex) => [
  { AttributeName: index.partitionKey.name, KeyType: 'HASH' as const },
  ...(index.sortKey ? [{ AttributeName: index.sortKey.name, KeyType: 'RANGE' as const }] : []),
];

/**
 * A data dir made before an index was added to the shared definitions gets it now, as a deploy
 * would add it in AWS (one index per update, as CloudFormation requires).
 */
async function addMissingIndexes(client: DynamoDBClient, definition: TableDefinition): Promise<void> {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: localTableName(definition) }));
  const present = new Set((Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
  for (const index of definition.globalIndexes ?? []) {
    if (present.has(index.name)) continue;
    await client.send(
      new UpdateTableCommand({
        TableName: localTableName(definition),
        AttributeDefinitions: [index.partitionKey, index.sortKey]
          .filter((k): k is KeyAttribute => k !== undefined)
          .map((k) => ({ AttributeName: k.name, AttributeType: k.type })),
        GlobalSecondaryIndexUpdates: [
          {
            Create: {
              IndexName: index.name,
              KeySchema: indexKeySchema(index),
              Projection: { ProjectionType: 'ALL' },
            },
          },
        ],
      }),
    );
  }
}

/**
 * dynalite never applies TTL. This deletes items whose TTL attribute (epoch seconds) has passed,
 * as DynamoDB would (AWS does it within days; reads must still filter expired items themselves).
 */
export async function reapExpiredItems(
  client: DynamoDBClient,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<number> {
  let deleted = 0;
  for (const definition of Object.values(tables) as TableDefinition[]) {
    if (!definition.ttlAttribute) continue;
    const keyNames = [definition.partitionKey.name, definition.sortKey?.name].filter((n): n is string => !!n);
    let startKey: Record<string, import('@aws-sdk/client-dynamodb').AttributeValue> | undefined;
    do {
      const page = await client.send(
        new ScanCommand({
          TableName: localTableName(definition),
          FilterExpression: '#ttl < :now',
          ExpressionAttributeNames: { '#ttl': definition.ttlAttribute },
          ExpressionAttributeValues: { ':now': { N: String(nowSeconds) } },
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of page.Items ?? []) {
        const key = Object.fromEntries(keyNames.map((name) => [name, item[name]!]));
        await client.send(new DeleteItemCommand({ TableName: localTableName(definition), Key: key }));
        deleted += 1;
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey);
  }
  return deleted;
}
