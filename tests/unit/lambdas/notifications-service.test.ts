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
import type { MarketAlert, SocialTrend } from '@shared/feeds/schemas';
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
  updateRule,
  MAX_ATTEMPTS,
  RetryableDeliveryError,
  type DeliveryRef,
  type NotificationDeps,
} from '../../../lambdas/notifications/service';
import { notifyFeedItems } from '../../../lambdas/notifications/matching';
import { deliverBatch } from '../../../lambdas/notifications/worker';

function memoryRepo() {
  const rules = new Map<string, StoredRule>();
  const deliveries = new Map<string, StoredNotification>();
  const hidden = new Set<string>();
  const caps = new Map<string, number>();
  const watchlists = new Map<string, string[]>();
  const watchlistReads: string[] = [];
  const holdings = new Map<string, string[]>();
  const heldReads: string[] = [];
  const repo: NotificationsRepo = {
    listPushSubscriptions: async () => [],
    listUnsent: async () => [],
    claimUnsent: async () => false,
    putPushSubscription: async () => undefined,
    deletePushSubscription: async () => false,
    listRules: async (userId) => [...rules.values()].filter((r) => r.userId === userId),
    getRule: async (userId, id) => (rules.get(id)?.userId === userId ? rules.get(id)! : null),
    putRule: async (rule) => void rules.set(rule.id, structuredClone(rule)),
    deleteRule: async (userId, id) => rules.get(id)?.userId === userId && rules.delete(id),
    rulesForFeed: async (feed) => [...rules.values()].filter((r) => r.enabled && r.condition.feed === feed),
    createNotification: async (n, _expiresAt, options) => {
      if (deliveries.has(n.id)) return false;
      deliveries.set(n.id, structuredClone(n));
      if (options?.inLog === false) hidden.add(n.id);
      return true;
    },
    getNotification: async (userId, id) =>
      deliveries.get(id)?.userId === userId ? structuredClone(deliveries.get(id)!) : null,
    updateNotification: async (_userId, id, change) => {
      const { detail: _old, ...rest } = deliveries.get(id)!;
      deliveries.set(id, { ...rest, ...change });
    },
    listNotifications: async (userId) =>
      [...deliveries.values()].filter((n) => n.userId === userId && !hidden.has(n.id)),
    capCount: async (userId, ruleId, day) => caps.get(`${userId}${ruleId}${day}`) ?? 0,
    addToCap: async (userId, ruleId, day) =>
      void caps.set(`${userId}${ruleId}${day}`, (caps.get(`${userId}${ruleId}${day}`) ?? 0) + 1),
    watchlist: async (userId) => {
      watchlistReads.push(userId);
      return watchlists.get(userId) ?? [];
    },
    heldTickers: async (userId) => {
      heldReads.push(userId);
      return holdings.get(userId) ?? [];
    },
    mailTarget: async () => ({
      email: 'dana@example.com',
      emailAlerts: true,
      tradeConfirmations: true,
      suppressed: null,
    }),
  };
  return { repo, deliveries, watchlists, watchlistReads, holdings, heldReads };
}

