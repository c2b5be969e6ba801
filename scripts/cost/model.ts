/**
 * The shape of the cost model's usage assumptions (what one active trader does in a month, and
 * what each request costs to serve) and the Lambda facts the bill scales them by. The figures are
 * in `usage.ts`, the unit prices in `prices.ts`; `estimate.ts` turns them into a monthly bill.
 * What can be read from the code is read from it (the route table's memory sizes and secrets, the
 * schedule table, the screens' poll intervals, the plans, the stage config); the rest is an
 * assumption, stated in `usage.ts` with its basis.
 */

import { type RouteId } from '@shared/routes';
import { type schedules } from '@shared/schedules';

/** A screen of the app: time spent on it per session, what it polls while visible, what it asks once. */
export interface Screen {
  minutesPerSession: number;
  /** Polls while the tab is visible (react-query `refetchInterval`s, from the code's constants). */
  polls: readonly { route: RouteId; everyMs: number; share?: number; source: string }[];
  /** Requests per visit of the screen. */
  perVisit: Partial<Record<RouteId, number>>;
}

/**
 * What serving one request of a route takes in AWS. A plan lookup is counted as a profile read
 * on every request, though lambdas/common/plan.ts remembers a profile for a minute per user and
 * container: DynamoDB reads are an upper bound.
 */
export interface RouteWork {
  /** Billed Lambda duration at the route's memory size, in ms. */
  billedMs: number;
  /** DynamoDB read / write request units, beyond the site-gate session read every `user` route makes. */
  rru: number;
  wru: number;
  /** Response size to the browser, gzipped by CloudFront, in KB. */
  responseKb: number;
  basis: string;
}

export interface JobWork {
  billedMs: number;
  rru: number;
  wru: number;
  basis: string;
  /** Work each active trader adds to a working run (a job that marks every user's positions), beyond the fixed part. */
  perTrader?: { billedMs: number; rru: number; wru: number };
  /**
   * A job that works only during the regular session: its other runs (nights, weekends,
   * holidays) return at once, billed `idleBilledMs` and reading nothing.
   */
  sessionOnly?: { idleBilledMs: number };
}

export interface AiAssumptions {
  questionsPerSession: number;
  /** Model calls per question: tool rounds, then the answer (the code allows MAX_MODEL_ROUNDS = 4). */
  modelRounds: number;
  toolCallsPerToolRound: number;
  /** System prompt and the nine tools' JSON schemas, sent with every model call. */
  fixedPromptTokens: number;
  questionTokens: number;
  toolResultTokens: number;
  /** What the model writes when it calls a tool. */
  toolCallOutputTokens: number;
  /** The answer (max_tokens is CHAT_MAX_TOKENS = 500). */
  answerTokens: number;
  /**
   * Later rounds of one question resend the earlier rounds' prompt, which the provider serves from
   * its prompt cache (automatic above 1,024 tokens) at the cached-input price.
   */
  cacheWithinQuestion: boolean;
}

export interface ObservabilityAssumptions {
  /**
   * Error codes each route answers in a month (one `Errors` series per route and code, e.g.
   * `validation_failed`, `plan_limit`, `site_locked`).
   */
  errorCodesPerRoute: number;
  /** The Research Assistant's tools (one `AiToolCalls` series each; lambdas/chat/tools.ts). */
  aiTools: number;
  /**
   * API Gateway's detailed (per-route) metrics, which the route latency alarms need: Count, 4xx,
   * 5xx, Latency, IntegrationLatency and DataProcessed per route, counted as custom metrics.
   */
  apiDetailedMetricsPerRoute: number;
  /** Functions besides the routes' and the jobs' (the Cognito post-confirmation trigger, the notification worker). */
  otherFunctions: number;
  /** Dead-letter queues, each with an alarm (the notification queue's). */
  deadLetterQueues: number;
  /** Alarm notifications e-mailed a month (SNS: the first 1,000 are free). */
  alarmEmailsPerMonth: number;
  /** X-Ray active tracing on the API functions and jobs. */
  tracing: boolean;
  source: string;
}

/** What one trader's notifications send a month, and what each delivery costs the worker. */
export interface NotificationAssumptions {
  emailsPerTraderMonth: number;
  pushesPerTraderMonth: number;
  webhooksPerTraderMonth: number;
  /** SQS requests per delivery: its send, the worker's receive and its delete. */
  sqsRequestsPerDelivery: number;
  /** The notification worker's billed time per delivery (512 MB). */
  workerBilledMs: number;
  /** Write units per delivery: the record's status. */
  wruPerDelivery: number;
  basis: string;
}

