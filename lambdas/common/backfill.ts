/**
 * An operator's one-off over a whole table (`npm run admin -- backfill-…`): one paginated scan,
 * and for each item the update it needs, if any, conditioned on the item being unchanged since
 * the scan. Idempotent when the update is what the app's next write would store: a second run
 * finds nothing to change. An item the app wrote between the scan and its update is left alone
 * (that write stored what it needed), counted as changed meanwhile; any other error stops the run.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  ScanCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';

/** What one item needs: its conditional update and the outcome it counts as; null when nothing. */
export type BackfillStep<Outcome extends string> = {
  update: Omit<UpdateCommandInput, 'TableName'> & { ConditionExpression: string };
  outcome: Outcome;
} | null;

export type BackfillCounts<Outcome extends string> = Record<Outcome, number> & {
  scanned: number;
  unchanged: number;
  /** Written by the app between the scan and the update: left alone. */
  changedMeanwhile: number;
};

export async function backfillTable<Item, Outcome extends string>(
  client: DynamoDBDocumentClient,
  scan: {
    TableName: string;
    ProjectionExpression: string;
    ExpressionAttributeNames?: Record<string, string>;
  },
  outcomes: readonly Outcome[],
  stepOf: (item: Item) => BackfillStep<Outcome>,
): Promise<BackfillCounts<Outcome>> {
  const out = { scanned: 0, unchanged: 0, changedMeanwhile: 0 } as BackfillCounts<Outcome>;
  for (const outcome of outcomes) (out as Record<Outcome, number>)[outcome] = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(new ScanCommand({ ...scan, ExclusiveStartKey: startKey }));
    for (const item of (page.Items ?? []) as Item[]) {
      out.scanned += 1;
      const step = stepOf(item);
      if (!step) {
        out.unchanged += 1;
        continue;
      }
      try {
        await client.send(new UpdateCommand({ TableName: scan.TableName, ...step.update }));
        (out as Record<Outcome, number>)[step.outcome] += 1;
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
        out.changedMeanwhile += 1;
      }
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return out;
}
