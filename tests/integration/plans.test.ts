/**
 * Plans on the server, every route: each `user` route of the route table, called as a user on
 * each plan, is refused with 403 `plan_limit` (and the limit, the plan and the plan that lifts
 * it in `details`) exactly when the shared plan table says the plan lacks the route's feature.
 * A user route added later must say here which feature it belongs to, or this test fails.
 */
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  effectivePlans,
  featureUnlockedBy,
  planAllows,
  type EffectivePlan,
  type PlanFeature,
} from '@shared/constants/plans';
import { apiPath, routes, type RouteDefinition, type RouteId } from '@shared/routes';
import { api, createUser, documentClient, type TestUser } from '../helpers/local-stack';

const DAY_MS = 86_400_000;

interface Sample {
  path: string;
  method?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

/**
 * What each user route is part of, and a valid request to it. `null`: the user's own stored data
 * (their assistant history), readable on any plan like the journal.
 */
const catalogue: Record<string, { feature: PlanFeature | null; samples: Sample[] } | 'separately'> = {
  getProfile: { feature: 'account', samples: [{ path: '/api/profile' }] },
  updateProfile: {
    feature: 'account',
    samples: [{ path: '/api/profile', method: 'PATCH', body: { full_name: 'Plan Tester' } }],
  },
  getMarketData: {
    feature: 'market',
    samples: [{ path: '/api/market-data', method: 'POST', body: { symbols: ['SPY'], type: 'dashboard' } }],
  },
  getOptionsChain: { feature: 'scanner', samples: [{ path: '/api/options-chain?symbol=SPY' }] },
  scanOptions: {
    feature: 'scanner',
    samples: [{ path: '/api/options-scanner', method: 'POST', body: { ticker: 'SPY', ivRank: 50 } }],
  },
  getMarketSummary: { feature: 'market', samples: [{ path: '/api/market-summary' }] },
  getMarketHistory: { feature: 'market', samples: [{ path: '/api/market-history?symbol=SPY&range=1M' }] },
  searchSymbols: { feature: 'market', samples: [{ path: '/api/symbols?q=spy' }] },
  getChatHistory: { feature: null, samples: [{ path: '/api/chat' }] },
  postChatMessage: {
    feature: 'research',
    samples: [{ path: '/api/chat', method: 'POST', body: { message: 'What is SPY doing?' } }],
  },
  listTrades: { feature: 'journal', samples: [{ path: '/api/trades' }] },
  createTrade: {
    feature: 'journal',
    samples: [
      {
        path: '/api/trades',
        method: 'POST',
        body: { ticker: 'SPY', strategy: 'Long Call', entry_price: 1.5 },
      },
    ],
  },
  getTradeStats: { feature: 'journal', samples: [{ path: '/api/trades/stats' }] },
  exportTrades: { feature: 'journal', samples: [{ path: '/api/trades/export.csv' }] },
  getPositions: { feature: 'journal', samples: [{ path: '/api/positions' }] },
  listPositionAlerts: { feature: 'journal', samples: [{ path: '/api/position-alerts' }] },
  importTrades: {
    feature: 'journal',
    samples: [
      {
        path: '/api/trades/import?dryRun=true',
        method: 'POST',
        rawBody: 'Date,Ticker,Strategy,Entry Price,Exit Price\n2026-01-05,SPY,Long Call,1.50,2.00\n',
        headers: { 'content-type': 'text/csv' },
      },
    ],
  },
  updateTrade: {
    feature: 'journal',
    samples: [{ path: '/api/trades/no-such-trade', method: 'PATCH', body: { notes: 'x' } }],
  },
  deleteTrade: { feature: 'journal', samples: [{ path: '/api/trades/no-such-trade', method: 'DELETE' }] },
  getFeed: {
    // One route, a feature per feed: the plan table decides each.
    feature: 'alerts',
    samples: [{ path: '/api/feeds/alerts' }],
  },
  getScorecard: {
    // One route, the feature of the screen each scorecard scores (the other kinds below).
    feature: 'alerts',
    samples: [{ path: '/api/scorecards/alerts?days=90' }],
  },
  dismissTrendAlert: {
    feature: 'trends',
    samples: [{ path: '/api/feeds/trends/no-such-alert/dismiss', method: 'POST' }],
  },
  // Rules and the delivery log are the user's own data, readable and deletable on any plan;
  // making, changing and testing a rule need the Alerts feature.
  listNotificationRules: { feature: null, samples: [{ path: '/api/notification-rules' }] },
  createNotificationRule: {
    feature: 'alerts',
    samples: [
      {
        path: '/api/notification-rules',
        method: 'POST',
        body: { name: 'Plans', condition: { feed: 'alerts', minSeverity: 'high' }, channels: ['in-app'] },
      },
    ],
  },
  updateNotificationRule: {
    feature: 'alerts',
    samples: [
      {
        path: '/api/notification-rules/6f1c1f7e-8a38-4c2e-9d2c-0c9f6c1d2b3a',
        method: 'PATCH',
        body: { enabled: false },
      },
    ],
  },
  deleteNotificationRule: {
    feature: null,
    samples: [{ path: '/api/notification-rules/6f1c1f7e-8a38-4c2e-9d2c-0c9f6c1d2b3a', method: 'DELETE' }],
  },
  testNotificationRule: {
    feature: 'alerts',
    samples: [{ path: '/api/notification-rules/6f1c1f7e-8a38-4c2e-9d2c-0c9f6c1d2b3a/test', method: 'POST' }],
  },
  listNotifications: { feature: null, samples: [{ path: '/api/notifications' }] },
  // A watchlist and this browser's push subscription are the user's own settings, on any plan.
  getWatchlist: { feature: null, samples: [{ path: '/api/watchlist' }] },
  watchTicker: { feature: null, samples: [{ path: '/api/watchlist/SPY', method: 'PUT' }] },
  unwatchTicker: { feature: null, samples: [{ path: '/api/watchlist/SPY', method: 'DELETE' }] },
  getPushKey: { feature: null, samples: [{ path: '/api/push/key' }] },
  subscribePush: {
    feature: null,
    samples: [
      {
        path: '/api/push/subscriptions',
        method: 'POST',
        body: {
          endpoint: 'https://push.example.com/send/plans',
          expirationTime: null,
          keys: {
            p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
            auth: 'tBHItJI5svbpez7KI4CCXg',
          },
        },
      },
    ],
  },
  unsubscribePush: {
    feature: null,
    samples: [{ path: '/api/push/subscriptions/0123456789abcdef0123456789abcdef', method: 'DELETE' }],
  },
  getAccountStats: { feature: 'account', samples: [{ path: '/api/account/stats' }] },
  exportAccount: { feature: 'account', samples: [{ path: '/api/account/export' }] },
  // These end a session or need a recent sign-in; 'open on every plan' below calls them.
  deleteAccount: 'separately',
  signOutEverywhere: 'separately',
  disableMfa: 'separately',
  getBilling: { feature: 'account', samples: [{ path: '/api/billing' }] },
  createCheckout: {
    feature: 'account',
    samples: [
      {
        path: '/api/billing/checkout',
        method: 'POST',
        body: { plan: 'pro', period: 'month' },
        headers: { origin: 'http://127.0.0.1:3000' },
      },
    ],
  },
  openBillingPortal: {
    feature: 'account',
    samples: [{ path: '/api/billing/portal', method: 'POST', headers: { origin: 'http://127.0.0.1:3000' } }],
  },
};

/** The other feeds of the one feed route, each its own feature. */
const feedSamples: [PlanFeature, string][] = [
  ['darkpool', '/api/feeds/darkpool'],
  ['chatter', '/api/feeds/chatter'],
  ['trends', '/api/feeds/trends'],
];

const scorecardSamples: [PlanFeature, string][] = [
  ['darkpool', '/api/scorecards/darkpool'],
  ['scanner', '/api/scorecards/scan?days=30'],
];

const userRoutes = (routes as readonly RouteDefinition[]).filter((route) => route.auth === 'user');

async function setPlan(user: TestUser, plan: EffectivePlan) {
  const id = String(decodeJwt(user.accessToken).sub);
  const now = Date.now();
  const trialEnd = new Date(plan === 'trial' ? now + 3 * DAY_MS : now - DAY_MS).toISOString();
  const tier = plan === 'trial' || plan === 'expired' ? null : plan;
  await documentClient().send(
    new UpdateCommand({
      TableName: 'profiles',
      Key: { id },
      UpdateExpression: 'SET trial_end_date = :end, subscription_tier = :tier',
      ExpressionAttributeValues: { ':end': trialEnd, ':tier': tier },
    }),
  );
}

const call = (user: TestUser, sample: Sample) =>
  api(sample.path, {
    token: user.accessToken,
    method: sample.method,
    body: sample.body,
    rawBody: sample.rawBody,
    headers: sample.headers,
  });

describe('plans on every route', () => {
  const users = {} as Record<EffectivePlan, TestUser>;

  beforeAll(async () => {
    for (const plan of effectivePlans) {
      users[plan] = await createUser(`plan-${plan}`);
      await setPlan(users[plan], plan);
    }
  });

  it('knows the feature of every user route of the route table', () => {
    const unknown = userRoutes.map((route) => route.id).filter((id) => !(id in catalogue));
    expect(unknown, 'add these routes to the catalogue of plans.test.ts').toEqual([]);
  });

  const cases = Object.entries(catalogue).flatMap(([id, entry]) =>
    entry === 'separately'
      ? []
      : entry.samples.map((sample) => ({ id: id as RouteId, feature: entry.feature, sample })),
  );
  cases.push(
    ...feedSamples.map(([feature, path]) => ({ id: 'getFeed' as RouteId, feature, sample: { path } })),
    ...scorecardSamples.map(([feature, path]) => ({
      id: 'getScorecard' as RouteId,
      feature,
      sample: { path },
    })),
  );

  it.each(effectivePlans)(
    'a user on %s is refused exactly what the plan table closes',
    async (plan) => {
      const user = users[plan];
      for (const { id, feature, sample } of cases) {
        const response = await call(user, sample);
        const where = `${plan}: ${id} ${sample.method ?? 'GET'} ${sample.path} → ${response.status} ${response.text.slice(0, 200)}`;
        expect(response.status, where).toBeLessThan(500);
        if (feature !== null && !planAllows(plan, feature)) {
          expect(response.status, where).toBe(403);
          expect(response.json, where).toMatchObject({
            error: {
              code: 'plan_limit',
              details: { limit: feature, max: null, plan, unlockedBy: featureUnlockedBy(feature) },
            },
          });
        } else {
          expect(response.status, where).not.toBe(403);
        }
      }
    },
    180_000,
  );

  it('an expired user may still turn MFA off and sign out everywhere (neither is a plan feature)', async () => {
    const expired = await createUser('plan-expired-sign-out');
    await setPlan(expired, 'expired');
    const mfaOff = await api(apiPath('disableMfa'), { method: 'DELETE', token: expired.accessToken });
    expect(mfaOff.status, mfaOff.text).toBeLessThan(300);
    const signedOut = await api(apiPath('signOutEverywhere'), { method: 'POST', token: expired.accessToken });
    expect(signedOut.status, signedOut.text).toBe(204);
    expect((await api('/api/profile', { token: expired.accessToken })).status).toBe(401);
  });

  it('an expired user is refused the scanner, chain, feeds and assistant, and keeps the journal and account', async () => {
    const expired = users.expired;
    for (const path of ['/api/options-chain?symbol=SPY', '/api/feeds/alerts', '/api/market-summary'])
      expect((await api(path, { token: expired.accessToken })).status).toBe(403);
    const ask = await api('/api/chat', {
      token: expired.accessToken,
      method: 'POST',
      body: { message: 'hi' },
    });
    expect(ask.json).toMatchObject({ error: { code: 'plan_limit', details: { unlockedBy: 'starter' } } });
    for (const path of ['/api/trades', '/api/trades/stats', '/api/profile', '/api/account/stats'])
      expect((await api(path, { token: expired.accessToken })).status).toBe(200);
  });

  describe('Starter', () => {
    it('has no dark pool: 403 naming Pro as the plan that opens it', async () => {
      const refused = await api('/api/feeds/darkpool', { token: users.starter.accessToken });
      expect(refused.status).toBe(403);
      expect(refused.json).toMatchObject({
        error: { code: 'plan_limit', details: { limit: 'darkpool', plan: 'starter', unlockedBy: 'pro' } },
      });
      expect((await api('/api/feeds/darkpool', { token: users.pro.accessToken })).status).toBe(200);
    });

    it('scans with at most 10 filters; the 11th is 403 with the limit and Pro', async () => {
      // A ticker's scan ignores the IV rank slider, so it is not counted.
      const ten = {
        ticker: 'SPY',
        strategy: 'long-call',
        ivRank: 10,
        premiumMin: 0.01,
        dteMin: 1,
        dteMax: 400,
        deltaMin: -1,
        deltaMax: 1,
        minVolume: 1,
        minOpenInterest: 1,
        minEdgeScore: 1,
      };
      const allowed = await api('/api/options-scanner', {
        token: users.starter.accessToken,
        method: 'POST',
        body: ten,
      });
      expect(allowed.status).toBe(200);
      expect((allowed.json as { activeFilters: number }).activeFilters).toBe(10);
      const refused = await api('/api/options-scanner', {
        token: users.starter.accessToken,
        method: 'POST',
        body: { ...ten, ivRankMax: 100 },
      });
      expect(refused.status).toBe(403);
      expect(refused.json).toMatchObject({
        error: {
          code: 'plan_limit',
          details: { limit: 'maxScannerFilters', max: 10, plan: 'starter', unlockedBy: 'pro' },
        },
      });
      const pro = await api('/api/options-scanner', {
        token: users.pro.accessToken,
        method: 'POST',
        body: { ...ten, ivRankMax: 100 },
      });
      expect(pro.status).toBe(200);
    });

    it('asks 50 questions a day: the next is 429 quota_exceeded with the limit, Pro, and when to retry', async () => {
      const sub = String(decodeJwt(users.starter.accessToken).sub);
      const now = new Date();
      const day = now.toISOString().slice(0, 10);
      await documentClient().send(
        new PutCommand({
          TableName: 'usage',
          Item: { user_id: sub, sk: `ai-questions#${day}`, questions: 50, expires_at: 0 },
        }),
      );
      const refused = await api('/api/chat', {
        token: users.starter.accessToken,
        method: 'POST',
        body: { message: 'One more?' },
      });
      expect(refused.status).toBe(429);
      expect(refused.json).toMatchObject({
        error: {
          code: 'quota_exceeded',
          details: { limit: 'aiQuestionsPerDay', max: 50, plan: 'starter', unlockedBy: 'pro' },
        },
      });
      const retryAfter = Number(refused.headers.get('retry-after'));
      const secondsToMidnight =
        (Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000;
      expect(retryAfter).toBeGreaterThan(0);
      expect(Math.abs(retryAfter - secondsToMidnight)).toBeLessThan(120);
    });
  });
});
