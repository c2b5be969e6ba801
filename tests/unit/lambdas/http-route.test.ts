/**
 * The handler pattern: the session check on every user route (the token read as API Gateway reads
 * it), validation, size and media checks, error mapping, no internals leaked.
 */
import {
  CognitoIdentityProviderClient,
  GetUserCommand,
  NotAuthorizedException,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { NotFoundError, RateLimitedError } from '../../../lambdas/common/errors';
import { ok, route } from '../../../lambdas/common/http';
import { MAX_BODY_BYTES } from '@shared/routes';
import { apiEvent, parseBody } from '../../helpers/api-events';
import { liveSessions, REVOCATIONS_TABLE } from '../../helpers/live-session';

const dynamo = mockClient(DynamoDBDocumentClient);
const cognito = mockClient(CognitoIdentityProviderClient);
const input = z.object({ full_name: z.string().max(10) }).strict();

describe('route()', () => {
  let logs: string[];
  beforeEach(() => {
    dynamo.reset();
    cognito.reset();
    liveSessions(dynamo, cognito);
    logs = [];
    // Powertools writes info to stdout, warnings and errors to stderr.
    for (const stream of [process.stdout, process.stderr])
      vi.spyOn(stream, 'write').mockImplementation((chunk) => {
        logs.push(String(chunk));
        return true;
      });
  });
  afterEach(() => vi.restoreAllMocks());

  it('refuses a route id that is not in the route table', () => {
    expect(() => route('noSuchRoute' as never, {}, async () => ok({}))).toThrow(/not in the route table/);
  });

  it('passes the validated body and the caller to the service', async () => {
    const serve = vi.fn(async ({ body, userId }: { body: z.infer<typeof input>; userId: string }) =>
      ok({ body, userId }),
    );
    const handler = route('updateProfile', { body: input }, serve);
    const result = await handler(apiEvent({ method: 'PATCH', sub: 'user-1', body: { full_name: 'Ann' } }));
    expect(result.statusCode).toBe(200);
    expect(parseBody(result)).toEqual({ body: { full_name: 'Ann' }, userId: 'user-1' });
    expect(result.headers).toMatchObject({ 'x-request-id': 'req-123', 'cache-control': 'no-store' });
  });

  it('answers 401 on a user route that reached it without a caller', async () => {
    const serve = vi.fn();
    const result = await route('getProfile', {}, serve)(apiEvent({}));
    expect(result.statusCode).toBe(401);
    expect(parseBody(result)).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
    expect(serve).not.toHaveBeenCalled();
  });

  describe('the token, read as API Gateway reads the Authorization header', () => {
    it.each([
      ['the Bearer scheme', 'Bearer tok-1'],
      ['a lower-case scheme', 'bearer tok-1'],
      ['an upper-case scheme', 'BEARER tok-1'],
      ['no scheme (the token alone)', 'tok-1'],
    ])('%s: the session of that token is checked', async (_name, authorization) => {
      const serve = vi.fn(async () => ok({}));
      const event = apiEvent({ sub: 'u', token: null, headers: { authorization } });
      expect((await route('getProfile', {}, serve)(event)).statusCode).toBe(200);
      expect(cognito.commandCalls(GetUserCommand).map((c) => c.args[0].input.AccessToken)).toEqual(['tok-1']);
      // A write reads the revocation strongly consistently.
      await route('updateProfile', {}, serve)({ ...event, requestContext: { ...event.requestContext } });
      const reads = dynamo.commandCalls(GetCommand).map((c) => c.args[0].input);
      expect(reads.at(-1)).toMatchObject({
        TableName: REVOCATIONS_TABLE,
        Key: { user_id: 'u' },
        ConsistentRead: true,
      });
    });

    it.each([
      ['no Authorization header', undefined],
      ['an empty one', ''],
      ['another scheme', 'Basic dXNlcjpwYXNz'],
      ['a scheme with no token', 'Bearer '],
    ])('%s: 401, and the service never runs', async (_name, authorization) => {
      const serve = vi.fn();
      const event = apiEvent({
        sub: 'u',
        token: null,
        ...(authorization === undefined ? {} : { headers: { authorization } }),
      });
      const result = await route('updateProfile', {}, serve)(event);
      expect(result.statusCode).toBe(401);
      expect(parseBody(result)).toMatchObject({ error: { code: 'unauthorized' } });
      expect(serve).not.toHaveBeenCalled();
    });

    it.each(['bearer old', 'old'])(
      'refuses "%s" once the user signed out everywhere (a revocation after the token was issued)',
      async (authorization) => {
        dynamo
          .on(GetCommand, { TableName: REVOCATIONS_TABLE })
          .resolves({ Item: { user_id: 'u', reason: 'signed_out', revoked_at: 1_000, expires_at: 90_000 } });
        const serve = vi.fn();
        const event = apiEvent({ sub: 'u', token: null, claims: { iat: '999' }, headers: { authorization } });
        const result = await route('updateProfile', {}, serve)(event);
        expect(result.statusCode).toBe(401);
        expect(serve).not.toHaveBeenCalled();
      },
    );

    it('refuses a token Cognito no longer honours, whatever the scheme', async () => {
      cognito.on(GetUserCommand).rejects(new NotAuthorizedException({ message: 'revoked', $metadata: {} }));
      const serve = vi.fn();
      const event = apiEvent({ sub: 'u', token: null, headers: { authorization: 'bearer gone' } });
      expect((await route('getProfile', {}, serve)(event)).statusCode).toBe(401);
      expect(serve).not.toHaveBeenCalled();
    });
  });

  it.each([
    ['malformed JSON', { rawBody: '{"full_name":' }, 400, 'invalid_json'],
    ['a field of the wrong type', { body: { full_name: 7 } }, 400, 'validation_failed'],
    ['an unknown field', { body: { full_name: 'A', id: 'x' } }, 400, 'validation_failed'],
    [
      'a body over 64 KiB',
      { rawBody: JSON.stringify({ full_name: 'x'.repeat(MAX_BODY_BYTES) }) },
      413,
      'payload_too_large',
    ],
    [
      'a body that is not JSON',
      { rawBody: 'a=b', headers: { 'content-type': 'text/plain' } },
      415,
      'unsupported_media_type',
    ],
  ])('%s gets %i %s and never reaches the service', async (_name, options, status, code) => {
    const serve = vi.fn();
    const result = await route(
      'updateProfile',
      { body: input },
      serve,
    )(apiEvent({ method: 'PATCH', sub: 'u', ...options }));
    expect(result.statusCode).toBe(status);
    expect(parseBody(result)).toMatchObject({ error: { code, message: expect.any(String) } });
    expect(serve).not.toHaveBeenCalled();
  });

  it('names the fields at fault in the message and details', async () => {
    const result = await route(
      'updateProfile',
      { body: input },
      vi.fn(),
    )(apiEvent({ method: 'PATCH', sub: 'u', body: { full_name: 'far too long a name', role: 'admin' } }));
    const body = parseBody(result) as { error: { message: string; details: { path: string }[] } };
    expect(body.error.message).toContain('full_name');
    expect(body.error.details.map((d) => d.path).sort()).toEqual(['full_name', 'role']);
  });

  it('maps a domain error to its status', async () => {
    const result = await route('getProfile', {}, async () => {
      throw new NotFoundError('No such thing');
    })(apiEvent({ sub: 'u' }));
    expect(result.statusCode).toBe(404);
    expect(parseBody(result)).toEqual({ error: { code: 'not_found', message: 'No such thing' } });
  });

  it('refuses an ID token even when API Gateway let it through (token_use is not access)', async () => {
    const serve = vi.fn();
    const result = await route('getProfile', {}, serve)(apiEvent({ sub: 'u', tokenUse: 'id' }));
    expect(result.statusCode).toBe(401);
    expect(serve).not.toHaveBeenCalled();
  });

  it.each([
    ['ProvisionedThroughputExceededException', 503, 'service_unavailable'],
    ['ThrottlingException', 503, 'service_unavailable'],
    ['InternalServerError', 503, 'service_unavailable'],
    ['NotAuthorizedException', 401, 'unauthorized'],
    ['UserNotFoundException', 401, 'unauthorized'],
  ])('maps an AWS %s to %i %s, never a 500', async (name, status, code) => {
    const awsError = Object.assign(new Error('aws says no'), { name, $fault: 'server' });
    const result = await route('getProfile', {}, async () => {
      throw awsError;
    })(apiEvent({ sub: 'u' }));
    expect(result.statusCode).toBe(status);
    expect(parseBody(result)).toMatchObject({ error: { code } });
    expect(result.body).not.toContain('aws says no');
    if (status === 503) expect(result.headers?.['retry-after']).toMatch(/^\d+$/);
  });

  it('sends Retry-After with a 429', async () => {
    const result = await route('getProfile', {}, async () => {
      throw new RateLimitedError('Slow down', 'rate_limited', 42.3);
    })(apiEvent({ sub: 'u' }));
    expect(result.statusCode).toBe(429);
    expect(result.headers?.['retry-after']).toBe('43');
  });

  it('turns an unexpected error into a 500 with no internals, and logs it with the request id', async () => {
    const result = await route('getProfile', {}, async () => {
      throw new Error('connection string postgres://secret@db');
    })(apiEvent({ sub: 'u' }));
    expect(result.statusCode).toBe(500);
    expect(result.body).not.toContain('secret');
    expect(result.body).not.toMatch(/\.ts:\d+/);
    expect(parseBody(result)).toEqual({
      error: {
        code: 'internal_error',
        message: 'Something went wrong on our side',
        details: { requestId: 'req-123' },
      },
    });
    const errorLog = logs
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((entry) => entry.level === 'ERROR');
    expect(errorLog).toMatchObject({
      request_id: 'req-123',
      route: 'getProfile',
      message: 'unhandled error',
    });
  });

  it('writes one structured JSON log line per request with the request id and status', async () => {
    await route('health', {}, async () => ok({ status: 'ok' }))(apiEvent({ path: '/api/health' }));
    const served = logs
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((e) => e.message === 'request served');
    expect(served).toMatchObject({ level: 'INFO', service: 'health', request_id: 'req-123', status: 200 });
  });
});