export interface UsageAssumptions {
  sessionsPerMonth: number;
  /** Hours of the month in which traders are on: where the warm containers and caches live. */
  activeHoursPerMonth: number;
  /** Trading days a month; the scanner polls only while the market is open. */
  tradingDaysPerMonth: number;
  screens: Record<string, Screen>;
  perSession: Partial<Record<RouteId, number>>;
  perMonth: Partial<Record<RouteId, number>>;
  routeWork: Partial<Record<RouteId, RouteWork>>;
  defaultRouteWork: RouteWork;
  /** The site-gate session read (strongly consistent) of every `user` route when the gate is on. */
  gateSessionRru: number;
  jobs: Record<ScheduleId, JobWork>;
  /** The shared chain snapshot, with a real chain provider (docs/decisions/shared-chain-snapshot.md). */
  chainSnapshot: {
    symbols: number;
    /** The job's build (price, encode, write) per symbol, at its 1,769 MB. */
    buildMsPerSymbol: number;
    jobMemoryMb: number;
    /** A run outside the sessions (two small reads, nothing to write), billed ms at jobMemoryMb. */
    idleBilledMs: number;
    /** A stored chain, in KB (kept SNAPSHOT_KEPT_DAYS by the bucket's lifecycle). */
    objectKb: number;
    /** S3 GETs per chain-reading request, an upper bound (manifest and object every time; containers keep both). */
    getsPerRead: number;
    /** Underlyings a trader holds open positions on: the position-targets job reads their chains each session minute. */
    heldUnderlyingsPerTrader: number;
    /**
     * The scorecards' job on a real chain stage (lambdas/feeds/scorecard-scan): once a session the
     * pick minute's chains read, decoded and scanned together; at the 1-hour and 1-day horizons the
     * minute's manifest and the picks' chains.
     */
    scanScorecard: { decodeMsPerSymbol: number; picksPerSession: number; basis: string };
    basis: string;
  };
  /** Each warm scanner container builds the minute's snapshot (IVs, greeks, forecast) once a minute. */
  scannerSnapshotBuildMs: number;
  /** Warm containers per function: this many times its average concurrency, at least one. */
  burstFactor: number;
  /** How long a container keeps a secret it read (lambdas/common/secrets.ts). */
  secretsCacheSeconds: number;
  ai: AiAssumptions;
  staticWeb: {
    requestsPerTraderMonth: number;
    mbPerTraderMonth: number;
    siteBucketGb: number;
    basis: string;
  };
  storage: { mbPerTrader: number; sharedGb: number; basis: string };
  logs: {
    /** Lambda's START / END / REPORT lines. */
    platformKbPerInvocation: number;
    /** The handler's own JSON lines per request at the stage's log level. */
    appKbPerRequest: Record<LogLevel, number>;
    /** The EMF metrics document each invocation flushes (ingested as a log line). */
    emfKbPerInvocation: number;
    /** The HTTP API's access-log line. */
    accessLogKbPerRequest: number;
    /** Archived size over ingested size. */
    archivedRatio: number;
    basis: string;
  };
  cloudFrontLogs: { kbPerRequest: number; gzipRatio: number; filesPerMonth: number; basis: string };
  observability: ObservabilityAssumptions;
  notifications: NotificationAssumptions;
  /**
   * Calls to the user pool's endpoint a session makes, which its web ACL inspects when the stage
   * has WAF: signing in or refreshing the tokens, and the API's GetUser with the trader's token.
   */
  cognitoRequestsPerSession: { count: number; basis: string };
}

type LogLevel = 'debug' | 'info' | 'warn' | 'error';
type ScheduleId = (typeof schedules)[number]['id'];

/** CPU share of a Lambda function: a full vCPU at 1,769 MB, proportionally less below. */
export const FULL_VCPU_MB = 1769;
/** A CPU-bound time measured on one core of the bench machine, as billed at `memoryMb`. */
export const onLambda = (benchMs: number, memoryMb: number) => benchMs * Math.max(1, FULL_VCPU_MB / memoryMb);

/** AppFunction's memory when a route-table row names none (infra/constructs/app-function.ts). */
export const DEFAULT_FUNCTION_MEMORY_MB = 512;
/** AWS bills a month as 730 hours. */
export const HOURS_PER_MONTH = 730;
