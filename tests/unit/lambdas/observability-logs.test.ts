/**
 * What the handlers log, through Powertools Logger: one JSON line per event with the service,
 * the route, the request id, the cold-start flag and the caller; and never a credential or what a
 * user typed, on the real site-gate and chat handlers over a mocked DynamoDB and Cognito.
 */
import { CognitoIdentityProviderClient, GetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, route } from '../../../lambdas/common/http';
import { createLogger } from '../../../lambdas/common/observability';
import { newSiteGateSecret } from '../../../lambdas/site-gate/service';
import { liveSessions } from '../../helpers/live-session';
import { apiEvent, parseBody } from '../../helpers/api-events';
import { startOpenAiStub, type OpenAiStub } from '../../helpers/openai-stub';

const dynamo = mockClient(DynamoDBDocumentClient);
const cognito = mockClient(CognitoIdentityProviderClient);

type Line = Record<string, unknown>;

/** Every line the process writes to stdout and stderr (Powertools writes warnings and errors to stderr). */
function captureOutput() {
  const written: string[] = [];
  const keep = (chunk: unknown) => {
    written.push(String(chunk));
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(keep);
  vi.spyOn(process.stderr, 'write').mockImplementation(keep);
  return {
    text: () => written.join(''),
    lines: (): Line[] =>
      written
        .join('')
        .split('\n')
        .filter((line) => line.trim())
        .map((line) => JSON.parse(line) as Line),
  };
}

describe('log lines', () => {
  let output: ReturnType<typeof captureOutput>;
  beforeEach(() => {
    dynamo.reset();
    cognito.reset();
    liveSessions(dynamo, cognito);
    output = captureOutput();
  });
  afterEach(() => vi.restoreAllMocks());

  it("are Powertools' JSON: level, message, timestamp, service, then the request's fields", async () => {
    const health = route('health', {}, async () => ok({ status: 'ok' }));
    await health(apiEvent({ path: '/api/health' }));
    const [served] = output.lines().filter((line) => line.message === 'request served');
    expect(served).toEqual({
      level: 'INFO',
      message: 'request served',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      service: 'health',
      cold_start: true,
      route: 'health',
      request_id: 'req-123',
      status: 200,
      ms: expect.any(Number),
      sampling_rate: 0,
    });
    expect(Object.keys(served!).slice(0, 4)).toEqual(['level', 'message', 'timestamp', 'service']);
  });

  it('say cold_start on the first request a handler serves, and only then', async () => {
    const health = route('health', {}, async () => ok({ status: 'ok' }));
    for (let i = 0; i < 3; i += 1) await health(apiEvent({ path: '/api/health' }));
    const served = output.lines().filter((line) => line.message === 'request served');
    expect(served.map((line) => line.cold_start)).toEqual([true, false, false]);
  });

  it("name the caller's user id on a user route, and the Lambda's name and request id in AWS", async () => {
    const profile = route('getProfile', {}, async () => ok({}));
    await profile(apiEvent({ sub: 'user-42' }), {
      functionName: 'edge-dev-getProfile',
      awsRequestId: 'lambda-9',
    });
    const served = output.lines().find((line) => line.message === 'request served');
    expect(served).toMatchObject({
      user_id: 'user-42',
      function_name: 'edge-dev-getProfile',
      function_request_id: 'lambda-9',
      route: 'getProfile',
    });
  });

  it('keep each request its own fields when requests overlap (the local runtime serves them at once)', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const profile = route('getProfile', {}, async ({ userId, logger }) => {
      if (userId === 'slow') await gate;
      logger.info('working', { for: userId });
      return ok({});
    });
    const withId = (sub: string, requestId: string) => {
      const event = apiEvent({ sub });
      return { ...event, requestContext: { ...event.requestContext, requestId } };
    };
    const slow = profile(withId('slow', 'r-slow'));
    await profile(withId('fast', 'r-fast'));
    release();
    await slow;
    const working = output.lines().filter((line) => line.message === 'working');
    expect(working.map((line) => [line.for, line.user_id, line.request_id])).toEqual([
      ['fast', 'fast', 'r-fast'],
      ['slow', 'slow', 'r-slow'],
    ]);
  });

  it('log an unexpected error at ERROR with its name, message and stack, and the request id', async () => {
    await route('getProfile', {}, async () => {
      throw new TypeError('cannot read x of undefined');
    })(apiEvent({ sub: 'u' }));
    const line = output.lines().find((entry) => entry.level === 'ERROR');
    expect(line).toMatchObject({
      message: 'unhandled error',
      request_id: 'req-123',
      route: 'getProfile',
      error: {
        name: 'TypeError',
        message: 'cannot read x of undefined',
        stack: expect.stringContaining('TypeError'),
      },
    });
  });

  it('write a credential a caller passes by mistake as [redacted]', () => {
    createLogger('test').info('oops', {
      authorization: 'Bearer abc.def.ghi',
      password: 'hunter2',
      nested: { accessToken: 'tok', apiKey: 'sk-live-1', note: 'kept' },
    });
    const [line] = output.lines();
    expect(line).toMatchObject({
      authorization: '[redacted]',
      password: '[redacted]',
      nested: { accessToken: '[redacted]', apiKey: '[redacted]', note: 'kept' },
    });
    expect(output.text()).not.toMatch(/abc\.def\.ghi|hunter2|sk-live-1|"tok"/);
  });

  it('respect LOG_LEVEL as the stage writes it (lower case)', () => {
    vi.stubEnv('LOG_LEVEL', 'warn');
    try {
      const logger = createLogger('level-test');
      logger.info('hidden');
      logger.warn('shown');
    } finally {
      vi.unstubAllEnvs();
    }
    expect(output.lines().map((line) => line.message)).toEqual(['shown']);
  });
});

