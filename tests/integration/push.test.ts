/**
 * Browser push over the real Web Push protocol, on the local runtime: a browser's subscription
 * stored through the API (a private endpoint refused), a rule's match sent by `web-push` to a
 * local HTTP server standing in for the push service (an aes128gcm payload this test decrypts
 * with the browser's keys, a VAPID JWT signed with the stage's key), and a subscription the push
 * service answers 410 for removed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import type { MarketAlert } from '@shared/feeds/schemas';
import {
  createdRuleSchema,
  notificationLogSchema,
  pushKeySchema,
  pushSubscribedSchema,
} from '@shared/notifications/schemas';
import { api, createUser, useLocalStackEnvironment } from '../helpers/local-stack';
import {
  decryptPush,
  pushBrowser as browser,
  startPushService,
  vapidVerified,
} from '../helpers/push-service-stub';

let pushService: Awaited<ReturnType<typeof startPushService>>;
let pushUrl: string;
let received: Awaited<ReturnType<typeof startPushService>>['received'];
const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:alerts@example.com' };

beforeAll(async () => {
  useLocalStackEnvironment();
  Object.assign(process.env, {
    ALLOW_LOCAL_WEBHOOKS: 'true',
    LOCAL_NOTIFICATION_RETRY_MS: '10',
    STAGE: 'local',
    VAPID_KEYS: JSON.stringify(vapid),
  });
  pushService = await startPushService();
  pushUrl = pushService.url;
  received = pushService.received;
});

afterAll(async () => {
  await pushService.close();
});

const alert = (ticker: string, id: string): MarketAlert => ({
  id,
  ticker,
  type: 'breakout',
  message: `${ticker} broke its 20-day high`,
  timestamp: new Date(Date.now() - 1000).toISOString(),
  severity: 'high',
  price: 101.5,
  changePercent: 1.2,
  volume: 1_200_000,
  bias: 'bullish',
  trigger: { metric: 'close', value: 101.5, threshold: 100 } as MarketAlert['trigger'],
});

describe('browser push', () => {
  it('answers the public key, and refuses a private endpoint', async () => {
    const user = await createUser('push-key');
    const key = await api('/api/push/key', { token: user.accessToken });
    expect(key.status).toBe(200);
    expect(pushKeySchema.parse(key.json).publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const refused = await api('/api/push/subscriptions', {
      method: 'POST',
      token: user.accessToken,
      body: { endpoint: 'https://169.254.169.254/latest', keys: browser().keys },
    });
    expect(refused.status).toBe(400);
  });

  it('pushes a match encrypted to each browser, and removes the subscription the push service says is gone', async () => {
    const user = await createUser('push');
    const token = user.accessToken;
    expect((await api('/api/profile', { token })).status).toBe(200);
    const phone = browser();
    const expired = browser();
    const subscribe = async (endpoint: string, keys: { p256dh: string; auth: string }) => {
      const response = await api('/api/push/subscriptions', {
        method: 'POST',
        token,
        body: { endpoint, keys },
      });
      expect(response.status).toBe(201);
      return pushSubscribedSchema.parse(response.json).id;
    };
    const tag = Date.now().toString(36);
    const phoneId = await subscribe(`${pushUrl}/ok/${tag}`, phone.keys);
    const expiredId = await subscribe(`${pushUrl}/gone/${tag}`, expired.keys);
    // The same browser subscribing again keeps its id.
    expect(await subscribe(`${pushUrl}/ok/${tag}`, phone.keys)).toBe(phoneId);

    const ticker = `P${tag.replace(/\d/g, 'Q').toUpperCase().slice(-5)}`;
    const create = await api('/api/notification-rules', {
      method: 'POST',
      token,
      body: {
        name: 'Push me',
        condition: { feed: 'alerts', minSeverity: 'high' },
        tickers: [ticker],
        channels: ['push'],
      },
    });
    expect(create.status).toBe(201);
    const rule = createdRuleSchema.parse(create.json);

    const { notifyNewFeedItems } = await import('../../lambdas/notifications/jobs');
    const { createLogger } = await import('../../lambdas/common/observability');
    await notifyNewFeedItems(new Map([['alerts', [alert(ticker, `p-${rule.id}`)]]]), createLogger('test'));

    const mine = received.filter((r) => r.path.endsWith(`/${tag}`));
    expect(mine.map((r) => r.path).sort()).toEqual([`/gone/${tag}`, `/ok/${tag}`]);
    const sent = mine.find((r) => r.path.startsWith('/ok'))!;
    expect(sent.headers['content-encoding']).toBe('aes128gcm');
    expect(sent.headers.ttl).toBe('3600');
    expect(vapidVerified(String(sent.headers.authorization), vapid.publicKey, pushUrl)).toBe(true);
    const payload = JSON.parse(decryptPush(sent.body, phone)) as { title: string; body: string; url: string };
    expect(payload.title).toBe(`Push me: ${ticker}`);
    expect(payload.body).toContain(`${ticker} high breakout alert`);
    expect(payload.url).toBe('/dashboard/alerts');
    // The other browser's copy is encrypted to its own keys: the phone's cannot read it.
    const gone = mine.find((r) => r.path.startsWith('/gone'))!;
    expect(() => decryptPush(gone.body, phone)).toThrow();

    const log = notificationLogSchema.parse((await api('/api/notifications', { token })).json);
    expect(log.notifications.map((n) => [n.channel, n.status])).toEqual([['push', 'sent']]);
    // The expired subscription was removed; the phone's is still there.
    expect((await api(`/api/push/subscriptions/${expiredId}`, { method: 'DELETE', token })).status).toBe(404);
    expect((await api(`/api/push/subscriptions/${phoneId}`, { method: 'DELETE', token })).status).toBe(204);
  });
});
