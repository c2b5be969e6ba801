/**
 * The EMF lines the handlers and jobs publish through Powertools Metrics, read back from stdout as
 * CloudWatch would: each metric under the stage's namespace with exactly the dimension set
 * shared/src/observability.ts gives it, published once per invocation. Metrics are switched on
 * here as in AWS (they are off by default outside Lambda).
 */
import {
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { simulatedMarket } from '@shared/market/quotes';
import { appMetrics, COLD_START_METRIC, metricDimension, metricsNamespace } from '@shared/observability';
import { feedNames } from '@shared/feeds/schemas';
import { NotFoundError } from '../../../lambdas/common/errors';
import { ok, route } from '../../../lambdas/common/http';
import { instrument } from '../../../lambdas/common/observability';
import { quotaExceededError, requireFeature } from '../../../lambdas/common/plan';
import { askAssistant, type ChatDeps } from '../../../lambdas/chat/service';
import type { FeedDeps } from '../../../lambdas/feeds/service';
import type { JournalStore } from '../../../lambdas/trades/service';
import { liveSessions } from '../../helpers/live-session';
import { apiEvent } from '../../helpers/api-events';
import { startOpenAiStub, type OpenAiStub } from '../../helpers/openai-stub';

const saved = vi.hoisted(() => {
  const names = [
    'POWERTOOLS_METRICS_DISABLED',
    'STAGE',
    'AWS_LAMBDA_INITIALIZATION_TYPE',
    'TABLE_FEEDS',
    'TABLE_PROFILES',
    'TABLE_NOTIFICATIONS',
  ];
  const before = Object.fromEntries(names.map((name) => [name, process.env[name]]));
  Object.assign(process.env, {
    POWERTOOLS_METRICS_DISABLED: 'false',
    STAGE: 'test',
    AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
    TABLE_FEEDS: 'feeds',
    TABLE_PROFILES: 'profiles',
    // The feeds job matches its new items against the notification rules (none here).
    TABLE_NOTIFICATIONS: 'notifications',
  });
  return before;
});

interface Published {
  namespace: string;
  dimensions: string[];
  values: Record<string, unknown>;
  metrics: Record<string, number | number[]>;
  units: Record<string, string>;
}

let written: string[] = [];
/** The EMF documents written to stdout since the last reset, one per line. */
function published(): Published[] {
  return written
    .join('')
    .split('\n')
    .filter((line) => line.includes('"_aws"'))
    .map((line) => {
      const document = JSON.parse(line) as Record<string, unknown> & {
        _aws: {
          CloudWatchMetrics: {
            Namespace: string;
            Dimensions: string[][];
            Metrics: { Name: string; Unit: string }[];
          }[];
        };
      };
      const [directive] = document._aws.CloudWatchMetrics;
      const dimensions = directive!.Dimensions[0]!;
      return {
        namespace: directive!.Namespace,
        dimensions,
        values: Object.fromEntries(dimensions.map((name) => [name, document[name]])),
        metrics: Object.fromEntries(
          directive!.Metrics.map((m) => [m.Name, document[m.Name] as number | number[]]),
        ),
        units: Object.fromEntries(directive!.Metrics.map((m) => [m.Name, m.Unit])),
      };
    });
}

const named = (metric: keyof typeof appMetrics) =>
  published().filter((p) => appMetrics[metric].name in p.metrics);
/** The dimension set a metric must be published with: service, then its own, in order. */
const dimensionsOf = (metric: keyof typeof appMetrics) => [
  metricDimension.service,
  ...appMetrics[metric].dimensions.map((d) => metricDimension[d]),
];

const dynamo = mockClient(DynamoDBDocumentClient);
const cognito = mockClient(CognitoIdentityProviderClient);
let stub: OpenAiStub;

beforeAll(async () => {
  stub = await startOpenAiStub();
  for (const stream of [process.stdout, process.stderr])
    vi.spyOn(stream, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await stub.close();
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});
beforeEach(() => {
  written = [];
  dynamo.reset();
  cognito.reset();
  liveSessions(dynamo, cognito);
  stub.reset();
});

describe('route() metrics', () => {
  it("count every request by route, under the stage's namespace, and a cold start in AWS", async () => {
    const health = route('health', {}, async () => ok({ status: 'ok' }));
    const context = { functionName: 'edge-test-health', awsRequestId: 'a-1' };
    await health(apiEvent({ path: '/api/health' }), context);
    await health(apiEvent({ path: '/api/health' }), context);

    const requests = named('requests');
    expect(requests).toHaveLength(2); // one flush per invocation
    for (const line of requests) {
      expect(line).toMatchObject({
        namespace: metricsNamespace('test'),
        dimensions: dimensionsOf('requests'),
        values: { service: 'health', route: 'health' },
        metrics: { Requests: 1 },
        units: { Requests: 'Count' },
      });
    }
    const coldStarts = published().filter((p) => COLD_START_METRIC in p.metrics);
    expect(coldStarts).toEqual([
      expect.objectContaining({
        dimensions: ['service', 'function_name'],
        values: { service: 'health', function_name: 'edge-test-health' },
      }),
    ]);
    expect(named('errors')).toEqual([]);
  });

  it('count errors by route and code, 4xx and 5xx alike', async () => {
    const handler = route('getProfile', {}, async ({ userId }) => {
      if (userId === 'missing') throw new NotFoundError('No such thing');
      if (userId === 'broken') throw new Error('boom');
      return ok({});
    });
    for (const sub of ['missing', 'broken', 'fine']) await handler(apiEvent({ sub }));
    expect(named('requests')).toHaveLength(3);
    expect(named('errors').map((p) => [p.dimensions, p.values.code, p.metrics.Errors])).toEqual([
      [dimensionsOf('errors'), 'not_found', 1],
      [dimensionsOf('errors'), 'internal_error', 1],
    ]);
  });

  it('count plan refusals by what was refused and the plan, for a feature and for a used-up quota', async () => {
    const handler = route('postChatMessage', {}, async ({ userId }) => {
      if (userId === 'expired') requireFeature('expired', 'research');
      throw quotaExceededError('starter', 'aiQuestionsPerDay', 60);
    });
    await handler(apiEvent({ method: 'POST', path: '/api/chat', sub: 'expired' }));
    await handler(apiEvent({ method: 'POST', path: '/api/chat', sub: 'starter' }));
    expect(named('planRefusals').map((p) => [p.dimensions, p.values])).toEqual([
      [dimensionsOf('planRefusals'), { service: 'chat', limit: 'research', plan: 'expired' }],
      [dimensionsOf('planRefusals'), { service: 'chat', limit: 'aiQuestionsPerDay', plan: 'starter' }],
    ]);
    expect(named('errors').map((p) => p.values.code)).toEqual(['plan_limit', 'quota_exceeded']);
  });

  it('publish each of two overlapping requests on its own (the local runtime serves them at once)', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const handler = route('getProfile', {}, async ({ userId }) => {
      if (userId === 'slow') {
        await gate;
        throw new NotFoundError('gone');
      }
      return ok({});
    });
    const slow = handler(apiEvent({ sub: 'slow' }));
    await handler(apiEvent({ sub: 'fast' }));
    expect(named('requests')).toHaveLength(1);
    expect(named('errors')).toEqual([]); // the slow one's error is not the fast one's
    release();
    await slow;
    expect(named('requests')).toHaveLength(2);
    expect(named('errors')).toHaveLength(1);
  });

  it('time the scan of the options scanner route', async () => {
    dynamo.on(GetCommand, { TableName: 'profiles' }).resolves({
      Item: {
        id: 'u',
        trial_end_date: new Date(Date.now() + 86400_000).toISOString(),
        subscription_tier: null,
      },
    });
    const { scanOptions } = await import('../../../lambdas/market/handler');
    const result = await scanOptions(
      apiEvent({
        method: 'POST',
        path: '/api/options-scanner',
        sub: 'u',
        body: { ticker: 'SPY', ivRank: 50 },
      }),
    );
    expect(result.statusCode).toBe(200);
    const [scan] = named('scanDuration');
    expect(scan).toMatchObject({ dimensions: dimensionsOf('scanDuration'), values: { service: 'market' } });
    expect(scan!.units.ScanDuration).toBe('Milliseconds');
    expect(scan!.metrics.ScanDuration).toBeGreaterThan(0);
  });
});

describe('Research Assistant metrics', () => {
  const feeds = {
    feeds: { items: async () => [], dailyCount: async () => null },
    dismissals: { list: async () => [] },
  } as unknown as FeedDeps;
  const deps = (plan: 'starter' | 'pro'): ChatDeps => ({
    messages: { put: async () => {}, latest: async () => [] },
    usage: { countQuestion: async () => true },
    planOf: async () => plan,
    journal: {} as JournalStore,
    feeds,
    quotes: { provider: simulatedMarket, source: 'simulated' },
    modelSettings: async () => ({
      apiKey: 'sk-stub',
      baseURL: stub.baseUrl,
      model: 'gpt-4o-mini',
      timeBudgetMs: 15_000,
    }),
  });
  const log = { debug() {}, info() {}, warn() {}, error() {}, child: () => log };
  const ask = (plan: 'starter' | 'pro', message: string) =>
    instrument('chat', 'postChatMessage')(undefined, {}, () =>
      askAssistant(deps(plan), 'user-1', { message }, log, new Date()),
    );

  it('count the tool calls by tool, time each provider call, and count a quota use on a plan with a quota', async () => {
    // The stub asks for the quotes of the symbols named, then answers from them: two model calls.
    await ask('starter', 'How are AAPL and MSFT doing?');
    expect(named('aiToolCalls').map((p) => [p.dimensions, p.values.tool, p.metrics.AiToolCalls])).toEqual([
      [dimensionsOf('aiToolCalls'), 'get_quotes', 1],
    ]);
    const [latency] = named('aiProviderLatency');
    expect(latency!.dimensions).toEqual(dimensionsOf('aiProviderLatency'));
    expect(latency!.metrics.AiProviderLatency).toEqual([expect.any(Number), expect.any(Number)]);
    expect(named('quotaUsed').map((p) => p.values)).toEqual([
      { service: 'chat', quota: 'aiQuestionsPerDay', plan: 'starter' },
    ]);
    expect(named('aiProviderErrors')).toEqual([]);
  });

  it('count a provider failure, and no quota use on a plan without a daily limit', async () => {
    stub.enqueue({ type: 'error', status: 503, message: 'overloaded' });
    await ask('pro', 'What is SPY doing?');
    expect(named('aiProviderErrors').map((p) => [p.dimensions, p.metrics.AiProviderErrors])).toEqual([
      [dimensionsOf('aiProviderErrors'), 1],
    ]);
    expect(named('aiProviderLatency')).toHaveLength(1);
    expect(named('quotaUsed')).toEqual([]);
  });
});

describe('feed job metrics', () => {
  it('count the items each generator run wrote per feed (zeros too), and the finished run', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [] });
    dynamo.on(BatchWriteCommand).resolves({});
    dynamo.on(UpdateCommand).resolves({});
    dynamo.on(GetCommand).resolves({});
    const { generateFeeds } = await import('../../../lambdas/feeds/jobs');
    const written = await generateFeeds();

    const items = named('feedItemsWritten');
    expect(items.map((p) => p.values.feed).sort()).toEqual([...feedNames].sort());
    for (const line of items) {
      expect(line.dimensions).toEqual(dimensionsOf('feedItemsWritten'));
      expect(line.metrics.FeedItemsWritten).toBe(written[line.values.feed as keyof typeof written]);
    }
    expect(named('jobRuns').map((p) => [p.dimensions, p.values, p.metrics.JobRuns])).toEqual([
      [dimensionsOf('jobRuns'), { service: 'feeds', job: 'generateFeeds' }, 1],
    ]);
  });

  it('count no run for a job that failed', async () => {
    dynamo.on(QueryCommand).rejects(new Error('table is gone'));
    const { generateFeeds } = await import('../../../lambdas/feeds/jobs');
    await expect(generateFeeds()).rejects.toThrow('table is gone');
    expect(named('jobRuns')).toEqual([]);
  });
});
