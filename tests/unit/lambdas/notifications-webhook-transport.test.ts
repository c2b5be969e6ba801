/**
 * The webhook transport against real local TLS receivers: the connection goes to the addresses the
 * guard checked and nowhere else (DNS rebinding), with the user's host name as SNI and Host;
 * redirects are not followed and the response's body never read. `127.0.0.1` plays the public
 * address (the local runtime's `allowLocal` admits it) and `127.0.0.2`, still loopback on Linux,
 * the private one: a receiver listens on each, on one port, and counts what reaches it.
 */
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  guardedPost,
  pinnedLookup,
  pinnedPost,
  postWebhook,
  verifySignature,
  type PinnedRequest,
} from '../../../lambdas/notifications/webhook';
import { selfSignedCertificate } from '../../helpers/test-certificate';

const HOST = 'hooks.example.com';
/** Made for this run (tests/helpers/test-certificate): the receivers serve it, the transport trusts only it. */
const { cert, key } = selfSignedCertificate(HOST);

interface Seen {
  connections: number;
  requests: {
    host?: string;
    servername: string | false | null;
    path?: string;
    signature?: string;
    body: string;
  }[];
}

/** What the public receiver answers; the private one answers 200 and must never be reached. */
let answer: { status: number; headers?: Record<string, string>; body?: string; hang?: boolean };

function receiver(address: string, port: number, seen: Seen): Promise<Server> {
  const server = createServer({ cert, key }, (request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.requests.push({
        host: request.headers.host,
        servername: (request.socket as TLSSocket).servername,
        path: request.url,
        signature: request.headers['x-edge-signature'] as string | undefined,
        body,
      });
      if (address === '127.0.0.1' && answer.hang) return;
      const reply = address === '127.0.0.1' ? answer : { status: 200 };
      response.writeHead(reply.status, reply.headers).end(reply.body ?? 'receiver internals');
    });
  });
  server.on('connection', () => (seen.connections += 1));
  return new Promise((resolve) => server.listen(port, address, () => resolve(server)));
}

const publicSeen: Seen = { connections: 0, requests: [] };
const privateSeen: Seen = { connections: 0, requests: [] };
let servers: Server[] = [];
let port = 0;

beforeAll(async () => {
  const first = await receiver('127.0.0.1', 0, publicSeen);
  port = (first.address() as AddressInfo).port;
  servers = [first, await receiver('127.0.0.2', port, privateSeen)];
});
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
beforeEach(() => {
  for (const seen of [publicSeen, privateSeen]) {
    seen.connections = 0;
    seen.requests = [];
  }
  answer = { status: 204 };
});

const transport = (request: PinnedRequest) => pinnedPost(request, { ca: cert });

/** A hostile DNS server: the first answer is the public address, every later one the private. */
function rebindingResolver() {
  const calls: string[] = [];
  const resolve = async (host: string) => {
    calls.push(host);
    return calls.length === 1 ? ['127.0.0.1'] : ['127.0.0.2'];
  };
  return { calls, resolve };
}

describe('the connection goes to the checked addresses only', () => {
  it('posts to the address the check saw although a second resolution answers a private one', async () => {
    const dns = rebindingResolver();
    const result = await postWebhook(
      { url: `https://${HOST}:${port}/hook?team=7`, secret: 'whsec_k' },
      '{"id":"n-1"}',
      { allowLocal: true, resolve: dns.resolve, transport, nowSeconds: () => 1700000000 },
    );
    expect(result).toEqual({ ok: true });
    expect(privateSeen.connections).toBe(0);
    expect(dns.calls).toEqual([HOST]);
    expect(publicSeen.requests).toHaveLength(1);
    const [request] = publicSeen.requests;
    expect(request).toMatchObject({
      host: `${HOST}:${port}`,
      servername: HOST,
      path: '/hook?team=7',
      body: '{"id":"n-1"}',
    });
    expect(verifySignature('whsec_k', request!.body, request!.signature!, 1700000000)).toBe(true);
    // The next delivery resolves afresh: that answer is private, so nothing is sent at all.
    expect(
      await postWebhook({ url: `https://${HOST}:${port}/hook`, secret: 'whsec_k' }, '{}', {
        allowLocal: true,
        resolve: dns.resolve,
        transport,
      }),
    ).toEqual({ ok: false, detail: 'refused: a private address', retry: false });
    expect(privateSeen.connections).toBe(0);
    expect(publicSeen.connections).toBe(1);
  });

  it('refuses in the socket’s own lookup an address that is not allowed, connecting nowhere', async () => {
    const request: PinnedRequest = {
      url: new URL(`https://${HOST}:${port}/hook`),
      addresses: ['127.0.0.1', '127.0.0.2'],
      allowLocal: true,
      headers: {},
      body: '{}',
      timeoutMs: 2000,
    };
    await expect(transport(request)).rejects.toMatchObject({ code: 'EREFUSEDADDRESS' });
    await expect(
      transport({ ...request, addresses: ['127.0.0.1'], allowLocal: false }),
    ).rejects.toMatchObject({
      code: 'EREFUSEDADDRESS',
    });
    // Through the guard (a transport handed a list other than the one checked), the log's word, no retry.
    const swapped = async (checked: PinnedRequest) => transport({ ...checked, addresses: ['127.0.0.2'] });
    const options = { allowLocal: true, resolve: async () => ['127.0.0.1'], transport: swapped };
    expect(await guardedPost(request.url.href, {}, '{}', options)).toEqual({
      ok: false,
      detail: 'refused: a private address',
      retry: false,
    });
    expect(publicSeen.connections + privateSeen.connections).toBe(0);
  });

  it('outside the local runtime, a host name answering loopback is refused before any connection', async () => {
    const result = await postWebhook({ url: `https://${HOST}:${port}/hook`, secret: 's' }, '{}', {
      allowLocal: false,
      resolve: async () => ['127.0.0.1'],
      transport,
    });
    expect(result).toEqual({ ok: false, detail: 'refused: a private address', retry: false });
    expect(publicSeen.connections + privateSeen.connections).toBe(0);
  });
});

