/**
 * The sweep of deliveries whose queue message was never sent (docs/features/notifications.md):
 * a delivery is recorded first and queued second, so an SQS send that fails after the record
 * leaves it `pending` with a key a retry finds taken. Every few minutes this job re-queues each
 * delivery still pending and untried long after any message of it would have reached the worker
 * (SQS's longest delay, then every receive's visibility timeout, and a margin), and gives up on
 * one too old to be worth sending. It never sends: the worker does, and only a delivery still
 * `pending`, so a delivery re-queued while a late message of it exists is still sent once.
 */
import type { Logger } from '../common/observability';
import { MAX_DELAY_SECONDS } from './aws';
import { MAX_ATTEMPTS, type NotificationDeps } from './service';

/** The queue's visibility timeout (infra/constructs/notification-delivery.ts: six times the worker's 30 s). */
export const VISIBILITY_TIMEOUT_SECONDS = 180;
/** Untried this long after its last change, a delivery's message is taken as lost: 15 + 9 minutes, and 6 more. */
export const UNSENT_AFTER_MS = (MAX_DELAY_SECONDS + MAX_ATTEMPTS * VISIBILITY_TIMEOUT_SECONDS + 360) * 1000;
/** An alert this old is no longer worth sending: the delivery is marked failed instead. */
export const GIVE_UP_AFTER_MS = 6 * 3600 * 1000;
/** Deliveries looked at per run (the rest wait for the next run). */
export const SWEEP_BATCH = 200;
export const NOT_QUEUED = 'not queued within 6 hours';

export interface SweepResult {
  requeued: number;
  failed: number;
}

export async function requeueUnsent(
  deps: NotificationDeps,
  logger?: Pick<Logger, 'warn' | 'info'>,
): Promise<SweepResult> {
  const now = deps.now();
  const before = new Date(now.getTime() - UNSENT_AFTER_MS).toISOString();
  const result: SweepResult = { requeued: 0, failed: 0 };
  for (const delivery of await deps.repo.listUnsent(before, SWEEP_BATCH)) {
    if (delivery.status !== 'pending' || delivery.attempts > 0) continue;
    if (now.getTime() - Date.parse(delivery.createdAt) > GIVE_UP_AFTER_MS) {
      await deps.repo.updateNotification(delivery.userId, delivery.id, {
        status: 'failed',
        attempts: delivery.attempts,
        updatedAt: now.toISOString(),
        detail: NOT_QUEUED,
      });
      result.failed += 1;
      continue;
    }
    // Claimed first: a second sweep (or a worker that got to it) makes the claim fail.
    if (!(await deps.repo.claimUnsent(delivery.userId, delivery.id, delivery.updatedAt, now.toISOString())))
      continue;
    try {
      await deps.enqueue({ userId: delivery.userId, id: delivery.id }, now);
      result.requeued += 1;
    } catch (error) {
      // Still unsent: the next run after UNSENT_AFTER_MS tries again.
      logger?.warn('re-queue failed', { id: delivery.id, error });
    }
  }
  if (result.requeued + result.failed > 0) logger?.info('unsent deliveries swept', { ...result });
  return result;
}
