import { dynamoDb } from '../common/clients';
import { tableName } from '../common/env';
import { createLogger } from '../common/logger';
import { feedsRepo } from './repository';
import { enforceFeedCaps as trimFeeds, runFeedGenerators } from './service';

const logger = createLogger('feeds');
const repo = feedsRepo(dynamoDb, tableName('feeds'));

/** Scheduled job (shared/src/schedules.ts): writes every feed's items due over the next run's interval. */
export async function generateFeeds(): Promise<Record<string, number>> {
  const started = Date.now();
  const written = await runFeedGenerators(repo);
  logger.info('feeds generated', { written, ms: Date.now() - started });
  return written;
}

/** Scheduled job (shared/src/schedules.ts): keeps every feed within its cap. */
export async function enforceFeedCaps(): Promise<Record<string, number>> {
  const removed = await trimFeeds(repo);
  logger.info('feed caps enforced', { removed });
  return removed;
}
