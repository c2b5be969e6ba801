/**
 * The cost model's inputs, in one place: unit prices (with their source and date), the always-free
 * allowances, and the usage a stage is assumed to see per active trader. What can be read from the
 * code is read from it (the route table's memory sizes and secrets, the schedule table, the
 * screens' poll intervals, the plans, the stage config); the rest is an assumption, stated here
 * with its basis. `estimate.ts` turns these into a monthly bill; `npm run cost` prints it.
 *
 * Prices: US East (N. Virginia), on-demand, USD, no taxes, no Savings Plans. They were read on
 * 2026-11-23 from stored copies of the pricing pages and of write-ups quoting them (this machine
 * has no live web access): check the live pages before budgeting, and change a price here.
 */

import {
  MARKET_OVERVIEW_REFRESH_MS,
  OPTIONS_DATA_REFRESH_MS,
  TICKER_BAR_REFRESH_MS,
  TRADES_REFRESH_MS,
} from '@shared/constants/timings';
import { feedPollMs, type FeedName } from '@shared/feeds/schemas';
import { type RouteId } from '@shared/routes';
import { type schedules } from '@shared/schedules';

export interface UnitPrice {
  usd: number;
  /** What one `usd` buys. */
  unit: string;
  source: string;
  asOf: string;
}

export interface FreeAllowance {
  amount: number;
  unit: string;
  source: string;
}

const READ = '2026-11-23';
/** WAF's prices were read later, the same way (and checked against AWS's cost write-ups). */
const WAF_READ = '2026-11-27';
const page = (service: string) => `https://aws.amazon.com/${service}/pricing/`;

