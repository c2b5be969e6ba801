/**
 * A rule on "the tickers I hold" on the local runtime (dynalite): a user with an open TSLA
 * position (with legs: the by_open index's) and a closed AAPL trade, and a rule on high-risk
 * chatter on the tickers held, is told of a TSLA item and of no other ticker's, once; a user
 * holding nothing is told of nothing.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SocialTrend } from '@shared/feeds/schemas';
import { createdRuleSchema, notificationLogSchema } from '@shared/notifications/schemas';
import { apiPath } from '@shared/routes';
import { api, createUser, useLocalStackEnvironment } from '../helpers/local-stack';

beforeAll(() => {
  useLocalStackEnvironment();
  Object.assign(process.env, {
    LOCAL_OUTBOX_FILE: join(mkdtempSync(join(tmpdir(), 'edge-held-')), 'outbox.jsonl'),
    STAGE: 'local',
  });
});

const trend = (ticker: string, id: string, riskLevel: SocialTrend['riskLevel']) =>
  ({
    id,
    ticker,
    platform: 'reddit',
    mentions: 1_250,
    sentiment: 'bullish',
    riskLevel,
    timestamp: new Date(Date.now() - 1000).toISOString(),
  }) as SocialTrend;

const heldRule = {
  name: 'Chatter on my positions',
  condition: { feed: 'chatter', minRisk: 'high' },
  held: true,
  channels: ['in-app'],
};

async function notifyChatter(items: SocialTrend[]) {
  const { notifyNewFeedItems } = await import('../../lambdas/notifications/jobs');
  const { createLogger } = await import('../../lambdas/common/observability');
  return notifyNewFeedItems(new Map([['chatter', items]]), createLogger('test'));
}

describe('a rule on the tickers held', () => {
  it('notifies high-risk chatter on an open position’s ticker, not on a closed or unheld one', async () => {
    const user = await createUser('held-rule');
    const token = user.accessToken;
    expect((await api('/api/profile', { token })).status).toBe(200);
    const leg = { kind: 'call', quantity: 1, expiration: '2027-06-18', premium: 12 };
    const open = await api(apiPath('createTrade'), {
      method: 'POST',
      token,
      body: {
        ticker: 'TSLA',
        strategy: 'Bull Call Spread',
        entry_price: 4.5,
        legs: [
          { ...leg, side: 'long', strike: 400 },
          { ...leg, side: 'short', strike: 420, premium: 7.5 },
        ],
      },
    });
    expect(open.status, open.text).toBe(201);
    const closed = await api(apiPath('createTrade'), {
      method: 'POST',
      token,
      body: {
        ticker: 'AAPL',
        strategy: 'Long Call',
        entry_price: 3,
        exit_price: 4,
        opened_at: '2026-11-02T15:00:00.000Z',
        closed_at: '2026-11-03T15:00:00.000Z',
        legs: [{ ...leg, side: 'long', strike: 250, premium: 3 }],
      },
    });
    expect(closed.status, closed.text).toBe(201);

    const create = await api('/api/notification-rules', { method: 'POST', token, body: heldRule });
    expect(create.status, create.text).toBe(201);
    const rule = createdRuleSchema.parse(create.json);
    expect(rule).toMatchObject({ held: true, watchlist: false, tickers: [] });
    // Held tickers with tickers of its own, or with the watchlist too, are refused.
    for (const body of [
      { ...heldRule, tickers: ['TSLA'] },
      { ...heldRule, watchlist: true },
    ])
      expect((await api('/api/notification-rules', { method: 'POST', token, body })).status).toBe(400);

    const items = [
      trend('TSLA', `tsla-${rule.id}`, 'high'),
      trend('TSLA', `calm-${rule.id}`, 'low'),
      trend('AAPL', `aapl-${rule.id}`, 'extreme'),
      trend('GME', `gme-${rule.id}`, 'extreme'),
    ];
    await notifyChatter(items);
    await notifyChatter(items);
    const log = notificationLogSchema.parse((await api('/api/notifications', { token })).json);
    // The log also holds the two trades' confirmations (rule `confirmations`).
    const chatter = log.notifications.filter((n) => n.event.feed === 'chatter');
    expect(chatter.map((n) => [n.ruleId, n.event.id, n.status])).toEqual([
      [rule.id, `tsla-${rule.id}`, 'sent'],
    ]);
  });

  it('tells a user with no open position nothing', async () => {
    const user = await createUser('held-none');
    const token = user.accessToken;
    expect((await api('/api/profile', { token })).status).toBe(200);
    const create = await api('/api/notification-rules', { method: 'POST', token, body: heldRule });
    expect(create.status, create.text).toBe(201);
    const rule = createdRuleSchema.parse(create.json);
    await notifyChatter([trend('TSLA', `none-${rule.id}`, 'extreme')]);
    const log = notificationLogSchema.parse((await api('/api/notifications', { token })).json);
    expect(log.notifications).toEqual([]);
  });
});