function setup(webhookStatus = 204) {
  const { repo, deliveries, watchlists, watchlistReads, holdings, heldReads } = memoryRepo();
  const mail: MailMessage[] = [];
  const queued: DeliveryRef[] = [];
  const posts: string[] = [];
  const deps: NotificationDeps = {
    repo,
    mailer: { send: async (m) => void mail.push(m) },
    webhook: {
      allowLocal: false,
      resolve: async () => ['93.184.216.34'],
      transport: async (request) => {
        posts.push(String(request.body));
        return webhookStatus;
      },
    },
    vapidKeys: async () => null,
    enqueue: async (ref) => void queued.push(ref),
    planAllows: async () => true,
    now: () => new Date('2026-03-10T15:00:00Z'),
  };
  return { deps, deliveries, mail, queued, posts, watchlists, watchlistReads, holdings, heldReads };
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
  held: false,
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
    watchlists.set('user-1', ['AAPL']);
    await notifyFeedItems(deps, 'alerts', [alert('a1', 'NVDA'), alert('a2', 'AAPL'), alert('a3', 'TSLA')]);
    const mine = [...deliveries.values()];
    // Two rules of user-1 × AAPL; user-2's watchlist is empty: nothing.
    expect(mine.map((d) => `${d.userId}:${d.event.ticker}`).sort()).toEqual(['user-1:AAPL', 'user-1:AAPL']);
    expect(watchlistReads.sort()).toEqual(['user-1', 'user-2']);
  });

  it("matches a held-tickers rule against its owner's open positions, read once per user and run, once", async () => {
    const { deps, deliveries, holdings, heldReads, watchlistReads } = setup();
    const held = {
      ...ruleInput,
      condition: { feed: 'chatter' as const, minRisk: 'high' as const },
      tickers: [],
      held: true,
      channels: ['in-app' as const],
      webhook: undefined,
    };
    await createRule(deps, 'user-1', held);
    await createRule(deps, 'user-1', { ...held, name: 'Second' });
    await createRule(deps, 'user-2', held);
    holdings.set('user-1', ['TSLA']);
    const trend = (id: string, ticker: string, riskLevel: 'high' | 'medium') =>
      ({
        id,
        ticker,
        platform: 'reddit',
        mentions: 500,
        sentiment: 'bearish',
        riskLevel,
        timestamp: '2026-03-10T14:59:00.000Z',
      }) as SocialTrend;
    const items = [trend('c1', 'TSLA', 'high'), trend('c2', 'GME', 'high'), trend('c3', 'TSLA', 'medium')];
    // Two rules of user-1 × the high TSLA item; user-2 holds nothing: nothing.
    expect(await notifyFeedItems(deps, 'chatter', items)).toBe(2);
    expect([...deliveries.values()].map((d) => `${d.userId}:${d.event.ticker}`)).toEqual([
      'user-1:TSLA',
      'user-1:TSLA',
    ]);
    expect(heldReads.sort()).toEqual(['user-1', 'user-2']);
    expect(watchlistReads).toEqual([]);
    // The same items again write nothing.
    expect(await notifyFeedItems(deps, 'chatter', items)).toBe(0);
    expect(deliveries.size).toBe(2);
  });

  it('turns a rule into a held-tickers rule by PATCH and refuses one that keeps its tickers', async () => {
    const { deps } = setup();
    const rule = await createRule(deps, 'user-1', { ...ruleInput, channels: ['in-app'], webhook: undefined });
    await expect(updateRule(deps, 'user-1', rule.id, { held: true })).rejects.toThrow(
      'A rule on the tickers you hold takes no tickers of its own',
    );
    expect(await updateRule(deps, 'user-1', rule.id, { held: true, tickers: [] })).toMatchObject({
      held: true,
      watchlist: false,
      tickers: [],
    });
    await expect(updateRule(deps, 'user-1', rule.id, { watchlist: true })).rejects.toThrow(
      'Choose your watchlist or the tickers you hold, not both',
    );
    // The rule's first webhook, added by a patch: its secret is answered once, then never again.
    const hooked = await updateRule(deps, 'user-1', rule.id, {
      channels: ['in-app', 'webhook'],
      webhook: { url: 'https://hooks.example.com/y', format: 'json' },
    });
    expect(hooked.secret).toMatch(/^whsec_/);
    expect(await updateRule(deps, 'user-1', rule.id, { name: 'Renamed' })).not.toHaveProperty('secret');
  });

  it('tells only the owner of a position target, on their "my position targets" rules with its kind', async () => {
    const { deps, deliveries } = setup();
    const targets = { ...ruleInput, tickers: [], channels: ['in-app' as const], webhook: undefined };
    await createRule(deps, 'user-1', { ...targets, condition: { feed: 'targets' } });
    await createRule(deps, 'user-2', { ...targets, condition: { feed: 'targets', kinds: ['stop_loss'] } });
    const item = (userId: string, id: string, kind: 'dte' | 'stop_loss') => ({
      id,
      userId,
      ticker: 'SPY',
      strategy: 'Iron Condor',
      kind,
      label: kind === 'dte' ? '21 DTE reached' : 'Stop loss reached',
      detail: 'figures',
      timestamp: '2026-03-10T14:59:00.000Z',
      provider: 'simulated',
    });
    const items = [
      item('user-1', 't1:dte', 'dte'),
      item('user-2', 't2:dte', 'dte'),
      item('user-2', 't2:stop_loss', 'stop_loss'),
    ];
    expect(await notifyFeedItems(deps, 'targets', items)).toBe(2);
    expect(await notifyFeedItems(deps, 'targets', items)).toBe(0);
    expect([...deliveries.values()].map((d) => `${d.userId}:${d.event.id}`).sort()).toEqual([
      'user-1:t1:dte',
      'user-2:t2:stop_loss',
    ]);
    const mine = [...deliveries.values()].find((d) => d.userId === 'user-1')!;
    expect(mine.event).toMatchObject({ feed: 'targets', ticker: 'SPY' });
    expect(mine.event.summary).toBe('SPY Iron Condor: 21 DTE reached. figures');
  });

  it('judges a position-targets rule by the journal feature of the plan', async () => {
    const { deps, deliveries } = setup();
    const targets = { ...ruleInput, tickers: [], channels: ['in-app' as const], webhook: undefined };
    await createRule(deps, 'user-1', { ...targets, condition: { feed: 'targets' } });
    const asked: string[] = [];
    const planAllows = async (_userId: string, feature: string) => {
      asked.push(feature);
      return feature !== 'journal';
    };
    const item = {
      id: 't1:dte',
      userId: 'user-1',
      ticker: 'SPY',
      strategy: 'Iron Condor',
      kind: 'dte' as const,
      label: '21 DTE reached',
      detail: 'figures',
      timestamp: '2026-03-10T14:59:00.000Z',
      provider: 'simulated',
    };
    expect(await notifyFeedItems({ ...deps, planAllows }, 'targets', [item])).toBe(0);
    expect(asked).toEqual(['alerts', 'journal']);
    expect(deliveries.size).toBe(0);
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

describe('digests of a burst', () => {
  const burst = (n: number, prefix = 'b') =>
    Array.from({ length: n }, (_, i) => ({
      ...alert(`${prefix}${String(i).padStart(3, '0')}`, i % 2 ? 'NVDA' : 'AAPL'),
      timestamp: new Date(Date.parse('2026-03-10T14:30:00Z') + i * 1000).toISOString(),
    }));
  const everyTicker = { ...ruleInput, tickers: [], dailyCap: 20 };

  it('sends 200 matches as one digest per channel, counted once against the cap, and nothing on a repeat', async () => {
    const { deps, deliveries, queued, mail, posts } = setup();
    const rule = await createRule(deps, 'user-1', everyTicker);
    const items = burst(200);
    expect(await notifyFeedItems(deps, 'alerts', items)).toBe(3);
    const log = await deps.repo.listNotifications('user-1', 100);
    expect(log.map((n) => [n.channel, n.status, n.event.feed, n.event.count]).sort()).toEqual([
      ['email', 'pending', 'digest', 200],
      ['in-app', 'sent', 'digest', 200],
      ['webhook', 'pending', 'digest', 200],
    ]);
    expect(log[0]!.event.items).toHaveLength(50);
    expect(log[0]!.event.summary).toBe('200 matches of your rules on AAPL, NVDA');
    expect(queued).toHaveLength(2);
    for (const ref of queued) await deliver(deps, ref);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Digest: 200 matches of your rules on AAPL, NVDA');
    expect(mail[0]!.text).toContain('…and 150 more.');
    expect(posts).toHaveLength(1);
    const body = JSON.parse(posts[0]!) as { id: string; event: { feed: string; count: number } };
    expect(body.event).toMatchObject({ feed: 'digest', count: 200 });
    expect(body.id).toBe(queued.find((q) => deliveries.get(q.id)?.channel === 'webhook')!.id);
    // The cap counted the digest once: 19 left today.
    expect(await deps.repo.capCount('user-1', rule.id, '2026-03-10')).toBe(1);

    // The same items again (a retried job, a provider answering them again): nothing.
    expect(await notifyFeedItems(deps, 'alerts', items)).toBe(0);
    expect(queued).toHaveLength(2);
    // They again, with two new ones: a digest per channel of the two new ones only.
    expect(await notifyFeedItems(deps, 'alerts', [...items, ...burst(2, 'n')])).toBe(3);
    const latest = (await deps.repo.listNotifications('user-1', 100)).filter((n) => n.event.count === 2);
    expect(latest.flatMap((n) => n.event.items!.map((i) => i.id))).toEqual(
      Array(3).fill(['n000', 'n001']).flat(),
    );
  });

  it("puts one user's rules in one digest per channel, a webhook's per rule; a rule past its cap is held back", async () => {
    const { deps, queued } = setup();
    const email = { ...everyTicker, channels: ['email' as const], webhook: undefined };
    await createRule(deps, 'user-1', email);
    await createRule(deps, 'user-1', { ...email, name: 'Second' });
    await createRule(deps, 'user-1', { ...everyTicker, channels: ['webhook'], name: 'Hook A' });
    await createRule(deps, 'user-1', { ...everyTicker, channels: ['webhook'], name: 'Hook B' });
    const capped = await createRule(deps, 'user-2', { ...email, dailyCap: 1 });
    await deps.repo.addToCap('user-2', capped.id, '2026-03-10', 0);
    await notifyFeedItems(deps, 'alerts', burst(10));
    const mine = await deps.repo.listNotifications('user-1', 100);
    expect(mine.map((n) => `${n.channel}:${n.event.count}`).sort()).toEqual([
      'email:20',
      'webhook:10',
      'webhook:10',
    ]);
    expect(queued).toHaveLength(3);
    const theirs = await deps.repo.listNotifications('user-2', 100);
    expect(theirs).toHaveLength(10);
    expect(new Set(theirs.map((n) => `${n.status}: ${n.detail}`))).toEqual(
      new Set(['suppressed: daily cap reached']),
    );
  });

  it('keeps a burst in quiet hours held back, each on its own', async () => {
    const { deps } = setup();
    await createRule(deps, 'user-1', {
      ...everyTicker,
      channels: ['in-app'],
      webhook: undefined,
      quietHours: { start: '09:00', end: '12:00', timeZone: 'America/New_York' },
    });
    await notifyFeedItems(deps, 'alerts', burst(5));
    const log = await deps.repo.listNotifications('user-1', 100);
    expect(log).toHaveLength(5);
    expect(log.every((n) => n.status === 'suppressed' && n.detail === 'quiet hours')).toBe(true);
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
