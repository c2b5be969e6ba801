/**
 * Browser push over the real Web Push protocol, on the local runtime: a browser's subscription
 * stored through the API (a private endpoint refused), a rule's match sent by `web-push` to a
 * local HTTP server standing in for the push service (an aes128gcm payload this test decrypts
 * with the browser's keys, a VAPID JWT signed with the stage's key), and a subscription the push
 * service answers 410 for removed.
 */
import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
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

const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt: (
    body: Buffer,
    params: { version: string; privateKey: ReturnType<typeof createECDH>; authSecret: Buffer },
  ) => Buffer;
};

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

let pushService: Server;
let pushUrl: string;
const received: Received[] = [];
const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:alerts@example.com' };

beforeAll(async () => {
  useLocalStackEnvironment();
  Object.assign(process.env, {
    ALLOW_LOCAL_WEBHOOKS: 'true',
    LOCAL_NOTIFICATION_RETRY_MS: '10',
    STAGE: 'local',
    VAPID_KEYS: JSON.stringify(vapid),
  });
  pushService = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = req.url?.startsWith('/gone') ? 410 : 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  pushUrl = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => pushService.close(resolve));
});

/** A browser's push keys: its P-256 key pair and auth secret, as PushSubscription.toJSON() gives them. */
function browser() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}

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

/** Checks a VAPID `Authorization: vapid t=<jwt>, k=<public key>` header against the stage's key. */
function vapidVerified(header: string): boolean {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(header);
  if (!match || match[2] !== vapid.publicKey) return false;
  const [head, claims, signature] = match[1]!.split('.');
  const raw = Buffer.from(vapid.publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const payload = JSON.parse(Buffer.from(claims!, 'base64url').toString()) as { aud: string };
  return (
    payload.aud === pushUrl &&
    verify(
      'sha256',
      Buffer.from(`${head}.${claims}`),
      { key, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature!, 'base64url'),
    )
  );
}

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
    expect(vapidVerified(String(sent.headers.authorization))).toBe(true);
    const payload = JSON.parse(
      ece
        .decrypt(sent.body, { version: 'aes128gcm', privateKey: phone.ecdh, authSecret: phone.auth })
        .toString('utf8'),
    ) as { title: string; body: string; url: string };
    expect(payload.title).toBe(`Push me: ${ticker}`);
    expect(payload.body).toContain(`${ticker} high breakout alert`);
    expect(payload.url).toBe('/dashboard/alerts');
    // The other browser's copy is encrypted to its own keys: the phone's cannot read it.
    const gone = mine.find((r) => r.path.startsWith('/gone'))!;
    expect(() =>
      ece.decrypt(gone.body, { version: 'aes128gcm', privateKey: phone.ecdh, authSecret: phone.auth }),
    ).toThrow();

    const log = notificationLogSchema.parse((await api('/api/notifications', { token })).json);
    expect(log.notifications.map((n) => [n.channel, n.status])).toEqual([['push', 'sent']]);
    // The expired subscription was removed; the phone's is still there.
    expect((await api(`/api/push/subscriptions/${expiredId}`, { method: 'DELETE', token })).status).toBe(404);
    expect((await api(`/api/push/subscriptions/${phoneId}`, { method: 'DELETE', token })).status).toBe(204);
  });
});
