/**
 * Tracing: the Tracer (and aws-xray-sdk-core behind it) is imported only on an invocation where
 * tracing can work, captures every registered AWS client then, and wraps each invocation in its
 * own subsegment. The Tracer is a recording fake here (there is no X-Ray daemon).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

const recorded = vi.hoisted(() => ({
  imports: 0,
  constructed: [] as unknown[],
  captured: [] as unknown[],
  events: [] as string[],
}));

vi.mock('@aws-lambda-powertools/tracer', () => {
  recorded.imports += 1;
  const facade = { name: 'facade' };
  let current: unknown = facade;
  class Tracer {
    constructor(options: unknown) {
      recorded.constructed.push(options);
    }
    captureAWSv3Client<C>(client: C): C {
      recorded.captured.push(client);
      return client;
    }
    getSegment() {
      return current;
    }
    setSegment(segment: { name: string }) {
      recorded.events.push(`set ${segment.name}`);
      current = segment;
    }
    annotateColdStart() {
      recorded.events.push('annotate ColdStart');
    }
    addServiceNameAnnotation() {
      recorded.events.push('annotate Service');
    }
    putAnnotation(key: string, value: string) {
      recorded.events.push(`annotate ${key}=${value}`);
    }
    addErrorAsMetadata(error: Error) {
      recorded.events.push(`error ${error.message}`);
    }
  }
  Object.assign(facade, {
    addNewSubsegment: (name: string) => ({
      name,
      close: () => recorded.events.push(`close ${name}`),
    }),
  });
  return { Tracer };
});

const client = () => ({ middlewareStack: {}, send: () => undefined });

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
  Object.assign(recorded, { imports: 0, constructed: [], captured: [], events: [] });
});

describe('tracingEnabled', () => {
  it('is on in Lambda unless POWERTOOLS_TRACE_ENABLED says false, and off anywhere else', async () => {
    const { tracingEnabled } = await import('../../../lambdas/common/tracing');
    expect(tracingEnabled({ AWS_LAMBDA_FUNCTION_NAME: 'fn' })).toBe(true);
    expect(tracingEnabled({ AWS_LAMBDA_FUNCTION_NAME: 'fn', POWERTOOLS_TRACE_ENABLED: 'true' })).toBe(true);
    expect(tracingEnabled({ AWS_LAMBDA_FUNCTION_NAME: 'fn', POWERTOOLS_TRACE_ENABLED: 'FALSE' })).toBe(false);
    expect(tracingEnabled({})).toBe(false);
    expect(tracingEnabled({ POWERTOOLS_TRACE_ENABLED: 'true' })).toBe(false);
  });
});

describe('traced', () => {
  it('outside Lambda runs the work without ever importing the Tracer', async () => {
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', '');
    const { traced, traceClient } = await import('../../../lambdas/common/tracing');
    traceClient(client());
    expect(await traced('market', 'scanOptions', {}, async () => 'done')).toBe('done');
    expect(recorded.imports).toBe(0);
  });

  it('in Lambda loads the Tracer once, captures the clients, and wraps each invocation in a subsegment', async () => {
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', 'edge-test-scanOptions');
    vi.stubEnv('POWERTOOLS_TRACE_ENABLED', '');
    const { traced, traceClient } = await import('../../../lambdas/common/tracing');
    const early = traceClient(client());
    expect(recorded.imports).toBe(0); // registering a client loads nothing

    await traced('market', 'scanOptions', { route: 'scanOptions' }, async () => 1);
    const late = traceClient(client()); // a client built after the Tracer loaded (the secrets provider's)
    await traced('market', 'scanOptions', { route: 'scanOptions' }, async () => 2);

    expect(recorded.imports).toBe(1);
    expect(recorded.constructed).toEqual([{ serviceName: 'market' }]);
    expect(recorded.captured).toEqual([early, late]);
    const one = [
      'set ## scanOptions',
      'annotate ColdStart',
      'annotate Service',
      'annotate route=scanOptions',
      'close ## scanOptions',
      'set facade',
    ];
    expect(recorded.events).toEqual([...one, ...one]);
  });

  it('records a thrown error on the subsegment, closes it and throws on', async () => {
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', 'fn');
    const { traced } = await import('../../../lambdas/common/tracing');
    await expect(
      traced('feeds', 'generateFeeds', {}, async () => {
        throw new Error('table is gone');
      }),
    ).rejects.toThrow('table is gone');
    expect(recorded.events.slice(-3)).toEqual([
      'error table is gone',
      'close ## generateFeeds',
      'set facade',
    ]);
  });

  it('serves the invocation untraced, and says so, when the Tracer cannot be loaded', async () => {
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', 'fn');
    vi.doMock('@aws-lambda-powertools/tracer', () => {
      throw new Error('cannot load aws-xray-sdk-core');
    });
    const { traced } = await import('../../../lambdas/common/tracing');
    const unavailable: unknown[] = [];
    expect(
      await traced(
        'health',
        'health',
        {},
        async () => 'ok',
        (error) => unavailable.push(error),
      ),
    ).toBe('ok');
    expect(unavailable).toHaveLength(1);
    const [error] = unavailable as Error[];
    expect(`${error!.message} ${String(error!.cause)}`).toContain('cannot load aws-xray-sdk-core');
  });
});
