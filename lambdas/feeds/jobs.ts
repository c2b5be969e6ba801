import { dynamoDb } from '../common/clients';
import { tableName } from '../common/env';
import { recordMetric, scheduledJob } from '../common/observability';
import { notifyNewFeedItems } from '../notifications/jobs';
import { providerStatusRepo } from './provider-status';
import { configuredRealFeeds } from './real-feeds';
import { feedsRepo } from './repository';
import { scorecardPrices } from './scorecard-prices';
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

/** Where real signals are valued from: the stage's live quotes and recorded closes (built on first run). */
let prices: ReturnType<typeof scorecardPrices> | undefined;

/**
 * Scheduled job (shared/src/schedules.ts): records the signals of the scorecards and values each
 * horizon that has come, once: a real provider's from the stage's live quotes near the horizon,
 * or the session's recorded close at a horizon that is a close (./scorecard-prices).
 */
export const scoreSignals = scheduledJob('feeds', 'scoreSignals', async (logger) => {
  prices ??= scorecardPrices();
  const runs = await scoreAll({
    repo: scorecardRepo(dynamoDb, tableName('feeds')),
    sourceOf: (kind) => scorecardSource(kind),
    feeds: repo,
    ...prices,
  });
  logger.info('signals scored', { runs });
  return runs;
});
