/**
 * The local API and user pool keep an idle keep-alive connection open as CloudFront and Cognito
 * do, so a client that reuses one after a few idle seconds is answered, not reset: with Node's
 * 5 s default the server closed it under the client ("socket hang up" in an e2e run).
 */
import { connect, type Socket } from 'node:net';
import { describe, expect, inject, it } from 'vitest';

/** Sends one HTTP/1.1 request on the socket and resolves with the status of the response. */
function exchange(socket: Socket, host: string, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    let received = '';
    const onData = (chunk: Buffer) => {
      received += chunk.toString();
      const head = received.indexOf('\r\n\r\n');
      if (head < 0) return;
      const length = Number(/content-length: (\d+)/i.exec(received.slice(0, head))?.[1] ?? 0);
      if (Buffer.byteLength(received.slice(head + 4)) < length) return;
      socket.off('data', onData);
      resolve(Number(received.slice(9, 12)));
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: keep-alive\r\n\r\n`);
  });
}

async function reusedAfterIdle(base: string, path: string, idleMs: number) {
  const url = new URL(base);
  const socket = connect(Number(url.port), url.hostname);
  let closedBy: string | undefined;
  socket.on('end', () => (closedBy ??= 'server'));
  socket.on('close', () => (closedBy ??= 'closed'));
  try {
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    const first = await exchange(socket, url.host, path);
    await new Promise((resolve) => setTimeout(resolve, idleMs));
    const open = closedBy === undefined;
    const second = open ? await exchange(socket, url.host, path) : undefined;
    return { first, open, second };
  } finally {
    socket.destroy();
  }
}

describe('idle keep-alive connections', () => {
  it('the API answers a second request on a connection left idle for 7 s', async () => {
    expect(await reusedAfterIdle(inject('apiUrl'), '/api/health', 7_000)).toEqual({
      first: 200,
      open: true,
      second: 200,
    });
  }, 30_000);

  it('so does the local user pool (its outbox, which the e2e tests read between steps)', async () => {
    expect(await reusedAfterIdle(inject('cognitoEndpoint'), '/_local/outbox', 7_000)).toEqual({
      first: 200,
      open: true,
      second: 200,
    });
  }, 30_000);
});
