/**
 * A delivery recorded whose SQS send then failed (aws-sdk-client-mock fault injection) is found by
 * the sweep once any message of it would have reached the worker, queued again once however often
 * the sweep runs, sent once by the worker, and given up on (failed) when too old to be worth it.
 */
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it } from 'vitest';
import type { MarketAlert } from '@shared/feeds/schemas';
import { sqsQueue } from '../../../lambdas/notifications/aws';
import type { MailMessage } from '../../../lambdas/notifications/mail';
import { notifyFeedItems } from '../../../lambdas/notifications/matching';
import type {
  NotificationsRepo,
  StoredNotification,
  StoredRule,
} from '../../../lambdas/notifications/repository';
import { createRule, deliver, type NotificationDeps } from '../../../lambdas/notifications/service';
import {
  GIVE_UP_AFTER_MS,
  NOT_QUEUED,
  requeueUnsent,
  UNSENT_AFTER_MS,
} from '../../../lambdas/notifications/sweep';

/** The repository's contract as the DynamoDB one keeps it: `unsent` from the record to the first outcome. */
function memoryRepo() {
  const rules = new Map<string, StoredRule>();
  const deliveries = new Map<string, StoredNotification & { unsent?: boolean }>();
  const repo = {
    listRules: async (userId: string) => [...rules.values()].filter((r) => r.userId === userId),
    putRule: async (rule: StoredRule) => void rules.set(rule.id, structuredClone(rule)),
    getRule: async (userId: string, id: string) => (rules.get(id)?.userId === userId ? rules.get(id)! : null),
    rulesForFeed: async () => [...rules.values()],
    capCount: async () => 0,
    addToCap: async () => undefined,
    watchlist: async () => [],
    createNotification: async (n: StoredNotification) => {
      if (deliveries.has(n.id)) return false;
      deliveries.set(n.id, { ...structuredClone(n), ...(n.status === 'pending' ? { unsent: true } : {}) });
      return true;
    },
    getNotification: async (_u: string, id: string) => {
      const found = deliveries.get(id);
      if (!found) return null;
      const { unsent: _unsent, ...rest } = structuredClone(found);
      return rest;
    },
    updateNotification: async (_u: string, id: string, change: Partial<StoredNotification>) => {
      const { detail: _old, unsent: _unsent, ...rest } = deliveries.get(id)!;
      deliveries.set(id, { ...rest, ...change });
    },
    listUnsent: async (before: string) =>
      [...deliveries.values()]
        .filter((n) => n.unsent && n.updatedAt < before)
        .map(({ unsent: _unsent, ...rest }) => structuredClone(rest)),
    claimUnsent: async (_u: string, id: string, seen: string, at: string) => {
      const n = deliveries.get(id);
      if (!n?.unsent || n.status !== 'pending' || n.attempts !== 0 || n.updatedAt !== seen) return false;
      n.updatedAt = at;
      return true;
    },
    mailTarget: async () => ({
      email: 'dana@example.com',
      emailAlerts: true,
      tradeConfirmations: true,
      suppressed: null,
    }),
  } as unknown as NotificationsRepo;
  return { repo, deliveries };
}

const T0 = new Date('2026-03-10T15:00:00Z');

function setup() {
  const { repo, deliveries } = memoryRepo();
  const sqs = mockClient(SQSClient);
  const mail: MailMessage[] = [];
  let now = T0;
  const deps: NotificationDeps = {
    repo,
    mailer: { send: async (m) => void mail.push(m) },
    webhook: { allowLocal: false },
    vapidKeys: async () => null,
    enqueue: sqsQueue('https://sqs.example/queue', sqs as unknown as SQSClient),
    planAllows: async () => true,
    now: () => now,
  };
  return { deps, deliveries, sqs, mail, at: (ms: number) => (now = new Date(T0.getTime() + ms)) };
}

const alert = {
  id: 'a1',
  ticker: 'NVDA',
  type: 'breakout',
  message: 'broke out',
  severity: 'high',
  timestamp: '2026-03-10T14:59:00.000Z',
} as MarketAlert;
const rule = {
  name: 'Mine',
  condition: { feed: 'alerts' as const, minSeverity: 'high' as const },
  tickers: ['NVDA'],
  watchlist: false,
  held: false,
  channels: ['email' as const],
  dailyCap: 20,
  enabled: true,
};

const sentRefs = (sqs: ReturnType<typeof mockClient>) =>
  sqs
    .commandCalls(SendMessageCommand)
    .map((call) => JSON.parse(call.args[0].input.MessageBody!) as { id: string });

