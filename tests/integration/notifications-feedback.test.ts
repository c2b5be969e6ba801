/**
 * Bounces, complaints and the unsent-delivery sweep on the local runtime (dynalite): a recorded
 * SES bounce for a user's address marks their profile (by_email index), their next e-mail is
 * logged suppressed with the reason and not sent, turning e-mail back on through the API sends
 * again; a rule's test to SES's bounce simulator address bounces through the local outbox; a
 * delivery recorded but never queued is sent once by the sweep.
 */
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MarketAlert } from '@shared/feeds/schemas';
import { profileSchema } from '@shared/profiles/schemas';
import { createdRuleSchema, notificationLogSchema } from '@shared/notifications/schemas';
import { api, createUser, documentClient, stack, useLocalStackEnvironment } from '../helpers/local-stack';

const outbox = join(mkdtempSync(join(tmpdir(), 'edge-feedback-')), 'outbox.jsonl');
const fixture = (name: string) =>
  JSON.parse(readFileSync(join(__dirname, '../fixtures/providers/ses', name), 'utf8')) as {
    bounce: { bouncedRecipients: { emailAddress: string }[] };
  };
const mailsTo = (file: string, to: string) =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { to: string; subject: string })
        .filter((m) => m.to === to)
    : [];
const userIdOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;

beforeAll(() => {
  useLocalStackEnvironment();
  Object.assign(process.env, {
    LOCAL_OUTBOX_FILE: outbox,
    LOCAL_NOTIFICATION_RETRY_MS: '10',
    STAGE: 'local',
  });
});

const alert = (ticker: string, id: string): MarketAlert =>
  ({
    id,
    ticker,
    type: 'breakout',
    message: `${ticker} broke out`,
    timestamp: new Date(Date.now() - 1000).toISOString(),
    severity: 'high',
    price: 10,
    changePercent: 1,
    volume: 1000,
    bias: 'bullish',
    trigger: { metric: 'close', value: 10, threshold: 9 },
  }) as MarketAlert;

async function runHook(items: MarketAlert[]) {
  const { notifyNewFeedItems } = await import('../../lambdas/notifications/jobs');
  const { createLogger } = await import('../../lambdas/common/observability');
  return notifyNewFeedItems(new Map([['alerts', items]]), createLogger('test'));
}

async function emailRule(token: string, ticker: string) {
  const create = await api('/api/notification-rules', {
    method: 'POST',
    token,
    body: {
      name: 'Mail me',
      condition: { feed: 'alerts', minSeverity: 'high' },
      tickers: [ticker],
      channels: ['email'],
    },
  });
  expect(create.status).toBe(201);
  return createdRuleSchema.parse(create.json);
}

