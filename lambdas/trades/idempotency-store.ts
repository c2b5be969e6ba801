/**
 * The only file that speaks DynamoDB for the idempotency table (see shared/src/tables.ts): the
 * records that make a repeated journal write change nothing. Expiry is checked here, against the
 * request's clock, not left to TTL (which deletes late, and not at all in the local runtime).
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { IDEMPOTENCY_KEY_RETENTION_HOURS } from '@shared/api/idempotency';

/** What a `POST /api/trades` key was first used for. */
export interface KeyRecord {
  /** A hash of the validated request body. */
  fingerprint: string;
  trade_id: string;
  /** The clock the trade was built at (its created_at), so a replay builds the same trade. */
  created_at: string;
  /** The trade was stored (a replay then writes nothing, even if the trade was deleted since). */
  done: boolean;
}

export type ImportStatus = 'running' | 'partial' | 'complete';

/** A CSV import's progress, per file (by a hash of its content and format). */
export interface ImportRecord {
  status: ImportStatus;
  /** The clock of the file's first import: rows without an open time open then, on every retry. */
  started_at: string;
  /** Valid rows in the file. */
  rows: number;
  updated_at: string;
}

export interface IdempotencyStore {
  /**
   * Records `record` under `key` unless a live record is there; answers the live record and
   * whether it is the one just written.
   */
  claimKey(
    userId: string,
    key: string,
    record: KeyRecord,
    now: Date,
  ): Promise<{ claimed: boolean; record: KeyRecord }>;
  /** Notes that the key's trade is stored. */
  completeKey(userId: string, key: string): Promise<void>;
  /** The file's live import record, if any. */
  getImport(userId: string, fileHash: string, now: Date): Promise<ImportRecord | undefined>;
  /** Marks the file's import running (a first import starts its clock now); answers the record. */
  startImport(userId: string, fileHash: string, rows: number, now: Date): Promise<ImportRecord>;
  finishImport(
    userId: string,
    fileHash: string,
    status: Exclude<ImportStatus, 'running'>,
    now: Date,
  ): Promise<void>;
}

/** An import's record is kept this long after it last ran (a retry within it resumes on the same clock). */
export const IMPORT_RECORD_RETENTION_DAYS = 30;

const HOUR_S = 60 * 60;
const epochSeconds = (at: Date) => Math.floor(at.getTime() / 1000);
const keySk = (key: string) => `key#${key}`;
const importSk = (fileHash: string) => `import#${fileHash}`;

/** A put that succeeds only where no record is, or only an expired one. */
async function putIfAbsent(
  client: DynamoDBDocumentClient,
  tableName: string,
  item: Record<string, unknown>,
  now: Date,
): Promise<boolean> {
  try {
    await client.send(
      new PutCommand({
        TableName: tableName,
        Item: item,
        ConditionExpression: 'attribute_not_exists(sk) OR expires_at <= :now',
        ExpressionAttributeValues: { ':now': epochSeconds(now) },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

export function idempotencyStore(client: DynamoDBDocumentClient, table: () => string): IdempotencyStore {
  const read = async (userId: string, sk: string, now: Date) => {
    const { Item } = await client.send(
      new GetCommand({ TableName: table(), Key: { user_id: userId, sk }, ConsistentRead: true }),
    );
    return Item && Number(Item.expires_at) > epochSeconds(now) ? Item : undefined;
  };

  return {
    async claimKey(userId, key, record, now) {
      const item = {
        user_id: userId,
        sk: keySk(key),
        ...record,
        expires_at: epochSeconds(now) + IDEMPOTENCY_KEY_RETENTION_HOURS * HOUR_S,
      };
      if (await putIfAbsent(client, table(), item, now)) return { claimed: true, record };
      const live = await read(userId, keySk(key), now);
      // Gone between the two calls (expired and replaced, or the account deleted): claim again.
      if (!live) return this.claimKey(userId, key, record, now);
      return {
        claimed: false,
        record: {
          fingerprint: String(live.fingerprint),
          trade_id: String(live.trade_id),
          created_at: String(live.created_at),
          done: live.done === true,
        },
      };
    },

    async completeKey(userId, key) {
      await client
        .send(
          new UpdateCommand({
            TableName: table(),
            Key: { user_id: userId, sk: keySk(key) },
            UpdateExpression: 'SET done = :done',
            ConditionExpression: 'attribute_exists(sk)',
            ExpressionAttributeValues: { ':done': true },
          }),
        )
        .catch((error: unknown) => {
          // Expired and swept meanwhile: nothing to note.
          if (!(error instanceof ConditionalCheckFailedException)) throw error;
        });
    },

    async getImport(userId, fileHash, now) {
      const live = await read(userId, importSk(fileHash), now);
      return live
        ? {
            status: live.status as ImportStatus,
            started_at: String(live.started_at),
            rows: Number(live.rows),
            updated_at: String(live.updated_at),
          }
        : undefined;
    },

    async startImport(userId, fileHash, rows, now) {
      const at = now.toISOString();
      const expiresAt = epochSeconds(now) + IMPORT_RECORD_RETENTION_DAYS * 24 * HOUR_S;
      const fresh: ImportRecord = { status: 'running', started_at: at, rows, updated_at: at };
      const item = { user_id: userId, sk: importSk(fileHash), ...fresh, expires_at: expiresAt };
      if (await putIfAbsent(client, table(), item, now)) return fresh;
      const { Attributes } = await client.send(
        new UpdateCommand({
          TableName: table(),
          Key: { user_id: userId, sk: importSk(fileHash) },
          UpdateExpression: 'SET #status = :running, updated_at = :at, expires_at = :expires',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':running': 'running', ':at': at, ':expires': expiresAt },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return { ...fresh, started_at: String(Attributes?.started_at ?? at) };
    },

    async finishImport(userId, fileHash, status, now) {
      await client.send(
        new UpdateCommand({
          TableName: table(),
          Key: { user_id: userId, sk: importSk(fileHash) },
          UpdateExpression: 'SET #status = :status, updated_at = :at',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':status': status, ':at': now.toISOString() },
        }),
      );
    },
  };
}