export const prices = {
  lambdaRequests: {
    usd: 0.2,
    unit: 'per million requests',
    source: page('lambda'),
    asOf: READ,
  },
  lambdaArmGbSecond: {
    usd: 0.0000133334,
    unit: 'per GB-second, Arm (first 7.5 billion GB-s a month)',
    source: page('lambda'),
    asOf: READ,
  },
  httpApiRequests: {
    usd: 1.0,
    unit: 'per million HTTP API requests, the first 300 million a month (metered in 512 KB steps)',
    source: page('api-gateway'),
    asOf: READ,
  },
  httpApiRequestsOver300M: {
    usd: 0.9,
    unit: 'per million HTTP API requests beyond 300 million a month',
    source: page('api-gateway'),
    asOf: READ,
  },
  dynamoWriteRequestUnits: {
    usd: 0.625,
    unit: 'per million on-demand write request units (since the Nov 2024 price cut)',
    source: page('dynamodb'),
    asOf: READ,
  },
  dynamoReadRequestUnits: {
    usd: 0.125,
    unit: 'per million on-demand read request units (since the Nov 2024 price cut)',
    source: page('dynamodb'),
    asOf: READ,
  },
  dynamoStorage: { usd: 0.25, unit: 'per GB-month of table storage', source: page('dynamodb'), asOf: READ },
  dynamoPitr: {
    usd: 0.2,
    unit: 'per GB-month of continuous backup (point-in-time recovery)',
    source: page('dynamodb'),
    asOf: READ,
  },
  cloudFrontRequests: {
    usd: 0.01,
    unit: 'per 10,000 HTTPS requests (United States, Europe)',
    source: page('cloudfront'),
    asOf: READ,
  },
  cloudFrontTransfer: {
    usd: 0.085,
    unit: 'per GB out to the internet (United States, Europe, first 10 TB)',
    source: page('cloudfront'),
    asOf: READ,
  },
  cloudFrontFunctions: {
    usd: 0.1,
    unit: 'per million CloudFront Functions invocations',
    source: page('cloudfront'),
    asOf: READ,
  },
  wafWebAcl: {
    usd: 5.0,
    unit: 'per web ACL per month (prorated by the hour)',
    source: page('waf'),
    asOf: WAF_READ,
  },
  wafRule: {
    usd: 1.0,
    unit: 'per rule per month in a web ACL; an AWS managed rule group without a subscription counts as one',
    source: page('waf'),
    asOf: WAF_READ,
  },
  wafRequests: {
    usd: 0.6,
    unit: 'per million requests a web ACL inspects (allowed or blocked; ACLs of up to 1,500 WCU)',
    source: page('waf'),
    asOf: WAF_READ,
  },
  s3Storage: { usd: 0.023, unit: 'per GB-month, S3 Standard (first 50 TB)', source: page('s3'), asOf: READ },
  s3Puts: { usd: 0.005, unit: 'per 1,000 PUT/COPY/POST/LIST requests', source: page('s3'), asOf: READ },
  cognitoEssentialsMau: {
    usd: 0.015,
    unit: 'per monthly active user, Essentials plan (direct or social sign-in)',
    source: page('cognito'),
    asOf: READ,
  },
  secretsPerMonth: { usd: 0.4, unit: 'per secret per month', source: page('secrets-manager'), asOf: READ },
  secretsApiCalls: {
    usd: 0.05,
    unit: 'per 10,000 API calls',
    source: page('secrets-manager'),
    asOf: READ,
  },
  schedulerInvocations: {
    usd: 1.0,
    unit: 'per million EventBridge Scheduler invocations',
    source: page('eventbridge'),
    asOf: READ,
  },
  logsIngestion: {
    usd: 0.5,
    unit: 'per GB of CloudWatch Logs ingested (standard class; Lambda logs first 10 TB)',
    source: page('cloudwatch'),
    asOf: READ,
  },
  logsStorage: {
    usd: 0.03,
    unit: 'per GB-month of CloudWatch Logs archived (compressed)',
    source: page('cloudwatch'),
    asOf: READ,
  },
  customMetrics: {
    usd: 0.3,
    unit: 'per custom metric (name + dimensions) per month (first 10,000)',
    source: page('cloudwatch'),
    asOf: READ,
  },
  alarmMetrics: {
    usd: 0.1,
    unit: 'per standard-resolution alarm metric per month',
    source: page('cloudwatch'),
    asOf: READ,
  },
  dashboards: { usd: 3.0, unit: 'per dashboard per month', source: page('cloudwatch'), asOf: READ },
  xrayTraces: { usd: 5.0, unit: 'per million traces recorded', source: page('xray'), asOf: READ },
  kmsKey: { usd: 1.0, unit: 'per customer-managed KMS key per month', source: page('kms'), asOf: READ },
  snsEmails: { usd: 2.0, unit: 'per 100,000 SNS e-mail notifications', source: page('sns'), asOf: READ },
  aiInputTokens: {
    usd: 0.15,
    unit: 'per million input tokens, gpt-4o-mini',
    source: 'https://openai.com/api/pricing/',
    asOf: READ,
  },
  aiCachedInputTokens: {
    usd: 0.075,
    unit: 'per million cached input tokens, gpt-4o-mini',
    source: 'https://openai.com/api/pricing/',
    asOf: READ,
  },
  aiOutputTokens: {
    usd: 0.6,
    unit: 'per million output tokens, gpt-4o-mini',
    source: 'https://openai.com/api/pricing/',
    asOf: READ,
  },
} satisfies Record<string, UnitPrice>;

/**
 * The always-free allowances (per account, or per organization for Cognito; not the 12-month
 * offers such as API Gateway's or S3's). A stage that shares an account with another uses them
 * up together: run `npm run cost -- --no-free-tier` for the price without them.
 */