describe('what the receiver answers', () => {
  const post = () =>
    postWebhook({ url: `https://${HOST}:${port}/hook`, secret: 's' }, '{}', {
      allowLocal: true,
      resolve: async () => ['127.0.0.1'],
      transport,
    });

  it('does not follow a redirect, and never reads the body into the result', async () => {
    answer = { status: 302, headers: { location: `https://127.0.0.2:${port}/metadata` }, body: 'moved' };
    expect(await post()).toEqual({ ok: false, detail: 'HTTP 302', retry: false });
    answer = { status: 500, body: 'stack trace with secrets' };
    const failed = await post();
    expect(failed).toEqual({ ok: false, detail: 'HTTP 500', retry: true });
    expect(JSON.stringify(failed)).not.toContain('secrets');
    expect(privateSeen.connections).toBe(0);
  });

  it('gives up on a receiver that does not answer in time', async () => {
    answer = { status: 200, hang: true };
    const request: PinnedRequest = {
      url: new URL(`https://${HOST}:${port}/hook`),
      addresses: ['127.0.0.1'],
      allowLocal: true,
      headers: {},
      body: '{}',
      timeoutMs: 300,
    };
    await expect(transport(request)).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(publicSeen.requests).toHaveLength(1);
  });

  it('refuses a certificate that does not name the host (no trust added)', async () => {
    const result = await postWebhook({ url: `https://${HOST}:${port}/hook`, secret: 's' }, '{}', {
      allowLocal: true,
      resolve: async () => ['127.0.0.1'],
    });
    expect(result).toEqual({ ok: false, detail: 'connection failed', retry: true });
    // The socket reached the checked address; TLS refused the certificate before any request.
    expect(publicSeen.connections).toBe(1);
    expect(publicSeen.requests).toHaveLength(0);
  });
});

describe('pinnedLookup', () => {
  const call = (lookup: ReturnType<typeof pinnedLookup>, host: string, options: object) =>
    new Promise<unknown>((resolve) =>
      lookup(host, options, (error, address, family) => resolve(error ? error.code : { address, family })),
    );

  it('answers the checked addresses for the host, by family, and nothing for another name', async () => {
    const lookup = pinnedLookup(HOST, ['93.184.216.34', '2606:2800:220:1::1'], false);
    expect(await call(lookup, HOST, { all: true })).toEqual({
      address: [
        { address: '93.184.216.34', family: 4 },
        { address: '2606:2800:220:1::1', family: 6 },
      ],
      family: undefined,
    });
    expect(await call(lookup, HOST, { family: 6 })).toEqual({ address: '2606:2800:220:1::1', family: 6 });
    expect(await call(lookup, 'other.example.com', {})).toBe('EREFUSEDADDRESS');
    expect(await call(pinnedLookup(HOST, ['93.184.216.34', '169.254.169.254'], false), HOST, {})).toBe(
      'EREFUSEDADDRESS',
    );
    expect(await call(pinnedLookup(HOST, [], false), HOST, {})).toBe('EREFUSEDADDRESS');
  });
});
