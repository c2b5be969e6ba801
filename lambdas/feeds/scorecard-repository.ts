/**
 * The scorecards' records in the feeds table (docs/decisions/signal-scorecards.md), under keys the
 * feeds' cap job never reads (it trims the four feeds' partitions only):
 * - `scorecard#<kind>#<day>`, `sk` = `chunk#<nnn>`: a New York day's signals, a few hundred per item,
 *   each with its values as they are made (`version` guards a rewrite);
 * - `scorecard#days#<kind>`, `sk` = `<day>`: the day's sums per type, severity and horizon, its
 *   signal count, the horizons still to come and the first of them (`next_due`), its source.
 * Both expire (TTL) SCORECARD_KEEP_DAYS after the day.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { BucketSums } from '@shared/scorecards/arithmetic';
import type { ScorecardKind, ScorecardSource, SignalRecord } from '@shared/scorecards/schemas';

/** Signals per stored item (a dark pool day holds well over a thousand; an item holds at most 400 KB). */
export const SIGNALS_PER_CHUNK = 600;

export interface DaySummary {
  day: string;
  source: ScorecardSource;
  signals: number;
  pending: number;
  /** The first horizon still to be valued (ISO), null when none. */
  nextDue: string | null;
  /** The newest instant whose signals are recorded (ISO): a later run records only what came after. */
  recordedThrough: string;
  buckets: BucketSums[];
  /** The 5-minute slot of the run that replayed this (past) day, if one did. */
  replaySlot: number | null;
}

export interface RecordChunk {
  index: number;
  version: number;
  signals: SignalRecord[];
}

export interface ScorecardRepo {
  summaries(kind: ScorecardKind, fromDay: string, toDay: string): Promise<DaySummary[]>;
  putSummary(kind: ScorecardKind, summary: DaySummary, expiresAt: number): Promise<void>;
  chunks(kind: ScorecardKind, day: string): Promise<RecordChunk[]>;
  /** Writes a chunk at `version + 1` if it is still at `version` (0: new); false when another run got there first. */
  putChunk(kind: ScorecardKind, day: string, chunk: RecordChunk, expiresAt: number): Promise<boolean>;
}

const recordsKey = (kind: ScorecardKind, day: string) => `scorecard#${kind}#${day}`;
const daysKey = (kind: ScorecardKind) => `scorecard#days#${kind}`;
const chunkKey = (index: number) => `chunk#${String(index).padStart(3, '0')}`;

export function scorecardRepo(client: DynamoDBDocumentClient, tableName: string): ScorecardRepo {
  async function queryAll(input: Omit<ConstructorParameters<typeof QueryCommand>[0], 'TableName'>) {
    const out: Record<string, unknown>[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await client.send(
        new QueryCommand({ ...input, TableName: tableName, ExclusiveStartKey: startKey }),
      );
      out.push(...(page.Items ?? []));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return out;
  }

  return {
    async summaries(kind, fromDay, toDay) {
      const items = await queryAll({
        KeyConditionExpression: 'feed = :feed AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':feed': daysKey(kind), ':from': fromDay, ':to': toDay },
      });
      return items.map((item) => ({
        day: String(item.sk),
        source: item.source as ScorecardSource,
        signals: Number(item.signals ?? 0),
        pending: Number(item.pending ?? 0),
        nextDue: (item.next_due as string | null | undefined) ?? null,
        recordedThrough: String(item.recorded_through ?? ''),
        buckets: (item.buckets ?? []) as BucketSums[],
        replaySlot: typeof item.replay_slot === 'number' ? item.replay_slot : null,
      }));
    },

    async putSummary(kind, summary, expiresAt) {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            feed: daysKey(kind),
            sk: summary.day,
            source: summary.source,
            signals: summary.signals,
            pending: summary.pending,
            next_due: summary.nextDue,
            recorded_through: summary.recordedThrough,
            buckets: summary.buckets,
            replay_slot: summary.replaySlot,
            expires_at: expiresAt,
          },
        }),
      );
    },

    async chunks(kind, day) {
      const items = await queryAll({
        KeyConditionExpression: 'feed = :feed',
        ExpressionAttributeValues: { ':feed': recordsKey(kind, day) },
        ConsistentRead: true,
      });
      return items.map((item) => ({
        index: Number(String(item.sk).slice('chunk#'.length)),
        version: Number(item.version ?? 0),
        signals: (item.signals ?? []) as SignalRecord[],
      }));
    },

    async putChunk(kind, day, chunk, expiresAt) {
      try {
        await client.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              feed: recordsKey(kind, day),
              sk: chunkKey(chunk.index),
              version: chunk.version + 1,
              signals: chunk.signals,
              expires_at: expiresAt,
            },
            ConditionExpression: chunk.version === 0 ? 'attribute_not_exists(sk)' : '#version = :version',
            ...(chunk.version === 0
              ? {}
              : {
                  ExpressionAttributeNames: { '#version': 'version' },
                  ExpressionAttributeValues: { ':version': chunk.version },
                }),
          }),
        );
        return true;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return false;
        throw error;
      }
    },
  };
}
