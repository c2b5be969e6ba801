/**
 * The feeds job's hook: the items a feeds run wrote are matched against the users' notification
 * rules (lambdas/feeds/jobs.ts wraps its repository with `watch`, then calls this); and the sweep
 * of deliveries whose queue message was never sent (sweep.ts).
 */
import type { AnyFeedItem, FeedName } from '@shared/feeds/schemas';
import type { RuleFeedItem } from '@shared/notifications/matcher';
import type { RuleFeed } from '@shared/notifications/schemas';
import { scheduledJob, type Logger } from '../common/observability';
import type { FeedsRepo } from '../feeds/repository';
import { notificationDeps } from './deps';
import { notifyFeedItems } from './matching';
import { requeueUnsent } from './sweep';

const deps = notificationDeps();
/** The feeds whose items the feeds job writes (position targets come from the positions job). */
const RULE_FEEDS: readonly Exclude<RuleFeed, 'targets'>[] = ['alerts', 'darkpool', 'chatter'];

type Written = Map<FeedName, AnyFeedItem[]>;

/**
 * Matches the new items against the rules, feed by feed. A feed whose matching fails is logged and,
 * once the others have had their turn, fails the feeds job (its error metric and alarm fire and the
 * scheduler retries it), never reported as a success. The retry's own new items are matched; the
 * failed run's are not matched again (docs/known-limits.md).
 */
export async function notifyNewFeedItems(written: Written, logger: Logger): Promise<number> {
  let deliveries = 0;
  const failures: unknown[] = [];
  for (const feed of RULE_FEEDS) {
    const items = written.get(feed) ?? [];
    try {
      deliveries += await notifyFeedItems(deps, feed, items as RuleFeedItem[typeof feed][]);
    } catch (error) {
      logger.error('notifications failed', { feed, error });
      failures.push(error);
    }
  }
  if (deliveries > 0) logger.info('notifications written', { deliveries });
  if (failures.length > 0) throw failures[0];
  return deliveries;
}

/** The repository as it was, noting every item it stores. */
notifyNewFeedItems.watch = (repo: FeedsRepo): { repo: FeedsRepo; written: Written } => {
  const written: Written = new Map();
  return {
    written,
    repo: {
      ...repo,
      async putItems(feed, items, expiresAt) {
        await repo.putItems(feed, items, expiresAt);
        written.set(feed, [...(written.get(feed) ?? []), ...items]);
      },
    },
  };
};

/** Scheduled job (shared/src/schedules.ts): deliveries whose queue message was never sent are queued again. */
export const requeueUnsentNotifications = scheduledJob(
  'notifications',
  'requeueUnsentNotifications',
  (logger) => requeueUnsent(deps, logger),
);
