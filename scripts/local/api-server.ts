/**
 * The local API: turns HTTP requests into API Gateway v2 events for the routes of the shared
 * route table, authorizes user routes as the JWT authorizer would, and invokes the same handler
 * exports that run in Lambda. Where API Gateway itself answers (no route, authorizer refusal,
 * body over its 10 MB limit, a crashed handler), this answers with API Gateway's own responses.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { matchPath, routeKey, routes, type Route, USER_ROUTE_SCOPE } from '@shared/routes';
import { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from '@shared/secrets';
import type { Authorizer } from './authorizer';

type Handler = (event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyStructuredResultV2>;

/** API Gateway HTTP APIs refuse payloads over 10 MB before any handler runs. */
const GATEWAY_PAYLOAD_LIMIT = 10 * 1024 * 1024;

export interface ApiServerOptions {
  rootDir: string;
  authorizer: Authorizer;
  /** What CloudFront would send as `x-origin-verify` (the origin-verify secret). */
  originVerifyValue: string;
  log?: (line: string) => void;
}

function loadHandler(rootDir: string, route: Route): Promise<Handler> {
  const file = pathToFileURL(join(rootDir, 'lambdas', route.area, 'handler.ts')).href;
  return import(file).then((module: Record<string, unknown>) => {
    const handler = module[route.id];
    if (typeof handler !== 'function')
      throw new Error(`lambdas/${route.area}/handler.ts does not export ${route.id}`);
    return handler as Handler;
  });
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<Buffer | 'too_large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > GATEWAY_PAYLOAD_LIMIT) return 'too_large';
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

const isTextual = (contentType: string) =>
  contentType === '' || /json|text|xml|javascript|urlencoded/i.test(contentType);

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
/** Whether the bytes are UTF-8 text: bytes that are not are handed over base64-encoded, unaltered. */
function isUtf8(bytes: Buffer): boolean {
  try {
    strictUtf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** `ip:port` as CloudFront writes CloudFront-Viewer-Address (IPv6 in brackets). */
function viewerAddress(req: IncomingMessage): string {
  const ip = (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  return `${ip.includes(':') ? `[${ip}]` : ip}:${req.socket.remotePort ?? 0}`;
}

export function createApiMiddleware({
  rootDir,
  authorizer,
  originVerifyValue,
  log = () => {},
}: ApiServerOptions) {
  const handlers = new Map<string, Promise<Handler>>();
  const handlerFor = (route: Route) => {
    let handler = handlers.get(route.id);
    if (!handler) {
      handler = loadHandler(rootDir, route);
      handlers.set(route.id, handler);
    }
    return handler;
  };

  return async function apiMiddleware(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://local');
    const method = (req.method ?? 'GET').toUpperCase();
    let params: Record<string, string> | null = null;
    let route: Route | undefined;
    try {
      route = routes.find((r) => r.method === method && (params = matchPath(r.path, url.pathname)) !== null);
    } catch (error) {
      // A path parameter whose percent-encoding is not UTF-8 (`%E0%A4%A`): the request is wrong.
      if (error instanceof URIError) return send(res, 400, { message: 'Bad Request' });
      throw error;
    }
    if (!route || !params) return send(res, 404, { message: 'Not Found' });

    const body = await readBody(req);
    if (body === 'too_large') return send(res, 413, { message: 'Request Entity Too Large' });

    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined && name !== 'cookie')
        headers[name] = Array.isArray(value) ? value.join(',') : value;
    }
    // This server stands where CloudFront does: what a caller writes in these headers is
    // replaced by what CloudFront would send (the connection's address, the origin secret).
    headers[VIEWER_ADDRESS_HEADER] = viewerAddress(req);
    headers[ORIGIN_VERIFY_HEADER] = originVerifyValue;
    let authorizerContext: { jwt: { claims: Record<string, string>; scopes: string[] } } | undefined;
    if (route.auth === 'user') {
      const verified = await authorizer(headers.authorization);
      // API Gateway answers a missing scope with 403 {"message":"Forbidden"}... but only when
      // the token is otherwise valid; a token without the route's scope is refused either way.
      if (!verified) return send(res, 401, { message: 'Unauthorized' }, { 'www-authenticate': 'Bearer' });
      if (!verified.scopes.includes(USER_ROUTE_SCOPE)) return send(res, 403, { message: 'Forbidden' });
      authorizerContext = { jwt: verified };
    }

    const contentType = headers['content-type'] ?? '';
    // Text is passed as text only when it is valid UTF-8; anything else goes base64-encoded, so the
    // handler sees the bytes as sent (never a lenient decoding with replacement characters).
    const textual = isTextual(contentType) && isUtf8(body);
    const query: Record<string, string> = {};
    for (const key of new Set(url.searchParams.keys())) query[key] = url.searchParams.getAll(key).join(',');
    const now = new Date();
    const requestId = randomUUID();
    const event = {
      version: '2.0',
      routeKey: routeKey(route),
      rawPath: url.pathname,
      rawQueryString: url.search.slice(1),
      cookies: req.headers.cookie ? req.headers.cookie.split(/;\s*/) : undefined,
      headers,
      queryStringParameters: Object.keys(query).length ? query : undefined,
      pathParameters: Object.keys(params).length ? params : undefined,
      body: body.length ? body.toString(textual ? 'utf8' : 'base64') : undefined,
      isBase64Encoded: body.length > 0 && !textual,
      requestContext: {
        accountId: 'local',
        apiId: 'local',
        domainName: headers.host ?? 'localhost',
        domainPrefix: 'local',
        http: {
          method,
          path: url.pathname,
          protocol: `HTTP/${req.httpVersion}`,
          sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
          userAgent: headers['user-agent'] ?? '',
        },
        requestId,
        routeKey: routeKey(route),
        stage: '$default',
        time: now.toISOString(),
        timeEpoch: now.getTime(),
        ...(authorizerContext ? { authorizer: authorizerContext } : {}),
      },
    } as APIGatewayProxyEventV2;

    try {
      const result = await (await handlerFor(route))(event);
      const responseHeaders: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(result.headers ?? {})) responseHeaders[name] = String(value);
      if (result.cookies?.length) responseHeaders['set-cookie'] = result.cookies;
      res.writeHead(result.statusCode ?? 200, responseHeaders);
      res.end(result.body ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : undefined);
    } catch (error) {
      log(`[api] ${method} ${url.pathname} crashed: ${(error as Error).stack ?? String(error)}`);
      send(res, 500, { message: 'Internal Server Error' });
    }
  };
}
