/**
 * The notification service on an in-memory repository: one delivery per rule, event and channel
 * however often the items come, the cap counted once per event, retries until failed, the worker
 * reporting retries to SQS, and the AWS adapters' requests (SQS delay, SES message).
 */
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it } from 'vitest';
import type { MarketAlert } from '@shared/feeds/schemas';
import { delaySeconds, sesMailer, sqsQueue } from '../../../lambdas/notifications/aws';
import type { MailMessage } from '../../../lambdas/notifications/mail';
import type {
  NotificationsRepo,
  StoredNotification,
  StoredRule,
} from '../../../lambdas/notifications/repository';
import {
  createRule,
  deliver,
  MAX_ATTEMPTS,
  notifyFeedItems,
  RetryableDeliveryError,
  type DeliveryRef,
  type NotificationDeps,
} from '../../../lambdas/notifications/service';
import { deliverBatch } from '../../../lambdas/notifications/worker';

function memoryRepo() {
  const rules = new Map<string, StoredRule>();
  const deliveries = new Map<string, StoredNotification>();
  const caps = new Map<string, number>();
  const watchlists = new Map<string, string[]>();
  const watchlistReads: string[] = [];
  const repo: NotificationsRepo = {
    listRules: async (userId) => [...rules.values()].filter((r) => r.userId === userId),
    getRule: async (userId, id) => (rules.get(id)?.userId === userId ? rules.get(id)! : null),
    putRule: async (rule) => void rules.set(rule.id, structuredClone(rule)),
    deleteRule: async (userId, id) => rules.get(id)?.userId === userId && rules.delete(id),
    rulesForFeed: async (feed) => [...rules.values()].filter((r) => r.enabled && r.condition.feed === feed),
    createNotification: async (n) => {
      if (deliveries.has(n.id)) return false;
      deliveries.set(n.id, structuredClone(n));
      return true;
    },
    getNotification: async (userId, id) =>
      deliveries.get(id)?.userId === userId ? structuredClone(deliveries.get(id)!) : null,
    updateNotification: async (_userId, id, change) => {
      const { detail: _old, ...rest } = deliveries.get(id)!;
      deliveries.set(id, { ...rest, ...change });
    },
    listNotifications: async (userId) => [...deliveries.values()].filter((n) => n.userId === userId),
    capCount: async (userId, ruleId, day) => caps.get(`${userId}${ruleId}${day}`) ?? 0,
    addToCap: async (userId, ruleId, day) =>
      void caps.set(`${userId}${ruleId}${day}`, (caps.get(`${userId}${ruleId}${day}`) ?? 0) + 1),
    watchlist: async (userId) => {
      watchlistReads.push(userId);
      return watchlists.get(userId) ?? [];
    },
    mailTarget: async () => ({ email: 'dana@example.com', emailAlerts: true }),
  };
  return { repo, deliveries, watchlists, watchlistReads };
}

function setup(webhookStatus = 204) {
  const { repo, deliveries, watchlists, watchlistReads } = memoryRepo();
  const mail: MailMessage[] = [];
  const queued: DeliveryRef[] = [];
  const posts: string[] = [];
  const deps: NotificationDeps = {
    repo,
    mailer: { send: async (m) => void mail.push(m) },
    webhook: {
      allowLocal: false,
      resolve: async () => ['93.184.216.34'],
      fetch: (async (_url: URL, init: RequestInit) => {
        posts.push(String(init.body));
        return new Response(null, { status: webhookStatus });
      }) as unknown as typeof fetch,
    },
    enqueue: async (ref) => void queued.push(ref),
    planAllows: async () => true,
    now: () => new Date('2026-03-10T15:00:00Z'),
  };
  return { deps, deliveries, mail, queued, posts, watchlists, watchlistReads };
}

const alert = (id: string, ticker = 'NVDA'): MarketAlert =>
  ({
    id,
    ticker,
    type: 'breakout',
    message: 'broke out',
    timestamp: '2026-03-10T14:59:00.000Z',
    severity: 'high',
  }) as MarketAlert;

const ruleInput = {
  name: 'Mine',
  condition: { feed: 'alerts' as const, minSeverity: 'high' as const },
  tickers: ['NVDA'],
  watchlist: false,
  channels: ['in-app' as const, 'email' as const, 'webhook' as const],
  webhook: { url: 'https://hooks.example.com/x', format: 'json' as const },
  dailyCap: 2,
  enabled: true,
};