describe('a request with a bearer token, a gate password and a chat message', () => {
  const password = 'Gate-Pa55word-7c1e';
  const token = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1c2VyLTcifQ.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';
  const question = 'Should I sell AAPL puts? My private plan: 40 contracts on margin before earnings';
  let stub: OpenAiStub;
  let siteGate: typeof import('../../../lambdas/site-gate/handler');
  let chat: typeof import('../../../lambdas/chat/handler');

  beforeAll(async () => {
    stub = await startOpenAiStub();
    const env: Record<string, string> = {
      SITE_GATE_ENABLED: 'true',
      SITE_GATE_SECRET: JSON.stringify(await newSiteGateSecret(password)),
      HASHING_KEY: 'hashing-key-for-tests',
      OPENAI_API_KEY: 'sk-stub-key',
      OPENAI_BASE_URL: stub.baseUrl,
      TABLE_RATE_LIMITS: 'rate-limits',
      TABLE_SITE_GATE_SESSIONS: 'gate-sessions',
      TABLE_PROFILES: 'profiles',
      TABLE_CHAT_MESSAGES: 'chat-messages',
      TABLE_USAGE: 'usage',
      TABLE_TRADES: 'trades',
      TABLE_JOURNAL_CACHE: 'journal-cache',
      TABLE_FEEDS: 'feeds',
      TABLE_FEED_DISMISSALS: 'feed-dismissals',
    };
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
    siteGate = await import('../../../lambdas/site-gate/handler');
    chat = await import('../../../lambdas/chat/handler');
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await stub.close();
  });
  afterEach(() => vi.restoreAllMocks());

  it('logs none of them, on the way in, on a refusal, and on a failure', async () => {
    dynamo.reset();
    cognito.reset();
    liveSessions(dynamo);
    const sessions = new Map<string, unknown>();
    dynamo.on(UpdateCommand, { TableName: 'rate-limits' }).resolves({ Attributes: { count: 1 } });
    dynamo.on(GetCommand, { TableName: 'rate-limits' }).resolves({});
    dynamo.on(PutCommand, { TableName: 'gate-sessions' }).callsFake(({ Item }: { Item: { id: string } }) => {
      sessions.set(Item.id, Item);
      return {};
    });
    dynamo
      .on(GetCommand, { TableName: 'gate-sessions' })
      .callsFake(({ Key }: { Key: { id: string } }) => ({ Item: sessions.get(Key.id) }));
    dynamo.on(GetCommand, { TableName: 'profiles' }).resolves({
      Item: {
        id: 'user-7',
        trial_end_date: new Date(Date.now() + 86400_000).toISOString(),
        subscription_tier: null,
      },
    });
    dynamo
      .on(PutCommand, { TableName: 'chat-messages' })
      .resolvesOnce({})
      .rejects(new Error('connection reset'));
    cognito.on(GetUserCommand).resolves({ Username: 'user-7', UserAttributes: [] });
    const output = captureOutput();

    const unlock = (body: unknown) =>
      siteGate.unlockSiteGate(apiEvent({ method: 'POST', path: '/api/site-gate', body }));
    expect((await unlock({ password: `${password}-wrong` })).statusCode).toBe(401);
    const unlocked = await unlock({ password });
    expect(unlocked.statusCode).toBe(200);
    const cookie = unlocked.cookies![0]!.split(';')[0]!;
    const gateToken = cookie.split('=')[1]!;

    const ask = () =>
      chat.postChatMessage({
        ...apiEvent({ method: 'POST', path: '/api/chat', sub: 'user-7', token, body: { message: question } }),
        cookies: [cookie],
      });
    const answered = await ask();
    expect(answered.statusCode).toBe(201);
    expect(parseBody(answered)).toMatchObject({ message: question });
    stub.enqueue({ type: 'error', status: 500, message: 'the model is overloaded' });
    expect((await ask()).statusCode).toBe(500); // the provider fails, then so does the store

    // The lines are there (so their silence on secrets means something)...
    const lines = output.lines();
    const served = lines.filter((line) => line.message === 'request served');
    expect(served.map((line) => [line.route, line.status])).toEqual([
      ['unlockSiteGate', 401],
      ['unlockSiteGate', 200],
      ['postChatMessage', 201],
      ['postChatMessage', 500],
    ]);
    expect(
      served.filter((line) => line.route === 'postChatMessage').every((line) => line.user_id === 'user-7'),
    ).toBe(true);
    expect(lines.map((line) => line.message)).toEqual(
      expect.arrayContaining(['request refused', 'AI provider failed', 'unhandled error']),
    );
    // ...and hold no token, cookie, password or message, whole or in part.
    const text = output.text();
    for (const secret of [
      token,
      token.split('.')[1]!,
      token.split('.')[2]!,
      gateToken,
      password,
      question,
      'private plan',
    ])
      expect(text).not.toContain(secret);
  });
});
