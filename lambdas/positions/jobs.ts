import { targetRulesOf } from '@shared/trades/target-rules';
import { dynamoDb } from '../common/clients';
import { marketNow } from '../common/clock';
import { tableName } from '../common/env';
import { scheduledJob } from '../common/observability';
import { configuredEarningsSource } from '../feeds/earnings-source';
import { configuredChainSource } from '../market/chain-source';
import { notificationDeps } from '../notifications/deps';
import { notifyFeedItems } from '../notifications/matching';
import { profilesRepo } from '../profile/repository';
import { tradesRepo } from '../trades/repository';
import { positionAlertsRepo } from './alerts-repository';
import { recordPositionTargets as run, type TargetAlertDeps } from './target-alerts';

const notifications = notificationDeps();
const chains = configuredChainSource();
/** The stage's earnings calendar (EARNINGS_PROVIDER), as GET /api/positions reads it. */
const earnings = configuredEarningsSource(marketNow);

/** The job's dependencies: the stage's tables, chain provider and notification pipeline. */
export function positionTargetDeps(): TargetAlertDeps {
  const profiles = profilesRepo(dynamoDb, tableName('profiles'));
  return {
    trades: tradesRepo(dynamoDb, tableName('trades')),
    chains,
    rulesOf: async (userId) => targetRulesOf(await profiles.get(userId)),
    alerts: positionAlertsRepo(dynamoDb, () => tableName('notifications')),
    notify: (items) => notifyFeedItems(notifications, 'targets', items),
  };
}

/**
 * Scheduled job (shared/src/schedules.ts): records the targets every user's open positions reached
 * this minute, once each, and notifies them. Outside a regular session it reads nothing.
 */
export const recordPositionTargets = scheduledJob('positions', 'recordPositionTargets', async (logger) => {
  const started = Date.now();
  const at = marketNow();
  const result = await run(positionTargetDeps(), at, async () => {
    await earnings?.refresh();
  });
  for (const failure of result.failures) logger.error('positions not marked', failure);
  const { failures, ...counts } = result;
  logger.info('position targets recorded', { ...counts, failed: failures.length, ms: Date.now() - started });
  // A user whose positions could not be marked fails the run (its alarm fires) once the others are done.
  if (failures.length > 0) throw failures[0]!.error;
  return counts;
});
