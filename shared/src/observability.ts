/**
 * What the Lambdas publish to CloudWatch (as Embedded Metric Format lines, through Powertools
 * Metrics), in one place: the namespace, every metric's name, unit and exact dimension set. The
 * handlers emit from this table and the monitoring stack alarms on it, so the two cannot drift.
 *
 * A CloudWatch metric is its name AND its full dimension set: an alarm must name every
 * dimension listed here, with `service` being the route's or job's `area` (shared/src/routes.ts,
 * shared/src/schedules.ts), e.g. `market`, `chat`, `feeds`.
 */

/** The namespace prefix; each stage publishes under its own namespace (dev and prod never mix). */
export const METRICS_NAMESPACE_PREFIX = 'EdgeOptions';

/** The namespace a stage's metrics are published under, e.g. `EdgeOptions/prod`. */
export function metricsNamespace(stage: string): string {
  return `${METRICS_NAMESPACE_PREFIX}/${stage}`;
}

/** Dimension names, as they appear on the metrics. */
export const metricDimension = {
  /** The area of the route or job (added by Powertools to every metric). */
  service: 'service',
  /** A route id of the route table, e.g. `scanOptions`. */
  route: 'route',
  /** The error envelope's `code`, e.g. `validation_failed`, `plan_limit`, `internal_error`. */
  code: 'code',
  /** What a plan refused: a feature (`darkpool`, `research`, ...) or a quota (`aiQuestionsPerDay`, `maxScannerFilters`). */
  limit: 'limit',
  /** The caller's effective plan: `trial`, `starter`, `pro`, `elite` or `expired`. */
  plan: 'plan',
  /** A quota of the plan table, e.g. `aiQuestionsPerDay`. */
  quota: 'quota',
  /** A Research Assistant tool name, e.g. `get_quotes`. */
  tool: 'tool',
  /** A live feed: `alerts`, `darkpool`, `chatter` or `trends`. */
  feed: 'feed',
  /** A job id of the schedule table, e.g. `generateFeeds`. */
  job: 'job',
  /** The Lambda function's name (Powertools' own cold-start metric only). */
  functionName: 'function_name',
} as const;

export type MetricDimension = Exclude<keyof typeof metricDimension, 'service' | 'functionName'>;

export interface MetricDefinition {
  name: string;
  unit: 'Count' | 'Milliseconds';
  /** The dimensions besides `service`, in this order. */
  dimensions: readonly MetricDimension[];
  description: string;
}

/** Every metric the app publishes (besides Powertools' own `ColdStart`, below). */
export const appMetrics = {
  requests: {
    name: 'Requests',
    unit: 'Count',
    dimensions: ['route'],
    description: 'One per request a route handler answered, whatever its status',
  },
  errors: {
    name: 'Errors',
    unit: 'Count',
    dimensions: ['route', 'code'],
    description:
      'One per request answered with an error envelope, by its code; `internal_error` (500) and `service_unavailable` (503) are the server-side ones',
  },
  planRefusals: {
    name: 'PlanRefusals',
    unit: 'Count',
    dimensions: ['limit', 'plan'],
    description:
      "One per request the caller's plan refused: 403 `plan_limit` (a feature or a quota like scanner filters) or 429 `quota_exceeded` (the day's AI questions)",
  },
  quotaUsed: {
    name: 'QuotaUsed',
    unit: 'Count',
    dimensions: ['quota', 'plan'],
    description:
      "One per use counted against a plan's daily quota (an AI question on a plan with a daily limit)",
  },
  scanDuration: {
    name: 'ScanDuration',
    unit: 'Milliseconds',
    dimensions: [],
    description: 'Time the options scanner took to price and score one scan (POST /api/options-scanner)',
  },
  aiToolCalls: {
    name: 'AiToolCalls',
    unit: 'Count',
    dimensions: ['tool'],
    description: 'One per tool call the Research Assistant ran (for the AI model or the offline analyst)',
  },
  aiProviderLatency: {
    name: 'AiProviderLatency',
    unit: 'Milliseconds',
    dimensions: [],
    description: 'Time of one call to the AI provider (one model round), answered or failed',
  },
  aiProviderErrors: {
    name: 'AiProviderErrors',
    unit: 'Count',
    dimensions: [],
    description: 'One per question the AI provider failed to answer (the user got the failure text)',
  },
  feedItemsWritten: {
    name: 'FeedItemsWritten',
    unit: 'Count',
    dimensions: ['feed'],
    description: 'Items a feed generator run wrote, per feed (0 included: every run reports every feed)',
  },
  chainSnapshotStale: {
    name: 'ChainSnapshotStale',
    unit: 'Count',
    dimensions: [],
    description:
      'Symbols the chain snapshot job serves from an earlier minute because the provider failed on them (0 when every chain is fresh)',
  },
  chainSnapshotAge: {
    name: 'ChainSnapshotAge',
    unit: 'Milliseconds',
    dimensions: [],
    description: 'Age of the oldest chain in the snapshot the job just wrote',
  },
  jobRuns: {
    name: 'JobRuns',
    unit: 'Count',
    dimensions: ['job'],
    description:
      'One per scheduled job run that finished; none over a few schedule periods means the job did not run or failed',
  },
} as const satisfies Record<string, MetricDefinition>;

export type AppMetric = keyof typeof appMetrics;

/**
 * Powertools' own cold-start metric: one per cold start of a function, dimensions `service` and
 * `function_name` only (published in AWS, where the function's name is known).
 */
export const COLD_START_METRIC = 'ColdStart';

/**
 * Powertools' settings outside Lambda (`npm start`, the tests, the bench), applied by
 * lambdas/common/observability.ts where the environment does not already set them: the same
 * JSON log lines as in AWS (never Powertools' pretty dev mode), no EMF metric lines on stdout
 * (`POWERTOOLS_METRICS_DISABLED=false` shows them), no X-Ray (there is no daemon), never the
 * incoming event in a log.
 */
export const localObservabilityEnv = {
  POWERTOOLS_DEV: 'false',
  POWERTOOLS_METRICS_DISABLED: 'true',
  POWERTOOLS_TRACE_ENABLED: 'false',
  POWERTOOLS_LOGGER_LOG_EVENT: 'false',
} as const;
