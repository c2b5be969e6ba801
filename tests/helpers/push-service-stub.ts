/**
 * A stand-in for a browser's push service (FCM, Mozilla's autopush) on 127.0.0.1, and what a
 * browser holds to read what it receives: its P-256 key pair and auth secret. Used by the local
 * runtime's integration test and the e2e push spec: `web-push` sends to the stub over the real
 * Web Push protocol, the test checks the VAPID signature against the stage's public key and
 * decrypts the aes128gcm body with the browser's keys.
 */
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt: (body: Buffer, params: { version: string; privateKey: ECDH; authSecret: Buffer }) => Buffer;
};

export interface PushReceived {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * Starts the stub on a free port: it keeps every request and answers 201 (taken), or 410 (the
 * subscription is gone) for a path under /gone.
 */
export async function startPushService() {
  const received: PushReceived[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = req.url?.startsWith('/gone') ? 410 : 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's push keys: its P-256 key pair and auth secret, as PushSubscription.toJSON() gives them. */
export function pushBrowser() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}
export type PushBrowser = ReturnType<typeof pushBrowser>;

/** The aes128gcm body decrypted with the browser's keys (throws when it was encrypted to others). */
export const decryptPush = (body: Buffer, browser: PushBrowser): string =>
  ece
    .decrypt(body, { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.auth })
    .toString('utf8');

/**
 * Whether a VAPID `Authorization: vapid t=<jwt>, k=<public key>` header names the stage's public
 * key, is signed by its private key (ES256) and is addressed to the push service's origin.
 */
export function vapidVerified(header: string, publicKey: string, audience: string): boolean {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(header);
  if (!match || match[2] !== publicKey) return false;
  const [head, claims, signature] = match[1]!.split('.');
  const raw = Buffer.from(publicKey, 'base64url');
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
    payload.aud === audience &&
    verify(
      'sha256',
      Buffer.from(`${head}.${claims}`),
      { key, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature!, 'base64url'),
    )
  );
}
