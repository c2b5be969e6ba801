/**
 * Notifications end to end on the local runtime: rules through the API, a generated alert
 * through the feeds job's hook, one signed webhook to a local receiver and one outbox e-mail,
 * nothing sent twice on a repeated run, a failing webhook recorded as failed, and the log.
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketAlert } from '@shared/feeds/schemas';
import {
  createdRuleSchema,
  notificationLogSchema,
  ruleListSchema,
  ruleTestResultSchema,
} from '@shared/notifications/schemas';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  api,
  createUser,
  documentClient,
  useLocalStackEnvironment,
  type TestUser,
} from '../helpers/local-stack';

interface Received {
  path: string;
  signature: string;
  body: string;
}

let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
const outbox = join(mkdtempSync(join(tmpdir(), 'edge-notify-')), 'outbox.jsonl');

beforeAll(async () => {
  useLocalStackEnvironment();
  Object.assign(process.env, {
    ALLOW_LOCAL_WEBHOOKS: 'true',
    LOCAL_OUTBOX_FILE: outbox,
    LOCAL_NOTIFICATION_RETRY_MS: '10',
    STAGE: 'local',
  });
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ path: req.url ?? '', signature: String(req.headers['x-edge-signature'] ?? ''), body });
      res.statusCode = req.url === '/broken' ? 500 : 204;
      res.end(req.url === '/broken' ? 'internal detail that must not leak' : undefined);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

const userIdOf = (user: TestUser) =>
  (JSON.parse(Buffer.from(user.accessToken.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;

const alert = (ticker: string, id: string, severity: MarketAlert['severity'] = 'high'): MarketAlert => ({
  id,
  ticker,
  type: 'breakout',
  message: `${ticker} broke its 20-day high`,
  timestamp: new Date(Date.now() - 1000).toISOString(),
  severity,
  price: 101.5,
  changePercent: 1.2,
  volume: 1_200_000,
  bias: 'bullish',
  trigger: { metric: 'close', value: 101.5, threshold: 100 } as MarketAlert['trigger'],
});

async function runHook(items: MarketAlert[]) {
  const { notifyNewFeedItems } = await import('../../lambdas/notifications/jobs');
  const { createLogger } = await import('../../lambdas/common/observability');
  return notifyNewFeedItems(new Map([['alerts', items]]), createLogger('test'));
}

const outboxMails = () =>
  existsSync(outbox)
    ? readFileSync(outbox, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { to: string; subject: string; text: string })
    : [];

describe('notification rules and delivery', () => {
  it('sends one signed webhook and one e-mail per matched alert, and nothing again on a repeated run', async () => {
    const user = await createUser('notify');
    expect((await api('/api/profile', { token: user.accessToken })).status).toBe(200);
    const ticker = `N${Date.now().toString(36).toUpperCase().slice(-5)}`.replace(/\d/g, 'X');
    const create = await api('/api/notification-rules', {
      method: 'POST',
      token: user.accessToken,
      body: {
        name: 'High alerts on my names',
        condition: { feed: 'alerts', minSeverity: 'high' },
        tickers: [ticker],
        channels: ['in-app', 'email', 'webhook'],
        webhook: { url: `${receiverUrl}/hook`, format: 'slack' },
      },
    });
    expect(create.status).toBe(201);
    const rule = createdRuleSchema.parse(create.json);
    expect(rule.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    // The secret is given once: never in the list.
    const list = ruleListSchema.parse(
      (await api('/api/notification-rules', { token: user.accessToken })).json,
    );
    expect(list.rules.map((r) => r.id)).toEqual([rule.id]);
    expect(JSON.stringify(list)).not.toContain(rule.secret!);

    const { verifySignature } = await import('../../lambdas/notifications/webhook');
    const items = [
      alert(ticker, `a-${rule.id}`),
      alert(ticker, `low-${rule.id}`, 'low'),
      alert('ZZZZ', `other-${rule.id}`),
    ];
    const before = received.length;
    // (Other test files' rules on every ticker may match too: only this user's deliveries are counted.)
    await runHook(items);
    const hooks = received.slice(before).filter((r) => r.path === '/hook');
    expect(hooks).toHaveLength(1);
    const body = JSON.parse(hooks[0]!.body) as { id: string; text: string; event: { id: string } };
    expect(body.event.id).toBe(`a-${rule.id}`);
    expect(body.text).toContain(ticker);
    expect(
      verifySignature(rule.secret!, hooks[0]!.body, hooks[0]!.signature, Math.floor(Date.now() / 1000)),
    ).toBe(true);
    const mails = outboxMails().filter((m) => m.to === user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(ticker);

    // The same items again: every delivery exists, nothing is written or sent.
    await runHook(items);
    expect(received.slice(before).filter((r) => r.path === '/hook')).toHaveLength(1);
    expect(outboxMails().filter((m) => m.to === user.email)).toHaveLength(1);

    const log = notificationLogSchema.parse(
      (await api('/api/notifications', { token: user.accessToken })).json,
    );
    expect(log.notifications.map((n) => [n.channel, n.status]).sort()).toEqual([
      ['email', 'sent'],
      ['in-app', 'sent'],
      ['webhook', 'sent'],
    ]);
    expect(log.notifications.every((n) => n.ruleId === rule.id && n.event.id === `a-${rule.id}`)).toBe(true);

    // Another user sees none of it, and cannot touch the rule.
    const other = await createUser('notify-other');
    const theirs = notificationLogSchema.parse(
      (await api('/api/notifications', { token: other.accessToken })).json,
    );
    expect(theirs.notifications).toEqual([]);
    const steal = await api(`/api/notification-rules/${rule.id}`, {
      method: 'DELETE',
      token: other.accessToken,
    });
    expect(steal.status).toBe(404);
    expect(userIdOf(other)).not.toBe(userIdOf(user));
  });

  it('records a failing webhook as failed after its retries, the same id on every attempt, no body shown', async () => {
    const user = await createUser('notify-fail');
    const ticker = 'FAILX';
    const create = await api('/api/notification-rules', {
      method: 'POST',
      token: user.accessToken,
      body: {
        name: 'Broken hook',
        condition: { feed: 'alerts', minSeverity: 'medium' },
        tickers: [ticker],
        channels: ['webhook'],
        webhook: { url: `${receiverUrl}/broken` },
      },
    });
    expect(create.status).toBe(201);
    const rule = createdRuleSchema.parse(create.json);
    const before = received.length;
    await runHook([alert(ticker, `f-${rule.id}`)]);
    const attempts = received.slice(before).filter((r) => r.path === '/broken');
    expect(attempts).toHaveLength(3);
    expect(new Set(attempts.map((a) => (JSON.parse(a.body) as { id: string }).id)).size).toBe(1);
    const log = notificationLogSchema.parse(
      (await api('/api/notifications', { token: user.accessToken })).json,
    );
    expect(log.notifications).toHaveLength(1);
    expect(log.notifications[0]).toMatchObject({
      status: 'failed',
      detail: 'HTTP 500',
      attempts: 3,
      channel: 'webhook',
    });
    expect(JSON.stringify(log)).not.toContain('internal detail');
  });

  it('holds a match back in quiet hours (logged as suppressed), and sends nothing to an expired plan', async () => {
    const user = await createUser('notify-quiet');
    expect((await api('/api/profile', { token: user.accessToken })).status).toBe(200);
    const hour = new Date().getUTCHours();
    const clock = (h: number) => `${String((h + 24) % 24).padStart(2, '0')}:00`;
    const create = await api('/api/notification-rules', {
      method: 'POST',
      token: user.accessToken,
      body: {
        name: 'Quiet',
        condition: { feed: 'alerts', minSeverity: 'low' },
        tickers: ['QUIET'],
        channels: ['webhook'],
        webhook: { url: `${receiverUrl}/quiet` },
        quietHours: { start: clock(hour - 1), end: clock(hour + 2), timeZone: 'UTC' },
      },
    });
    const rule = createdRuleSchema.parse(create.json);
    await runHook([alert('QUIET', `q-${rule.id}`)]);
    const log = notificationLogSchema.parse(
      (await api('/api/notifications', { token: user.accessToken })).json,
    );
    expect(log.notifications).toMatchObject([{ status: 'suppressed', detail: 'quiet hours', attempts: 0 }]);
    expect(received.filter((r) => r.path === '/quiet')).toEqual([]);

    // The trial over with no plan bought: the rule stays, nothing is matched for it.
    await documentClient().send(
      new UpdateCommand({
        TableName: 'profiles',
        Key: { id: userIdOf(user) },
        UpdateExpression: 'SET trial_end_date = :end, subscription_tier = :none',
        ExpressionAttributeValues: { ':end': new Date(Date.now() - 86_400_000).toISOString(), ':none': null },
      }),
    );
    await runHook([alert('QUIET', `q2-${rule.id}`)]);
    const after = notificationLogSchema.parse(
      (await api('/api/notifications', { token: user.accessToken })).json,
    );
    expect(after.notifications).toHaveLength(1);
  });

  it('sends a test on the rule’s channels, and refuses private and plain-http URLs other than 127.0.0.1', async () => {
    const user = await createUser('notify-test');
    const make = (url: string) =>
      api('/api/notification-rules', {
        method: 'POST',
        token: user.accessToken,
        body: {
          name: 'Hook',
          condition: { feed: 'darkpool', minNotional: 5_000_000 },
          channels: ['webhook'],
          webhook: { url },
        },
      });
    for (const url of [
      'https://169.254.169.254/latest',
      'http://10.0.0.8/hook',
      'https://[::1]/x',
      'http://example.com/x',
    ])
      expect((await make(url)).status).toBe(400);
    const rule = createdRuleSchema.parse((await make(`${receiverUrl}/test-hook`)).json);
    const before = received.length;
    const test = await api(`/api/notification-rules/${rule.id}/test`, {
      method: 'POST',
      token: user.accessToken,
    });
    expect(test.status).toBe(200);
    expect(ruleTestResultSchema.parse(test.json).notifications).toMatchObject([
      { channel: 'webhook', status: 'sent' },
    ]);
    expect(received.slice(before).filter((r) => r.path === '/test-hook')).toHaveLength(1);

    const patch = await api(`/api/notification-rules/${rule.id}`, {
      method: 'PATCH',
      token: user.accessToken,
      body: { enabled: false },
    });
    expect(patch.status).toBe(200);
    expect(patch.json).toMatchObject({ enabled: false });
    expect(
      (await api(`/api/notification-rules/${rule.id}`, { method: 'DELETE', token: user.accessToken })).status,
    ).toBe(204);
    expect(
      ruleListSchema.parse((await api('/api/notification-rules', { token: user.accessToken })).json).rules,
    ).toEqual([]);
  });
});
