import type { Server } from 'node:http';

/**
 * Idle keep-alive connections stay open a minute, as CloudFront and Cognito keep a viewer's. With
 * Node's default of 5 s, a client that reuses a connection idle for about 5 s can send its
 * request just as the server closes it, and gets a reset ("socket hang up") for no fault of its
 * own; clients close idle connections sooner than a minute (browsers, undici, Playwright), so the
 * race is theirs to avoid. Headers must be allowed a little longer than the idle time.
 */
export function keepIdleConnections(server: Server): Server {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server;
}
