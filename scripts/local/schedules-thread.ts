/**
 * The schedules thread (threads.ts): the jobs of the shared schedule table at their EventBridge
 * rates, as separate Lambdas run them in AWS, and the TTL reaper (DynamoDB's own background
 * work, which dynalite lacks), off the API's event loop. Stopping does not wait for a run under
 * way: the thread ends before dynalite does, and a cut-off run loses nothing (a run writes the
 * same items as any run would, and the next one writes what is missing).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { performance } from 'node:perf_hooks';
import { reapExpiredItems } from './dynamo';
import { startScheduleTimers } from './schedules';
import type { ThreadMain } from './threads';

export const TTL_REAP_EVERY_MS = 60_000;

/**
 * The jobs whose first run the thread is ready after: the chain snapshot (with a real chain
 * provider; at once otherwise) and the feeds' items are written (and capped) before npm start says
 * "Ready", so neither the chain pages nor the feed pages are empty at start.
 */
export const READY_AFTER_FIRST_RUN: ReadonlySet<string> = new Set([
  'snapshotChains',
  'generateFeeds',
  'enforceFeedCaps',
]);

export const main: ThreadMain<{ rootDir: string }, { firstRunMs: number }> = async ({ rootDir }, log) => {
  const started = performance.now();
  const stopTimers = await startScheduleTimers(rootDir, log, READY_AFTER_FIRST_RUN);
  const firstRunMs = Math.round(performance.now() - started);
  const dynamoClient = new DynamoDBClient({});
  const reaper = setInterval(() => {
    reapExpiredItems(dynamoClient).catch((error: unknown) => log(`[ttl] ${(error as Error).message}`));
  }, TTL_REAP_EVERY_MS);
  return {
    info: { firstRunMs },
    close: () => {
      clearInterval(reaper);
      void stopTimers(); // no new runs; the thread ends with whatever is under way
    },
  };
};
