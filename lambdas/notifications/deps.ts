/**
 * The notification services' dependencies as the handlers and the feeds job build them. In AWS
 * (a stage other than `local`) a pending delivery goes to the SQS queue named by
 * NOTIFICATIONS_QUEUE_URL and the worker sends it; the local runtime sends it in-process, with the
 * same attempts and a backoff, and writes e-mail to the outbox (LOCAL_OUTBOX_FILE). Webhooks to
 * 127.0.0.1 over http are allowed only by `npm start` with ALLOW_LOCAL_WEBHOOKS=true (tests).
 */
import { effectivePlan, planAllows } from '@shared/constants/plans';
import { notificationEnv } from '@shared/notifications/env';
import { runtimeEnv } from '@shared/secrets';
import { dynamoDb } from '../common/clients';
import { tableName } from '../common/env';
import { createLogger } from '../common/observability';
import { profilesRepo } from '../profile/repository';
import { sesMailer, sqsQueue } from './aws';
import { localSimulatorFeedback } from './feedback';
import { localOutboxMailer, type Mailer } from './mail';
import { readVapidKeys } from './push';
import { notificationsRepo } from './repository';
import {
  deliver,
  MAX_ATTEMPTS,
  RetryableDeliveryError,
  type DeliveryRef,
  type NotificationDeps,
} from './service';

export { notificationEnv };

const isLocal = () => (process.env[runtimeEnv.stage] ?? 'local') === 'local';

export const allowLocalWebhooks = () =>
  isLocal() && process.env[notificationEnv.allowLocalWebhooks] === 'true';

function mailer(): Mailer | null {
  if (isLocal()) {
    const outbox = process.env[notificationEnv.localOutboxFile];
    if (!outbox) return null;
    return localOutboxMailer(outbox, console.log, async (to) => {
      await localSimulatorFeedback(profilesRepo(dynamoDb, tableName('profiles')), to);
    });
  }
  const from = process.env[notificationEnv.mailFrom];
  return from ? sesMailer(from) : null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The local worker: waits until the delivery is due, then tries it up to MAX_ATTEMPTS times with
 * a doubling backoff, as the SQS queue's redrive does in AWS.
 */
function localQueue(deps: () => NotificationDeps) {
  const log = createLogger('notifications');
  return async (ref: DeliveryRef, deliverAt: Date) => {
    const base = Number(process.env[notificationEnv.localRetryMs] ?? 1000);
    const run = async () => {
      const wait = deliverAt.getTime() - Date.now();
      if (wait > 0) await sleep(wait);
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        try {
          await deliver(deps(), ref);
          return;
        } catch (error) {
          if (!(error instanceof RetryableDeliveryError)) throw error;
          await sleep(base * 2 ** (attempt - 1));
        }
      }
    };
    // A delivery due later is left to run; one due now is awaited (the job's caller sees it done).
    const running = run().catch((error: unknown) => log.error('local delivery failed', { error }));
    if (deliverAt.getTime() <= Date.now()) await running;
  };
}

/** The dependencies at module scope of a handler or job (tables read on first use). */
export function notificationDeps(): NotificationDeps {
  const deps: NotificationDeps = {
    repo: notificationsRepo(
      dynamoDb,
      () => tableName('notifications'),
      () => tableName('profiles'),
      () => tableName('watchlists'),
      () => tableName('trades'),
    ),
    get mailer() {
      return mailer();
    },
    webhook: {
      get allowLocal() {
        return allowLocalWebhooks();
      },
    },
    vapidKeys: readVapidKeys,
    enqueue: async (ref, deliverAt) => {
      if (isLocal()) return localQueue(() => deps)(ref, deliverAt);
      const queueUrl = process.env[notificationEnv.queueUrl];
      // Without a queue the delivery stays pending (logged), as it would with the queue down.
      if (!queueUrl)
        return createLogger('notifications').warn('notification queue not configured', { id: ref.id });
      await sqsQueue(queueUrl)(ref, deliverAt);
    },
    // Judged on the profile alone (the job has no Cognito grant): no profile, no notifications.
    planAllows: async (userId, feature) => {
      const profile = await profilesRepo(dynamoDb, tableName('profiles')).get(userId);
      return profile !== undefined && planAllows(effectivePlan(profile, new Date()), feature);
    },
    now: () => new Date(),
  };
  return deps;
}
