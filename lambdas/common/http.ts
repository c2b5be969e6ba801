/**
 * The handler pattern every route follows: look the route up in the shared route table, parse
 * and validate the API Gateway v2 event with zod, run the service, and map errors to the
 * contract's envelope in one place. No stack trace ever reaches the client.
 */
import { randomUUID } from 'node:crypto';
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
} from 'aws-lambda';
import type { z } from 'zod';
import { tokenFromAuthorization } from '@shared/auth/bearer';
import { routes, type RouteDefinition, type RouteId } from '@shared/routes';
import { ORIGIN_VERIFY_HEADER, runtimeEnv, VIEWER_ADDRESS_HEADER } from '@shared/secrets';
import { AppError, ForbiddenError, fromAwsError, UnauthorizedError, ValidationError } from './errors';
import { instrument, recordMetric, type InvocationContext, type Logger } from './observability';
import { originVerified } from './origin-verify';
import { pathParameters, readBody } from './request-input';
import { assertSessionAlive } from './session';
import { assertSiteGatePassed } from './site-gate';
import { traceError } from './tracing';

export type ApiEvent = APIGatewayProxyEventV2WithJWTAuthorizer | APIGatewayProxyEventV2;
export type ApiResult = APIGatewayProxyStructuredResultV2;
/** Lambda passes its context as the second argument; the local runtime passes none. */
export type ApiHandler = (event: ApiEvent, context?: InvocationContext) => Promise<ApiResult>;

export interface HttpResult {
  status: number;
  /** Sent as JSON... */
  body?: unknown;
  /** ...or this text as it is, with the content type in `headers` (e.g. a CSV download). */
  text?: string;
  headers?: Record<string, string>;
  cookies?: string[];
}

export const ok = (body: unknown, headers?: Record<string, string>): HttpResult => ({
  status: 200,
  body,
  headers,
});
export const created = (body: unknown, headers?: Record<string, string>): HttpResult => ({
  status: 201,
  body,
  headers,
});
export const accepted = (body: unknown): HttpResult => ({ status: 202, body });
export const noContent = (): HttpResult => ({ status: 204 });
/** A text download: `attachment` names the file the browser saves. */
export const download = (text: string, contentType: string, attachment: string): HttpResult => ({
  status: 200,
  text,
  headers: {
    'content-type': contentType,
    'content-disposition': `attachment; filename="${attachment}"`,
  },
});

export interface RequestContext<B, Q, P> {
  body: B;
  query: Q;
  params: P;
  /** The Cognito `sub` of the caller on user routes; empty on public routes. */
  userId: string;
  claims: Record<string, string>;
  /** The access token as sent (verified by the authorizer and the session check on user routes). */
  accessToken: string | undefined;
  headers: Record<string, string | undefined>;
  cookies: string[];
  sourceIp: string;
  requestId: string;
  logger: Logger;
}

/** A zod schema, classic or mini (the site gate's live in the entry bundle, so they are mini). */
export interface Schema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: z.core.$ZodError };
}

export interface Schemas<B, Q, P> {
  body?: Schema<B>;
  query?: Schema<Q>;
  params?: Schema<P>;
}

const baseHeaders = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

function toResult(result: HttpResult, requestId: string): ApiResult {
  return {
    statusCode: result.status,
    headers: { ...baseHeaders, 'x-request-id': requestId, ...result.headers },
    body: result.text ?? (result.body === undefined ? '' : JSON.stringify(result.body)),
    ...(result.cookies ? { cookies: result.cookies } : {}),
  };
}

function errorResult(error: AppError): HttpResult {
  const envelope: { code: string; message: string; details?: unknown } = {
    code: error.code,
    message: error.message,
  };
  if (error.details !== undefined) envelope.details = error.details;
  return {
    status: error.status,
    body: { error: envelope },
    ...(error.retryAfterSeconds ? { headers: { 'retry-after': String(error.retryAfterSeconds) } } : {}),
  };
}

/** zod issues as `{path, message}` pairs, the `details` of a 400. */
export function issueDetails(error: z.core.$ZodError): { path: string; message: string }[] {
  return error.issues.flatMap((issue) => {
    const at = issue.path.map(String);
    // An unknown key is named in the path, like any other field at fault.
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        path: [...at, key].join('.'),
        message: `Unrecognized key: "${key}"`,
      }));
    }
    return [{ path: at.join('.'), message: issue.message }];
  });
}

export function validate<T>(schema: Schema<T>, value: unknown, where: 'body' | 'query' | 'path'): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const details = issueDetails(parsed.error);
    const fields = [...new Set(details.map((d) => d.path).filter(Boolean))];
    const named = fields.length ? `: ${fields.join(', ')}` : '';
    throw new ValidationError(`Invalid request ${where}${named}`, details);
  }
  return parsed.data;
}

/**
 * The caller's IP address. Behind CloudFront the connection comes from an edge server, so the
 * viewer's own address is read from CloudFront-Viewer-Address ("ip:port"), but only on a request
 * that carries CloudFront's origin-verify secret: anyone else could write that header.
 */
function clientIp(event: ApiEvent, fromCloudFront: boolean): string {
  const viewer = event.headers[VIEWER_ADDRESS_HEADER];
  if (fromCloudFront && viewer && viewer.lastIndexOf(':') > 0)
    return viewer.slice(0, viewer.lastIndexOf(':')).replace(/^\[|\]$/g, '');
  return event.requestContext?.http?.sourceIp ?? '';
}

