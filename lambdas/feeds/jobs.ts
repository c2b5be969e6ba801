import { dynamoDb } from '../common/clients';
import { tableName } from '../common/env';
import { createLogger } from '../common/logger';
import { feedsRepo } from './repository';
import { enforceFeedCaps as trimFeeds } from './service';

const logger = createLogger('feeds');
const repo = feedsRepo(dynamoDb, tableName('feeds'));

/** Scheduled job (shared/src/schedules.ts): keeps every feed within its cap. */
export async function enforceFeedCaps(): Promise<Record<string, number>> {
  const removed = await trimFeeds(repo);
  logger.info('feed caps enforced', { removed });
  return removed;
}