describe('requeueUnsent', () => {
  it('queues a delivery whose SQS send failed after its record, once, and the worker sends it once', async () => {
    const { deps, deliveries, sqs, mail, at } = setup();
    await createRule(deps, 'user-1', rule);
    sqs.on(SendMessageCommand).rejectsOnce(new Error('SQS unavailable')).resolves({ MessageId: 'm' });

    await expect(notifyFeedItems(deps, 'alerts', [alert])).rejects.toThrow('SQS unavailable');
    const [delivery] = [...deliveries.values()];
    expect(delivery).toMatchObject({ status: 'pending', attempts: 0 });
    // The job's retry finds the key taken: nothing written, nothing queued (the stuck case).
    expect(await notifyFeedItems(deps, 'alerts', [alert])).toBe(0);
    expect(sqs.commandCalls(SendMessageCommand)).toHaveLength(1);

    // Too early: a message of it could still be on its way to the worker.
    at(UNSENT_AFTER_MS - 60_000);
    expect(await requeueUnsent(deps)).toEqual({ requeued: 0, failed: 0 });

    at(UNSENT_AFTER_MS + 60_000);
    expect(await requeueUnsent(deps)).toEqual({ requeued: 1, failed: 0 });
    expect(sentRefs(sqs).at(-1)).toEqual({ userId: 'user-1', id: delivery!.id });
    // A second run (or a second sweep at once) does not queue it again.
    expect(await requeueUnsent(deps)).toEqual({ requeued: 0, failed: 0 });
    expect(sqs.commandCalls(SendMessageCommand)).toHaveLength(2);

    await deliver(deps, { userId: 'user-1', id: delivery!.id });
    await deliver(deps, { userId: 'user-1', id: delivery!.id });
    expect(mail).toHaveLength(1);
    expect(deliveries.get(delivery!.id)).toMatchObject({ status: 'sent', attempts: 1 });

    at(2 * UNSENT_AFTER_MS);
    expect(await requeueUnsent(deps)).toEqual({ requeued: 0, failed: 0 });
  });

  it('leaves a delivery the worker has tried (a retry waiting in SQS) alone', async () => {
    const { deps, deliveries, sqs, at } = setup();
    await createRule(deps, 'user-1', rule);
    sqs.on(SendMessageCommand).resolves({ MessageId: 'm' });
    await notifyFeedItems(deps, 'alerts', [alert]);
    const [delivery] = [...deliveries.values()];
    await deps.repo.updateNotification('user-1', delivery!.id, {
      status: 'pending',
      attempts: 1,
      updatedAt: T0.toISOString(),
      detail: 'HTTP 503',
    });
    at(UNSENT_AFTER_MS * 2);
    expect(await requeueUnsent(deps)).toEqual({ requeued: 0, failed: 0 });
    expect(sqs.commandCalls(SendMessageCommand)).toHaveLength(1);
  });

  it('keeps a delivery unsent when the re-queue fails too, and tries again on a later run', async () => {
    const { deps, deliveries, sqs, at } = setup();
    await createRule(deps, 'user-1', rule);
    sqs.on(SendMessageCommand).rejects(new Error('SQS unavailable'));
    await expect(notifyFeedItems(deps, 'alerts', [alert])).rejects.toThrow();
    at(UNSENT_AFTER_MS + 1000);
    expect(await requeueUnsent(deps)).toEqual({ requeued: 0, failed: 0 });
    sqs.on(SendMessageCommand).resolves({ MessageId: 'm' });
    at(2 * UNSENT_AFTER_MS + 2000);
    expect(await requeueUnsent(deps)).toEqual({ requeued: 1, failed: 0 });
    expect([...deliveries.values()][0]!.status).toBe('pending');
  });

  it('marks failed a delivery never queued for longer than it is worth', async () => {
    const { deps, deliveries, sqs, at } = setup();
    await createRule(deps, 'user-1', rule);
    sqs.on(SendMessageCommand).rejects(new Error('SQS unavailable'));
    await expect(notifyFeedItems(deps, 'alerts', [alert])).rejects.toThrow();
    at(GIVE_UP_AFTER_MS + 1000);
    expect(await requeueUnsent(deps)).toEqual({ requeued: 0, failed: 1 });
    expect([...deliveries.values()][0]).toMatchObject({ status: 'failed', detail: NOT_QUEUED });
    expect(await requeueUnsent(deps)).toEqual({ requeued: 0, failed: 0 });
  });
});