describe('bounces and complaints (local runtime)', () => {
  it('a recorded permanent bounce for the address suppresses e-mail until the trader turns it back on', async () => {
    const user = await createUser('bounce');
    expect((await api('/api/profile', { token: user.accessToken })).status).toBe(200);
    const ticker = `B${Date.now().toString(36).toUpperCase().slice(-4)}`.replace(/\d/g, 'Q');
    const rule = await emailRule(user.accessToken, ticker);

    const { applyMailFeedback } = await import('../../lambdas/notifications/feedback');
    const { profilesRepo } = await import('../../lambdas/profile/repository');
    const bounce = fixture('bounce-permanent.awsdocs-sns-example.json');
    bounce.bounce.bouncedRecipients[0]!.emailAddress = user.email;
    const repo = profilesRepo(documentClient(), 'profiles');
    expect(await applyMailFeedback(repo, bounce)).toEqual([userIdOf(user.accessToken)]);
    // SNS delivering it again marks the same profile the same way.
    expect(await applyMailFeedback(repo, bounce)).toEqual([userIdOf(user.accessToken)]);

    const profile = profileSchema.parse((await api('/api/profile', { token: user.accessToken })).json);
    expect(profile.email_suppression).toMatchObject({
      address: user.email,
      reason: 'bounce',
      detail: 'General',
    });

    await runHook([alert(ticker, `s-${rule.id}`)]);
    expect(mailsTo(outbox, user.email)).toHaveLength(0);
    let log = notificationLogSchema.parse(
      (await api('/api/notifications', { token: user.accessToken })).json,
    );
    expect(log.notifications[0]).toMatchObject({
      channel: 'email',
      status: 'suppressed',
      detail: `e-mail is off: messages to ${user.email} bounced on Aug 5, 2017`,
    });

    const back = await api('/api/profile', {
      method: 'PATCH',
      token: user.accessToken,
      body: { email_suppression: null },
    });
    expect(back.status).toBe(200);
    expect(profileSchema.parse(back.json).email_suppression).toBeNull();
    await runHook([alert(ticker, `t-${rule.id}`)]);
    expect(mailsTo(outbox, user.email)).toHaveLength(1);
    log = notificationLogSchema.parse((await api('/api/notifications', { token: user.accessToken })).json);
    expect(log.notifications.map((n) => n.status).sort()).toEqual(['sent', 'suppressed']);
  });

  it('a rule’s test to SES’s bounce simulator address bounces through the local outbox, labelled', async () => {
    const user = await createUser('simulator');
    expect((await api('/api/profile', { token: user.accessToken })).status).toBe(200);
    const rule = await emailRule(user.accessToken, 'SIMUL');
    const id = userIdOf(user.accessToken);
    // The profile's address as if the account had it (a Cognito sign-up with it could not be confirmed).
    await documentClient().send(
      new UpdateCommand({
        TableName: 'profiles',
        Key: { id },
        UpdateExpression: 'SET email = :e',
        ExpressionAttributeValues: { ':e': 'bounce@simulator.amazonses.com' },
      }),
    );
    const test = await api(`/api/notification-rules/${rule.id}/test`, {
      method: 'POST',
      token: user.accessToken,
    });
    expect(test.status).toBe(200);
    expect(mailsTo(stack.mailOutbox, 'bounce@simulator.amazonses.com').length).toBeGreaterThan(0);
    const { Item } = await documentClient().send(new GetCommand({ TableName: 'profiles', Key: { id } }));
    expect(Item?.email_suppression).toMatchObject({
      address: 'bounce@simulator.amazonses.com',
      reason: 'bounce',
      detail: 'General (local simulator)',
    });
  });
});

describe('the unsent-delivery sweep (local runtime)', () => {
  it('sends a delivery recorded but never queued once, and leaves it out of the index after', async () => {
    const user = await createUser('unsent');
    expect((await api('/api/profile', { token: user.accessToken })).status).toBe(200);
    const rule = await emailRule(user.accessToken, 'UNSNT');
    const userId = userIdOf(user.accessToken);
    const { notificationDeps } = await import('../../lambdas/notifications/deps');
    const { requeueUnsent } = await import('../../lambdas/notifications/sweep');
    const deps = notificationDeps();
    const at = new Date(Date.now() - 31 * 60_000).toISOString();
    const id = `${userId.replace(/-/g, '').slice(0, 16)}0000000000000000`
      .slice(0, 32)
      .replace(/[^0-9a-f]/g, 'a');
    // Recorded, then the queue send failed: nothing queued it.
    expect(
      await deps.repo.createNotification(
        {
          id,
          userId,
          ruleId: rule.id,
          channel: 'email',
          status: 'pending',
          attempts: 0,
          event: {
            feed: 'alerts',
            id: `u-${rule.id}`,
            ticker: 'UNSNT',
            summary: 'UNSNT broke out',
            timestamp: at,
            provider: 'simulated',
          },
          createdAt: at,
          updatedAt: at,
        },
        Math.floor(Date.now() / 1000) + 3600,
      ),
    ).toBe(true);

    const first = await requeueUnsent(deps);
    expect(first.requeued).toBeGreaterThanOrEqual(1);
    expect(mailsTo(outbox, user.email)).toHaveLength(1);
    expect((await deps.repo.getNotification(userId, id))?.status).toBe('sent');
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: 'notifications', Key: { user_id: userId, sk: `delivery#${id}` } }),
    );
    expect(Item?.unsent).toBeUndefined();
    await requeueUnsent(deps);
    expect(mailsTo(outbox, user.email)).toHaveLength(1);
  });
});
