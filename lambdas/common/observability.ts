/**
 * Logs, metrics and traces for every handler and job, through Powertools for AWS Lambda:
 * - Logger: one JSON line per event (Powertools' format: level, message, timestamp, service,
 *   cold_start, xray_trace_id in AWS, then our fields), one Powertools Logger per service.
 * - Metrics: EMF lines under the stage's namespace, named in shared/src/observability.ts,
 *   buffered per invocation and flushed when it ends (also when it throws).
 * - Tracer: see tracing.ts (loaded only where tracing is on).
 *
 * An invocation's logger fields and metrics live in its own scope (AsyncLocalStorage), never in
 * the shared Powertools instances: the local runtime serves many requests at once in one
 * process, and one request's id or metrics must never land on another's lines.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Logger as PowertoolsLogger } from '@aws-lambda-powertools/logger';
import type { LogLevel } from '@aws-lambda-powertools/logger/types';
import { Metrics } from '@aws-lambda-powertools/metrics';
import {
  appMetrics,
  localObservabilityEnv,
  metricDimension,
  metricsNamespace,
  type AppMetric,
  type MetricDimension,
} from '@shared/observability';
import { runtimeEnv } from '@shared/secrets';
import { traced } from './tracing';

// Outside Lambda (npm start, the tests, the bench) Powertools gets the local settings, unless the
// environment says otherwise: the same JSON lines, no EMF lines on stdout, no X-Ray.
if (!process.env.AWS_LAMBDA_FUNCTION_NAME) {
  for (const [name, value] of Object.entries(localObservabilityEnv)) process.env[name] ??= value;
}

export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /** The same logger with more fields on every line. */
  child(fields: LogFields): Logger;
}

/**
 * Field names never written with a value, whatever a caller passes: credentials and what a user
 * typed. Logging them is a bug; this keeps the bug out of CloudWatch.
 */
const REDACTED_KEYS =
  /^(authorization|cookies?|set-cookie|password|secret|api_?key|(access|id|refresh)?_?token)$/i;
const REDACTED = '[redacted]';

const redact = (key: string, value: unknown): unknown =>
  key !== '' && REDACTED_KEYS.test(key) && value !== undefined ? REDACTED : value;

const powertoolsLoggers = new Map<string, PowertoolsLogger>();

function powertoolsLogger(service: string): PowertoolsLogger {
  let logger = powertoolsLoggers.get(service);
  if (!logger) {
    logger = new PowertoolsLogger({
      serviceName: service,
      // LOG_LEVEL as the stage writes it (`info`, `debug`...); Powertools' own variable first.
      logLevel: (process.env.POWERTOOLS_LOG_LEVEL ?? process.env[runtimeEnv.logLevel] ?? 'INFO') as LogLevel,
      jsonReplacerFn: redact,
    });
    powertoolsLoggers.set(service, logger);
  }
  return logger;
}

/** A service's logger (`service` is the area: `chat`, `market`...), with `fields` on every line. */
export function createLogger(service: string, fields: LogFields = {}): Logger {
  const write =
    (level: 'debug' | 'info' | 'warn' | 'error') =>
    (message: string, extra?: LogFields): void =>
      powertoolsLogger(service)[level](message, fields, extra ?? {});
  return {
    debug: write('debug'),
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
    child: (more) => createLogger(service, { ...fields, ...more }),
  };
}

type Dimensions = Partial<Record<MetricDimension, string>>;

interface Invocation {
  metrics: { metric: AppMetric; value: number; dimensions: Dimensions }[];
}

const invocations = new AsyncLocalStorage<Invocation>();

/**
 * Records a metric of the invocation under way (published when it ends). Outside a handler or
 * job (a service called by a unit test) there is nothing to publish it with, and it is dropped.
 */
export function recordMetric(metric: AppMetric, value = 1, dimensions: Dimensions = {}): void {
  invocations.getStore()?.metrics.push({ metric, value, dimensions });
}

const serviceMetrics = new Map<string, Metrics>();

function metricsFor(service: string): Metrics {
  let metrics = serviceMetrics.get(service);
  if (!metrics) {
    metrics = new Metrics({
      namespace: metricsNamespace(process.env[runtimeEnv.stage] ?? 'local'),
      serviceName: service,
    });
    serviceMetrics.set(service, metrics);
  }
  return metrics;
}

/** One EMF line per dimension set, each metric with exactly the dimensions its definition names. */
function publish(service: string, invocation: Invocation, functionName: string | undefined): void {
  const metrics = metricsFor(service);
  if (functionName) metrics.captureColdStartMetric(functionName);
  const groups = new Map<string, { dimensions: [string, string][]; entries: Invocation['metrics'] }>();
  for (const entry of invocation.metrics) {
    const definition = appMetrics[entry.metric];
    const dimensions = definition.dimensions.map((name): [string, string] => [
      metricDimension[name],
      entry.dimensions[name] ?? 'none',
    ]);
    const key = JSON.stringify(dimensions);
    const group = groups.get(key) ?? { dimensions, entries: [] };
    group.entries.push(entry);
    groups.set(key, group);
  }
  for (const { dimensions, entries } of groups.values()) {
    for (const [name, value] of dimensions) metrics.addDimension(name, value);
    for (const { metric, value } of entries) {
      const definition = appMetrics[metric];
      metrics.addMetric(definition.name, definition.unit, value);
    }
    metrics.publishStoredMetrics();
  }
}

/** What the Lambda runtime passes as the second argument (absent in the local runtime). */
export interface InvocationContext {
  functionName: string;
  awsRequestId: string;
}

const INITIALIZED_AHEAD = new Set(['provisioned-concurrency', 'snap-start']);

/**
 * The wrapper of one handler or job export (one Lambda function): each call runs with a logger
 * carrying `fields`, the cold-start flag (true on the first call of this export in this
 * process, as a Lambda container's first invocation) and, in AWS, the function's name and the
 * Lambda request id; inside a trace subsegment; and with its metrics published at the end.
 */
export function instrument(service: string, name: string, annotations: Record<string, string> = {}) {
  let coldStart = !INITIALIZED_AHEAD.has(process.env.AWS_LAMBDA_INITIALIZATION_TYPE ?? '');
  return async function invoke<T>(
    context: InvocationContext | undefined,
    fields: LogFields,
    work: (logger: Logger) => Promise<T>,
  ): Promise<T> {
    const cold = coldStart;
    coldStart = false;
    const logger = createLogger(service, {
      cold_start: cold,
      ...(context ? { function_name: context.functionName, function_request_id: context.awsRequestId } : {}),
      ...fields,
    });
    const invocation: Invocation = { metrics: [] };
    try {
      return await invocations.run(invocation, () =>
        traced(
          service,
          name,
          annotations,
          () => work(logger),
          (error) => logger.warn('tracing unavailable', { error }),
        ),
      );
    } finally {
      try {
        publish(service, invocation, context?.functionName);
      } catch (error) {
        // A metric that cannot be written must not fail the request it measured.
        logger.warn('metrics not published', { error });
      }
    }
  };
}

/**
 * A scheduled job's export as Lambda invokes it (the scheduler's event is not read; the local
 * runtime calls it with nothing): instrumented like a route, with `job` on its lines and one
 * JobRuns count when it finishes.
 */
export function scheduledJob<T>(service: string, id: string, run: (logger: Logger) => Promise<T>) {
  const invoke = instrument(service, id, { job: id });
  return (_event?: unknown, context?: InvocationContext): Promise<T> =>
    invoke(context, { job: id }, async (logger) => {
      const result = await run(logger);
      recordMetric('jobRuns', 1, { job: id });
      return result;
    });
}
