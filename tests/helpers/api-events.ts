/** Builds API Gateway HTTP API (v2) events for handler unit tests. */
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';

export interface EventOptions {
  method?: string;
  path?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  query?: Record<string, string>;
  pathParameters?: Record<string, string>;
  /** The caller's Cognito sub; omit for an unauthenticated call. */
  sub?: string;
  /** The token's `token_use` claim (an access token unless said otherwise). */
  tokenUse?: 'access' | 'id';
  /**
   * Sent as `Authorization: Bearer <token>`; with a `sub` and no token, `token-<sub>` (API Gateway
   * passes a user route only a request with a token). `null`: no Authorization header at all.
   */
  token?: string | null;
  /** More claims of the token, as API Gateway passes them (strings): `iat`, `auth_time`. */
  claims?: Record<string, string>;
}

export function apiEvent(options: EventOptions = {}): APIGatewayProxyEventV2WithJWTAuthorizer {
  const method = options.method ?? 'GET';
  const path = options.path ?? '/api/profile';
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const token =
    options.token === null ? undefined : (options.token ?? (options.sub && `token-${options.sub}`));
  return {
    version: '2.0',
    routeKey: `${method} ${path}`,
    rawPath: path,
    rawQueryString: '',
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...options.headers,
    },
    queryStringParameters: options.query,
    pathParameters: options.pathParameters,
    body,
    isBase64Encoded: false,
    requestContext: {
      accountId: '123456789012',
      apiId: 'api',
      domainName: 'example.com',
      domainPrefix: 'example',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '203.0.113.7', userAgent: 'vitest' },
      requestId: 'req-123',
      routeKey: `${method} ${path}`,
      stage: '$default',
      time: '21/Nov/2026:10:00:00 +0000',
      timeEpoch: Date.parse('2026-11-21T10:00:00Z'),
      authorizer: {
        principalId: '',
        integrationLatency: 0,
        jwt: {
          claims: options.sub
            ? { sub: options.sub, token_use: options.tokenUse ?? 'access', ...options.claims }
            : {},
          scopes: [],
        },
      },
    },
  } as APIGatewayProxyEventV2WithJWTAuthorizer;
}

export function parseBody(result: { body?: string }) {
  return result.body ? (JSON.parse(result.body) as Record<string, unknown>) : undefined;
}