export const freeTier = {
  lambdaRequests: { amount: 1_000_000, unit: 'requests a month', source: page('lambda') },
  lambdaGbSeconds: { amount: 400_000, unit: 'GB-seconds a month', source: page('lambda') },
  dynamoStorageGb: { amount: 25, unit: 'GB of table storage', source: page('dynamodb') },
  cloudFrontRequests: { amount: 10_000_000, unit: 'HTTP(S) requests a month', source: page('cloudfront') },
  cloudFrontTransferGb: { amount: 1024, unit: 'GB out a month', source: page('cloudfront') },
  cloudFrontFunctions: {
    amount: 2_000_000,
    unit: 'function invocations a month',
    source: page('cloudfront'),
  },
  cognitoMau: { amount: 10_000, unit: 'MAUs a month (Lite and Essentials)', source: page('cognito') },
  schedulerInvocations: { amount: 14_000_000, unit: 'invocations a month', source: page('eventbridge') },
  logsGb: { amount: 5, unit: 'GB of log data (ingestion and storage) a month', source: page('cloudwatch') },
  customMetrics: { amount: 10, unit: 'custom metrics', source: page('cloudwatch') },
  alarmMetrics: { amount: 10, unit: 'alarm metrics', source: page('cloudwatch') },
  dashboards: { amount: 3, unit: 'dashboards of up to 50 metrics', source: page('cloudwatch') },
  xrayTraces: { amount: 100_000, unit: 'traces recorded a month', source: page('xray') },
  snsEmails: { amount: 1_000, unit: 'e-mail notifications a month', source: page('sns') },
} satisfies Record<string, FreeAllowance>;

export type Prices = typeof prices;
export type FreeTier = typeof freeTier;

// ---------------------------------------------------------------------------------------------
// Usage: what one active trader does in a month, and what each request costs to serve.
// ---------------------------------------------------------------------------------------------

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
  /** Functions besides the routes' and the jobs' (the Cognito post-confirmation trigger). */
  otherFunctions: number;
  /** Alarm notifications e-mailed a month (SNS: the first 1,000 are free). */
  alarmEmailsPerMonth: number;
  /** X-Ray active tracing on the API functions and jobs. */
  tracing: boolean;
  source: string;
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

const poll = (route: RouteId, everyMs: number, source: string, share?: number) =>
  share === undefined ? { route, everyMs, source } : { route, everyMs, share, source };

const feedScreen = (feed: FeedName, minutesPerSession: number): Screen => ({
  minutesPerSession,
  polls: [poll('getFeed', feedPollMs(feed), `feedPollMs('${feed}'), the shortest gap between items`)],
  perVisit: {},
});

/**
 * One active trader: a Cognito MAU who opens the app on most trading days for about an hour
 * and moves between the screens below (a guess, stated so that it can be changed; the figures
 * scale with it). The AI and polling figures are the ones that move the total.
 */