function bearerToken(event: ApiEvent): string | undefined {
  return tokenFromAuthorization(event.headers.authorization);
}

function numericClaim(value: string | undefined): number | undefined {
  return value === undefined || value === '' ? undefined : Number(value);
}

function jwtClaims(event: ApiEvent): Record<string, string> {
  const authorizer = (event.requestContext as { authorizer?: { jwt?: { claims?: Record<string, unknown> } } })
    .authorizer;
  const claims = authorizer?.jwt?.claims ?? {};
  return Object.fromEntries(Object.entries(claims).map(([k, v]) => [k, String(v)]));
}

/** Each route's request schemas, as its handler module declared them (tests generate bad input from them). */
export const routeSchemas = new Map<RouteId, Schemas<unknown, unknown, unknown>>();

export function route<B = undefined, Q = undefined, P = undefined>(
  id: RouteId,
  schemas: Schemas<B, Q, P>,
  serve: (request: RequestContext<B, Q, P>) => Promise<HttpResult>,
): ApiHandler {
  const definition: RouteDefinition | undefined = routes.find((r) => r.id === id);
  if (!definition) throw new Error(`Route ${id} is not in the route table`);
  routeSchemas.set(id, schemas as Schemas<unknown, unknown, unknown>);
  const invoke = instrument(definition.area, id, { route: id });

  return async (event, context) => {
    const requestId = event.requestContext?.requestId ?? randomUUID();
    const claims = jwtClaims(event);
    const userId = claims.sub ?? '';
    // Who and what, never how: no token, cookie, password or body is ever a field.
    const fields = { route: id, request_id: requestId, ...(userId ? { user_id: userId } : {}) };
    return invoke(context, fields, async (log) => {
      const started = Date.now();
      const result = await serveRequest(event, definition, schemas, serve, {
        claims,
        userId,
        requestId,
        log,
      });
      log.info('request served', { status: result.status, ms: Date.now() - started });
      recordMetric('requests', 1, { route: id });
      const code = (result.body as { error?: { code?: unknown } } | undefined)?.error?.code;
      if (result.status >= 400 && typeof code === 'string') recordMetric('errors', 1, { route: id, code });
      return toResult(result, requestId);
    });
  };
}

interface Caller {
  claims: Record<string, string>;
  userId: string;
  requestId: string;
  log: Logger;
}

/** Checks, validates and serves one request; every failure becomes its error envelope. */
async function serveRequest<B, Q, P>(
  event: ApiEvent,
  definition: RouteDefinition,
  schemas: Schemas<B, Q, P>,
  serve: (request: RequestContext<B, Q, P>) => Promise<HttpResult>,
  { claims, userId, requestId, log }: Caller,
): Promise<HttpResult> {
  try {
    const fromCloudFront = await originVerified(event.headers[ORIGIN_VERIFY_HEADER]);
    if (process.env[runtimeEnv.originVerifyRequired] === 'true' && !fromCloudFront)
      throw new ForbiddenError("This API is served only through the app's own address");
    if (definition.auth === 'user') {
      // API Gateway's authorizer takes any token of the pool meant for the client, and the
      // route's scope keeps ID tokens out; this keeps them out even if a route lost its scope.
      if (!userId || claims.token_use !== 'access') throw new UnauthorizedError();
      // Any method but GET writes (or may): it reads the revocation strongly consistently.
      await assertSessionAlive(
        { userId, accessToken: bearerToken(event), issuedAt: numericClaim(claims.iat) },
        { write: definition.method !== 'GET' },
      );
      await assertSiteGatePassed(event.cookies ?? []);
    }
    const params = pathParameters(event);
    const body = readBody(event, definition);
    return await serve({
      // No body reads as {}; a body of JSON null is a body, and refused like any non-object.
      body: schemas.body ? validate(schemas.body, body === undefined ? {} : body, 'body') : (undefined as B),
      query: schemas.query
        ? validate(schemas.query, event.queryStringParameters ?? {}, 'query')
        : (undefined as Q),
      params: schemas.params ? validate(schemas.params, params, 'path') : (undefined as P),
      userId,
      claims,
      accessToken: bearerToken(event),
      headers: event.headers,
      cookies: event.cookies ?? [],
      sourceIp: clientIp(event, fromCloudFront),
      requestId,
      logger: log,
    });
  } catch (caught) {
    const error = caught instanceof AppError ? caught : fromAwsError(caught);
    if (error) {
      // A 503 is ours (a busy service, a stage not set up yet): the operator needs to see it.
      (error.status >= 500 ? log.warn : log.info)('request refused', {
        code: error.code,
        ...(error === caught ? {} : { cause: (caught as Error).name }),
        ...(typeof error.cause === 'string' ? { cause: error.cause } : {}),
      });
      recordPlanRefusal(error);
      return errorResult(error);
    }
    log.error('unhandled error', { error: caught });
    traceError(caught);
    return {
      status: 500,
      body: {
        error: {
          code: 'internal_error',
          message: 'Something went wrong on our side',
          details: { requestId },
        },
      },
    };
  }
}

/** A refusal by the caller's plan (a feature, a quota) names the limit and the plan in its details. */
function recordPlanRefusal(error: AppError): void {
  if (error.code !== 'plan_limit' && error.code !== 'quota_exceeded') return;
  const details = error.details as { limit?: unknown; plan?: unknown } | undefined;
  recordMetric('planRefusals', 1, {
    limit: String(details?.limit ?? 'unknown'),
    plan: String(details?.plan ?? 'unknown'),
  });
}
