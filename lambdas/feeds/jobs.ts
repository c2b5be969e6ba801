import { dynamoDb } from '../common/clients';
import { tableName } from '../common/env';
import { recordMetric, scheduledJob } from '../common/observability';
import { notifyNewFeedItems } from '../notifications/jobs';
import { providerStatusRepo } from './provider-status';
import { configuredRealFeeds } from './real-feeds';
import { feedsRepo } from './repository';
import { scorecardRepo } from './scorecard-repository';
import { scoreSignals as scoreAll, scorecardSource } from './scorecards';
import { enforceFeedCaps as trimFeeds, runFeedGenerators } from './service';

const repo = feedsRepo(dynamoDb, tableName('feeds'));
/** The stage's real providers' feeds (SOCIAL_PROVIDER, ...); the others stay simulated. */
const realFeeds = configuredRealFeeds(providerStatusRepo(dynamoDb, tableName('feeds')));

/** Scheduled job (shared/src/schedules.ts): writes every feed's items due over the next run's interval. */
export const generateFeeds = scheduledJob('feeds', 'generateFeeds', async (logger) => {
  const started = Date.now();
  const { repo: watched, written: newItems } = notifyNewFeedItems.watch(repo);
  const written = await runFeedGenerators(watched, undefined, undefined, realFeeds);
  await notifyNewFeedItems(newItems, logger);
  for (const [feed, count] of Object.entries(written)) recordMetric('feedItemsWritten', count, { feed });
  logger.info('feeds generated', { written, ms: Date.now() - started });
  return written;
});

/** Scheduled job (shared/src/schedules.ts): keeps every feed within its cap. */
export const enforceFeedCaps = scheduledJob('feeds', 'enforceFeedCaps', async (logger) => {
  const removed = await trimFeeds(repo);
  logger.info('feed caps enforced', { removed });
  return removed;
});

/**
 * Scheduled job (shared/src/schedules.ts): records the signals of the scorecards and values each
 * horizon that has come, once. Real signals are recorded, not yet valued (no live quotes here).
 */
export const scoreSignals = scheduledJob('feeds', 'scoreSignals', async (logger) => {
  const runs = await scoreAll({
    repo: scorecardRepo(dynamoDb, tableName('feeds')),
    sourceOf: (kind) => scorecardSource(kind),
    feeds: repo,
  });
  logger.info('signals scored', { runs });
  return runs;
});