export const usage: UsageAssumptions = {
  sessionsPerMonth: 20,
  activeHoursPerMonth: 21 * 10,
  tradingDaysPerMonth: 21,
  screens: {
    dashboard: {
      minutesPerSession: 20,
      polls: [
        poll('getMarketData', MARKET_OVERVIEW_REFRESH_MS, 'MARKET_OVERVIEW_REFRESH_MS, the overview quotes'),
        poll('getMarketData', TICKER_BAR_REFRESH_MS, 'TICKER_BAR_REFRESH_MS, the ticker bar'),
        poll('getTradeStats', TRADES_REFRESH_MS, 'TRADES_REFRESH_MS, the stat cards'),
        poll('listTrades', TRADES_REFRESH_MS, 'TRADES_REFRESH_MS, recent activity'),
      ],
      perVisit: { getMarketSummary: 1 },
    },
    scanner: {
      minutesPerSession: 15,
      polls: [
        poll('scanOptions', OPTIONS_DATA_REFRESH_MS, 'OPTIONS_DATA_REFRESH_MS while the market is open'),
        poll(
          'getOptionsChain',
          OPTIONS_DATA_REFRESH_MS,
          'OPTIONS_DATA_REFRESH_MS, a chain open half the time',
          0.5,
        ),
      ],
      perVisit: {},
    },
    alerts: feedScreen('alerts', 6),
    darkpool: feedScreen('darkpool', 3),
    chatter: feedScreen('chatter', 3),
    trends: feedScreen('trends', 3),
    journal: {
      minutesPerSession: 5,
      polls: [poll('getTradeStats', TRADES_REFRESH_MS, 'TRADES_REFRESH_MS, the journal statistics')],
      perVisit: { listTrades: 2, createTrade: 1, updateTrade: 0.5 },
    },
    research: {
      minutesPerSession: 5,
      polls: [],
      // Questions are added from `ai.questionsPerSession`; about one chart range switch per two.
      perVisit: { getChatHistory: 1, getMarketHistory: 2 },
    },
  },
  perSession: { getSiteGate: 1, getProfile: 2 },
  perMonth: {
    unlockSiteGate: 1,
    getAccountStats: 2,
    getBilling: 2,
    updateProfile: 0.5,
    dismissTrendAlert: 5,
    exportTrades: 0.2,
  },
  routeWork: {
    getProfile: {
      billedMs: 40,
      rru: 1,
      wru: 0,
      responseKb: 1,
      basis: 'profile read + GetUser with the token',
    },
    updateProfile: { billedMs: 45, rru: 1, wru: 1, responseKb: 1, basis: 'read, write, GetUser' },
    getSiteGate: { billedMs: 15, rru: 0, wru: 0, responseKb: 0.2, basis: 'cookie check' },
    unlockSiteGate: {
      billedMs: 520,
      rru: 0.5,
      wru: 2,
      responseKb: 0.2,
      basis: 'SITE_GATE_DELAY_MS 0.5 s floor, rate-limit counter, session write',
    },
    getMarketData: {
      billedMs: 25,
      rru: 1,
      wru: 0,
      responseKb: 2,
      basis: 'plan read, 10-20 simulated quotes',
    },
    getOptionsChain: {
      billedMs: 40,
      rru: 1,
      wru: 0,
      responseKb: 8,
      basis: 'plan read, one expiry from the snapshot',
    },
    scanOptions: {
      billedMs: onLambda(29.7, DEFAULT_FUNCTION_MEMORY_MB) + 15,
      rru: 1,
      wru: 0,
      responseKb: 6,
      basis: 'warm whole-universe scan 29.7 ms on one bench core (README), scaled to 512 MB, + plan read',
    },
    getMarketSummary: {
      billedMs: 30,
      rru: 1,
      wru: 0,
      responseKb: 2,
      basis: 'plan read, summary from the model',
    },
    getMarketHistory: { billedMs: 30, rru: 1, wru: 0, responseKb: 3, basis: 'plan read, up to 252 closes' },
    getChatHistory: {
      billedMs: 40,
      rru: 25,
      wru: 0,
      responseKb: 30,
      basis: 'last 50 exchanges of ~4 KB (CHAT_HISTORY_LIMIT)',
    },
    postChatMessage: {
      billedMs: 5000,
      rru: 8,
      wru: 5,
      responseKb: 3,
      basis: 'waits on the model rounds (~1.5 s each) and tools; plan, quota ADD, the ~4 KB exchange',
    },
    listTrades: {
      billedMs: 25,
      rru: 2,
      wru: 0,
      responseKb: 2,
      basis: 'first page 11.7 ms (README bench) + query',
    },
    createTrade: { billedMs: 40, rru: 1, wru: 4, responseKb: 1, basis: 'trade + two GSIs + journal version' },
    updateTrade: { billedMs: 40, rru: 1, wru: 4, responseKb: 1, basis: 'trade + two GSIs + journal version' },
    getTradeStats: {
      billedMs: onLambda(18.8, 1024) + 10,
      rru: 2,
      wru: 0,
      responseKb: 2,
      basis: 'stats of an unchanged journal 18.8 ms (README bench) at 1,024 MB + cached stats read',
    },
    getFeed: {
      billedMs: 35,
      rru: 5.5,
      wru: 0,
      responseKb: 4.5,
      basis:
        'plan + dismissals + the whole feed on every request (the read a container shares among its readers is not counted: an upper bound); pages measured at 3.2-5.8 KB gzipped',
    },
    dismissTrendAlert: { billedMs: 30, rru: 2, wru: 1, responseKb: 0.2, basis: 'plan read, dismissal put' },
    getAccountStats: {
      billedMs: 80,
      rru: 6,
      wru: 0,
      responseKb: 1,
      basis: 'profile, journal stats, chat count',
    },
    getBilling: { billedMs: 20, rru: 0, wru: 0, responseKb: 0.2, basis: 'secrets only' },
    exportTrades: { billedMs: 400, rru: 80, wru: 0, responseKb: 60, basis: 'a few hundred trades as CSV' },
  },
  defaultRouteWork: { billedMs: 40, rru: 2, wru: 1, responseKb: 1, basis: 'a small read or write' },
  gateSessionRru: 1,
  jobs: {
    generateFeeds: {
      billedMs: 150,
      rru: 2,
      wru: 10,
      basis: 'about 9 items a minute (README Live feeds) + the day count; newest item per feed',
    },
    enforceFeedCaps: {
      billedMs: 120,
      rru: 14,
      wru: 9,
      basis: 'reads every feed partition (~110 KB, eventually consistent), deletes what fell off',
    },
    sweepDeletedAccounts: {
      billedMs: 60,
      rru: 1,
      wru: 0.1,
      basis:
        'scans the revocations (a day of sign-outs and deletions, a few KB); a deletion a day swept once more',
    },
  },
  scannerSnapshotBuildMs: onLambda(226, DEFAULT_FUNCTION_MEMORY_MB),
  burstFactor: 2,
  secretsCacheSeconds: 300,
  ai: {
    questionsPerSession: 4,
    modelRounds: 3,
    toolCallsPerToolRound: 1,
    fixedPromptTokens: 2300,
    questionTokens: 30,
    toolResultTokens: 1200,
    toolCallOutputTokens: 40,
    answerTokens: 350,
    cacheWithinQuestion: true,
  },
  staticWeb: {
    requestsPerTraderMonth: 120,
    mbPerTraderMonth: 2,
    siteBucketGb: 0.2,
    basis:
      'hashed assets are cached a year: about two full downloads a month (new deploys) plus index.html and config.json per session; old builds stay in the bucket',
  },
  storage: {
    mbPerTrader: 5,
    sharedGb: 0.05,
    basis:
      'a year in: ~300 trades with two GSIs (~1 MB), ~960 chat exchanges kept (~4 MB), profile and caches',
  },
  logs: {
    platformKbPerInvocation: 0.35,
    appKbPerRequest: { debug: 2.5, info: 0.5, warn: 0.1, error: 0.1 },
    emfKbPerInvocation: 0.6,
    accessLogKbPerRequest: 0.45,
    archivedRatio: 0.2,
    basis: 'one "request served" JSON line with the Powertools context at info; debug adds a few more',
  },
  cloudFrontLogs: {
    kbPerRequest: 0.45,
    gzipRatio: 0.1,
    filesPerMonth: 20_000,
    basis: 'standard (legacy) access logs, delivered gzipped to the log bucket a few times an hour per edge',
  },
  cognitoRequestsPerSession: {
    count: 5,
    basis:
      "a sign-in or a token refresh (InitiateAuth) and an hourly refresh, and getProfile's two GetUser calls, plus one for MFA or attributes",
  },
  observability: {
    errorCodesPerRoute: 2,
    aiTools: 9,
    apiDetailedMetricsPerRoute: 6,
    otherFunctions: 1,
    alarmEmailsPerMonth: 50,
    tracing: true,
    source:
      'metrics: shared/src/observability.ts; alarms and dashboard: infra/constructs/monitoring.ts (both counted in estimate.ts)',
  },
};