describe('notifyFeedItems and deliver', () => {
  it('writes one delivery per channel once, queues the pending ones, and counts the cap once per event', async () => {
    const { deps, deliveries, queued } = setup();
    await createRule(deps, 'user-1', ruleInput);
    expect(await notifyFeedItems(deps, 'alerts', [alert('a1'), alert('a2', 'AAPL')])).toBe(3);
    expect(await notifyFeedItems(deps, 'alerts', [alert('a1')])).toBe(0);
    expect(queued).toHaveLength(2);
    expect([...deliveries.values()].map((d) => d.status).sort()).toEqual(['pending', 'pending', 'sent']);
    // Cap 2: a second event sends, the third is held back on every channel.
    await notifyFeedItems(deps, 'alerts', [alert('a3'), alert('a4')]);
    const held = [...deliveries.values()].filter((d) => d.event.id === 'a4');
    expect(held.map((d) => [d.status, d.detail])).toEqual([
      ['suppressed', 'daily cap reached'],
      ['suppressed', 'daily cap reached'],
      ['suppressed', 'daily cap reached'],
    ]);
  });

  it("matches a watchlist rule against its owner's watchlist, read once per run", async () => {
    const { deps, deliveries, watchlists, watchlistReads } = setup();
    const onList = {
      ...ruleInput,
      tickers: [],
      watchlist: true,
      channels: ['in-app' as const],
      webhook: undefined,
    };
    await createRule(deps, 'user-1', onList);
    await createRule(deps, 'user-1', { ...onList, name: 'Second' });
    await createRule(deps, 'user-2', onList);
    watchlists.set('user-1', ['AAPL', 'TSLA']);
    await notifyFeedItems(deps, 'alerts', [alert('a1', 'NVDA'), alert('a2', 'AAPL'), alert('a3', 'TSLA')]);
    const mine = [...deliveries.values()];
    // Two rules of user-1 × AAPL and TSLA; user-2's watchlist is empty: nothing.
    expect(mine.map((d) => `${d.userId}:${d.event.ticker}`).sort()).toEqual([
      'user-1:AAPL',
      'user-1:AAPL',
      'user-1:TSLA',
      'user-1:TSLA',
    ]);
    expect(watchlistReads.sort()).toEqual(['user-1', 'user-2']);
  });

  it('sends nothing for a user whose plan lacks the feed', async () => {
    const { deps, deliveries } = setup();
    await createRule(deps, 'user-1', ruleInput);
    expect(await notifyFeedItems({ ...deps, planAllows: async () => false }, 'alerts', [alert('a1')])).toBe(
      0,
    );
    expect(deliveries.size).toBe(0);
  });

  it('sends each queued delivery once, even when the message comes twice', async () => {
    const { deps, deliveries, queued, mail, posts } = setup();
    await createRule(deps, 'user-1', ruleInput);
    await notifyFeedItems(deps, 'alerts', [alert('a1')]);
    for (const ref of [...queued, ...queued]) await deliver(deps, ref);
    expect(mail).toHaveLength(1);
    expect(posts).toHaveLength(1);
    expect(JSON.parse(posts[0]!)).toMatchObject({
      id: queued.find((q) => deliveries.get(q.id)?.channel === 'webhook')!.id,
    });
    expect([...deliveries.values()].every((d) => d.status === 'sent')).toBe(true);
  });

  it('keeps a failing webhook pending (retryable) until the last attempt, then failed', async () => {
    const { deps, deliveries, queued } = setup(502);
    await createRule(deps, 'user-1', { ...ruleInput, channels: ['webhook'] });
    await notifyFeedItems(deps, 'alerts', [alert('a1')]);
    const [ref] = queued;
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++)
      await expect(deliver(deps, ref!)).rejects.toBeInstanceOf(RetryableDeliveryError);
    expect(await deliver(deps, ref!)).toMatchObject({
      status: 'failed',
      detail: 'HTTP 502',
      attempts: MAX_ATTEMPTS,
    });
    expect(deliveries.get(ref!.id)?.status).toBe('failed');
  });

  it('refuses a rule whose webhook URL is private or plain http', async () => {
    const { deps } = setup();
    for (const url of ['https://169.254.169.254/x', 'http://hooks.example.com/x'])
      await expect(
        createRule(deps, 'user-1', { ...ruleInput, webhook: { url, format: 'json' } }),
      ).rejects.toMatchObject({
        code: 'validation_failed',
      });
  });
});

describe('the SQS worker and the AWS adapters', () => {
  const event = (...bodies: string[]) =>
    ({ Records: bodies.map((body, i) => ({ messageId: `m-${i}`, body })) }) as unknown as SQSEvent;

  it('reports a delivery still pending as a batch item failure, drops malformed messages', async () => {
    const { deps, queued } = setup(503);
    await createRule(deps, 'user-1', { ...ruleInput, channels: ['webhook'] });
    await notifyFeedItems(deps, 'alerts', [alert('a1')]);
    const result = await deliverBatch(
      event(JSON.stringify(queued[0]), 'not json', '{"userId":"u","id":"x"}'),
      deps,
    );
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'm-0' }]);
  });

  it('queues with the delay until the item is due, at most 15 minutes', async () => {
    const sqs = mockClient(SQSClient);
    sqs.on(SendMessageCommand).resolves({});
    const due = new Date(Date.now() + 42_000);
    await sqsQueue('https://sqs.example/q', sqs as unknown as SQSClient)(
      { userId: 'u', id: 'f'.repeat(32) },
      due,
    );
    const input = sqs.commandCalls(SendMessageCommand)[0]!.args[0].input;
    expect(input.QueueUrl).toBe('https://sqs.example/q');
    expect(JSON.parse(input.MessageBody!)).toEqual({ userId: 'u', id: 'f'.repeat(32) });
    expect(input.DelaySeconds).toBeGreaterThanOrEqual(41);
    expect(input.DelaySeconds).toBeLessThanOrEqual(42);
    expect(delaySeconds(new Date(0), new Date(1000))).toBe(0);
    expect(delaySeconds(new Date(3_600_000), new Date(0))).toBe(900);
  });

  it('sends e-mail from the stage identity through SES v2', async () => {
    const ses = mockClient(SESv2Client);
    ses.on(SendEmailCommand).resolves({});
    await sesMailer('Edge <alerts@example.com>', ses as unknown as SESv2Client).send({
      to: 'dana@example.com',
      subject: 'S',
      text: 'T',
    });
    expect(ses.commandCalls(SendEmailCommand)[0]!.args[0].input).toMatchObject({
      FromEmailAddress: 'Edge <alerts@example.com>',
      Destination: { ToAddresses: ['dana@example.com'] },
      Content: { Simple: { Subject: { Data: 'S' }, Body: { Text: { Data: 'T' } } } },
    });
  });
});
