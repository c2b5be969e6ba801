/**
 * The schedules thread (threads.ts): the jobs of the shared schedule table at their EventBridge
 * rates, as separate Lambdas run them in AWS, and the TTL reaper (DynamoDB's own background
 * work, which dynalite lacks), off the API's event loop. Stopping does not wait for a run under
 * way: the thread ends before dynalite does, and a cut-off run loses nothing (a run writes the
 * same items as any run would, and the next one writes what is missing).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { reapExpiredItems } from './dynamo';
import { startScheduleTimers } from './schedules';
import type { ThreadMain } from './threads';

export const TTL_REAP_EVERY_MS = 60_000;

export const main: ThreadMain<{ rootDir: string }, null> = async ({ rootDir }, log) => {
  const stopTimers = await startScheduleTimers(rootDir, log);
  const dynamoClient = new DynamoDBClient({});
  const reaper = setInterval(() => {
    reapExpiredItems(dynamoClient).catch((error: unknown) => log(`[ttl] ${(error as Error).message}`));
  }, TTL_REAP_EVERY_MS);
  return {
    info: null,
    close: () => {
      clearInterval(reaper);
      void stopTimers(); // no new runs; the thread ends with whatever is under way
    },
  };
};
