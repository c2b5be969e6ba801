// size: one estimate, one row per service in order; each row reads the quantities counted above it.
/**
 * The monthly bill of one stage for N active traders, from the unit prices of `prices.ts` and the
 * usage of `usage.ts` (counted by `quantities.ts`): one row per service (Lambda, API Gateway,
 * DynamoDB, CloudFront, WAF, S3, Cognito, Secrets Manager, EventBridge Scheduler, CloudWatch,
 * X-Ray, the AI provider), each with what drives it. Pure: no I/O, so `npm run cost` and the unit
 * test compute the same thing.
 */
import { routes, type RouteDefinition, type RouteId } from '@shared/routes';
import { schedules, type ScheduleDefinition } from '@shared/schedules';
import {
  CHAIN_SNAPSHOT_JOB,
  SNAPSHOT_KEPT_DAYS,
  SNAPSHOT_MINUTES_AFTER_CLOSE,
} from '@shared/providers/chains/shared-snapshot';
import { secrets } from '@shared/secrets';
import { SESSION_MINUTES } from '@shared/market/calendar';
import { type StageConfig } from '../../infra/config/stages';
import { webAclRuleCount } from '../../infra/constructs/waf-rules';
import { DEFAULT_FUNCTION_MEMORY_MB, HOURS_PER_MONTH, type RouteWork, type UsageAssumptions } from './model';
import { freeTier as defaultFreeTier, prices as defaultPrices, type FreeTier, type Prices } from './prices';
import {
  jobsWork,
  metricSeries,
  monitoringCounts,
  requestsPerTrader,
  secretsRead,
  tokensPerQuestion,
  warmContainers,
} from './quantities';
import { usage as defaultUsage } from './usage';

/** The routes that read a chain from the snapshot on every request (the assistant's tools only sometimes). */
const CHAIN_READING_ROUTES: readonly RouteId[] = ['scanOptions', 'getOptionsChain', 'getPositions'];

/** What the bill needs to know about a stage (from `infra/config/stages.ts`). */
export interface StageFacts {
  name: string;
  siteGate: boolean;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  logRetentionDays: number;
  pointInTimeRecovery: boolean;
  /** WAF's web ACLs and the rules in them (none when the stage has WAF off). */
  waf: { webAcls: number; rules: number };
  /** Where chains come from: with a real provider the snapshot job fetches and writes them. */
  chains: StageConfig['marketData']['chains'];
  /** The stage sends e-mail through SES: its bounce and complaint topic has its own KMS key. */
  mailFeedback?: boolean;
}

/** Minutes a month the chain snapshot job writes: the sessions, their tails, a closing snapshot. */
function snapshotWritesPerMonth(usage: UsageAssumptions): number {
  return usage.tradingDaysPerMonth * (SESSION_MINUTES + SNAPSHOT_MINUTES_AFTER_CLOSE + 1);
}

export function stageFacts(stage: StageConfig): StageFacts {
  return {
    name: stage.name,
    siteGate: stage.siteGate,
    logLevel: stage.logLevel,
    logRetentionDays: stage.logRetention,
    pointInTimeRecovery: stage.pointInTimeRecovery,
    // CloudFront's web ACL and the user pool's (infra/stacks/waf-stack.ts).
    waf: stage.waf.enabled
      ? { webAcls: 2, rules: webAclRuleCount('CLOUDFRONT') + webAclRuleCount('REGIONAL') }
      : { webAcls: 0, rules: 0 },
    chains: stage.marketData.chains,
    mailFeedback: stage.notifications !== undefined,
  };
}

export interface EstimateOptions {
  users: number;
  stage: StageFacts;
  /** Apply the always-free allowances (one stage per account). Default true. */
  freeTier?: boolean;
  usage?: UsageAssumptions;
  prices?: Prices;
  allowances?: FreeTier;
}

export const services = [
  'Lambda (arm64)',
  'API Gateway (HTTP API)',
  'DynamoDB (on-demand)',
  'CloudFront',
  'AWS WAF',
  'S3',
  'Cognito (Essentials)',
  'Secrets Manager',
  'EventBridge Scheduler',
  'CloudWatch',
  'X-Ray',
  'SNS + KMS (alarm topic)',
  'Notifications (SES, SQS)',
  'AI provider (gpt-4o-mini)',
] as const;
export type Service = (typeof services)[number];

export interface CostRow {
  service: Service;
  usd: number;
  /** What drives the line, in the month's quantities. */
  detail: string;
}

export interface Quantities {
  apiRequests: number;
  requestsByRoute: Partial<Record<RouteId, number>>;
  jobInvocations: number;
  lambdaGbSeconds: number;
  readUnits: number;
  writeUnits: number;
  storageGb: number;
  cloudFrontRequests: number;
  cloudFrontGb: number;
  /** Requests WAF inspects: CloudFront's and the user pool's (0 with WAF off). */
  wafRequests: number;
  secretCalls: number;
  logGb: number;
  traces: number;
  aiQuestions: number;
  aiInputTokens: number;
  aiCachedInputTokens: number;
  aiOutputTokens: number;
}

export interface Estimate {
  users: number;
  stage: string;
  freeTier: boolean;
  rows: CostRow[];
  total: number;
  perTrader: number;
  quantities: Quantities;
}

const MB_PER_GB = 1024;
const KB_PER_GB = 1024 * 1024;

/** HTTP API requests a month billed at the first tier's price. */
const HTTP_API_FIRST_TIER = 300_000_000;

const perMillion = (count: number, usd: number) => (count / 1_000_000) * usd;
const beyond = (amount: number, free: number, apply: boolean) =>
  apply ? Math.max(0, amount - free) : amount;

const count = (n: number) =>
  n >= 1e6
    ? `${n >= 1e7 ? Math.round(n / 1e6).toLocaleString('en-US') : (n / 1e6).toFixed(1)} M`
    : n >= 1e4
      ? `${Math.round(n / 1e3)} k`
      : Math.round(n).toLocaleString('en-US');
const gb = (n: number) => `${n >= 10 ? Math.round(n).toLocaleString('en-US') : n.toFixed(1)} GB`;

export function estimateMonthlyCost(options: EstimateOptions): Estimate {
  const { users, stage } = options;
  const usage = options.usage ?? defaultUsage;
  const price = options.prices ?? defaultPrices;
  const free = options.allowances ?? defaultFreeTier;
  const applyFree = options.freeTier ?? true;

  const activeSeconds = usage.activeHoursPerMonth * 3600;
  const marketSeconds = usage.tradingDaysPerMonth * SESSION_MINUTES * 60;
  const work = (id: RouteId): RouteWork => usage.routeWork[id] ?? usage.defaultRouteWork;

  // Requests, and per function: invocations, GB-seconds, warm containers.
  const perTrader = requestsPerTrader(usage);
  const requestsByRoute: Partial<Record<RouteId, number>> = {};
  let apiRequests = 0;
  let gbSeconds = 0;
  let readUnits = 0;
  let writeUnits = 0;
  let responseKb = 0;
  let secretCalls = 0;

  for (const route of routes as readonly RouteDefinition[]) {
    const id = route.id as RouteId;
    const requests = (perTrader[id] ?? 0) * users;
    if (requests <= 0) continue;
    requestsByRoute[id] = requests;
    const w = work(id);
    const memoryGb = (route.memoryMb ?? DEFAULT_FUNCTION_MEMORY_MB) / MB_PER_GB;
    const seconds = id === 'scanOptions' ? marketSeconds : activeSeconds;
    const containers = warmContainers(requests, w.billedMs, seconds, usage.burstFactor);
    apiRequests += requests;
    gbSeconds += requests * memoryGb * (w.billedMs / 1000);
    if (id === 'scanOptions') {
      // Every warm scanner container builds each market minute's snapshot once.
      const builds = Math.min(requests, containers * usage.tradingDaysPerMonth * SESSION_MINUTES);
      gbSeconds += builds * memoryGb * (usage.scannerSnapshotBuildMs / 1000);
    }
    readUnits += requests * (w.rru + (stage.siteGate && route.auth === 'user' ? usage.gateSessionRru : 0));
    writeUnits += requests * w.wru;
    responseKb += requests * w.responseKb;
    const refreshes = containers * (seconds / usage.secretsCacheSeconds);
    secretCalls += secretsRead(route, stage.siteGate).length * Math.min(requests, refreshes);
  }

  // The shared chain snapshot (real providers only): the job's PUTs, the chain readers' GETs.
  const snapshotOn = stage.chains !== 'simulated';
  let snapshotPuts = 0;
  let snapshotJobGets = 0;
  const snapshotGets = snapshotOn
    ? CHAIN_READING_ROUTES.reduce((sum, id) => sum + (requestsByRoute[id] ?? 0), 0) *
      usage.chainSnapshot.getsPerRead
    : 0;
  const jobs = jobsWork(usage, users, snapshotOn ? [CHAIN_SNAPSHOT_JOB] : []);
  const jobInvocations = jobs.invocations;
  gbSeconds += jobs.gbSeconds;
  readUnits += jobs.readUnits;
  writeUnits += jobs.writeUnits;
  if (snapshotOn) {
    const job = (schedules as readonly ScheduleDefinition[]).find((j) => j.id === CHAIN_SNAPSHOT_JOB)!;
    const runs = (HOURS_PER_MONTH * 60) / job.everyMinutes;
    // It writes in the sessions and their tails (and a closing snapshot); the other runs read two
    // small objects and stop (docs/decisions/shared-chain-snapshot.md).
    const working = snapshotWritesPerMonth(usage) / job.everyMinutes;
    const { symbols, buildMsPerSymbol, jobMemoryMb, idleBilledMs } = usage.chainSnapshot;
    gbSeconds += working * (jobMemoryMb / MB_PER_GB) * ((symbols * buildMsPerSymbol) / 1000);
    gbSeconds += (runs - working) * (jobMemoryMb / MB_PER_GB) * (idleBilledMs / 1000);
    snapshotPuts += working * (symbols + 2);
    snapshotJobGets = runs * 2;
    // The position-targets job reads it too, each session minute: the manifest and the chain of
    // every underlying someone holds (docs/decisions/shared-chain-snapshot.md).
    const held = Math.min(symbols, users * usage.chainSnapshot.heldUnderlyingsPerTrader);
    snapshotJobGets += usage.tradingDaysPerMonth * SESSION_MINUTES * (1 + held);
    // The scorecards' job scores the default scan on the real chains: each session the pick
    // minute's every chain, and the picks' chains at their 1-hour and 1-day horizons
    // (docs/decisions/signal-scorecards.md); its CPU is the decoding of that minute's chains.
    const scan = usage.chainSnapshot.scanScorecard;
    snapshotJobGets += usage.tradingDaysPerMonth * (2 + symbols + 2 * (2 + scan.picksPerSession));
    gbSeconds +=
      usage.tradingDaysPerMonth *
      (DEFAULT_FUNCTION_MEMORY_MB / MB_PER_GB) *
      ((symbols * scan.decodeMsPerSymbol) / 1000);
  }

  // Notifications: each delivery is one worker invocation fed by SQS, and a status write.
  const notify = usage.notifications;
  const emails = users * notify.emailsPerTraderMonth;
  const deliveries = emails + users * (notify.pushesPerTraderMonth + notify.webhooksPerTraderMonth);
  const workerInvocations = deliveries;
  gbSeconds += deliveries * (DEFAULT_FUNCTION_MEMORY_MB / MB_PER_GB) * (notify.workerBilledMs / 1000);
  writeUnits += deliveries * notify.wruPerDelivery;

  const rows: CostRow[] = [];
  const row = (service: Service, usd: number, detail: string) => rows.push({ service, usd, detail });

  // Lambda
  const lambdaRequests = apiRequests + jobInvocations + workerInvocations;
  row(
    'Lambda (arm64)',
    perMillion(beyond(lambdaRequests, free.lambdaRequests.amount, applyFree), price.lambdaRequests.usd) +
      beyond(gbSeconds, free.lambdaGbSeconds.amount, applyFree) * price.lambdaArmGbSecond.usd,
    `${count(lambdaRequests)} invocations, ${count(gbSeconds)} GB-s`,
  );

  // API Gateway (no always-free tier: its free allowance lasts the account's first 12 months)
  row(
    'API Gateway (HTTP API)',
    perMillion(Math.min(apiRequests, HTTP_API_FIRST_TIER), price.httpApiRequests.usd) +
      perMillion(Math.max(0, apiRequests - HTTP_API_FIRST_TIER), price.httpApiRequestsOver300M.usd),
    `${count(apiRequests)} requests`,
  );

  // DynamoDB
  const storageGb = (users * usage.storage.mbPerTrader) / MB_PER_GB + usage.storage.sharedGb;
  row(
    'DynamoDB (on-demand)',
    perMillion(readUnits, price.dynamoReadRequestUnits.usd) +
      perMillion(writeUnits, price.dynamoWriteRequestUnits.usd) +
      beyond(storageGb, free.dynamoStorageGb.amount, applyFree) * price.dynamoStorage.usd +
      (stage.pointInTimeRecovery ? storageGb * price.dynamoPitr.usd : 0),
    `${count(readUnits)} RRU, ${count(writeUnits)} WRU, ${gb(storageGb)}${stage.pointInTimeRecovery ? ' with PITR' : ''}`,
  );

  // CloudFront
  const staticRequests = users * usage.staticWeb.requestsPerTraderMonth;
  const cloudFrontRequests = apiRequests + staticRequests;
  const cloudFrontGb = responseKb / KB_PER_GB + (users * usage.staticWeb.mbPerTraderMonth) / MB_PER_GB;
  row(
    'CloudFront',
    (beyond(cloudFrontRequests, free.cloudFrontRequests.amount, applyFree) / 10_000) *
      price.cloudFrontRequests.usd +
      beyond(cloudFrontGb, free.cloudFrontTransferGb.amount, applyFree) * price.cloudFrontTransfer.usd +
      perMillion(
        beyond(staticRequests, free.cloudFrontFunctions.amount, applyFree),
        price.cloudFrontFunctions.usd,
      ),
    `${count(cloudFrontRequests)} requests, ${gb(cloudFrontGb)} out`,
  );

  // AWS WAF (no free tier): each web ACL and rule by the month, and every request an ACL inspects,
  // CloudFront's all of them, the user pool's each session's calls
  const wafOn = stage.waf.webAcls > 0;
  const wafRequests = wafOn
    ? cloudFrontRequests + users * usage.sessionsPerMonth * usage.cognitoRequestsPerSession.count
    : 0;
  row(
    'AWS WAF',
    stage.waf.webAcls * price.wafWebAcl.usd +
      stage.waf.rules * price.wafRule.usd +
      perMillion(wafRequests, price.wafRequests.usd),
    wafOn
      ? `${stage.waf.webAcls} web ACLs, ${stage.waf.rules} rules, ${count(wafRequests)} requests`
      : 'off for this stage',
  );

  // S3: the site bucket and CloudFront's access logs, kept for the stage's log retention
  const logMonthsKept = stage.logRetentionDays / 30;
  const accessLogGb =
    (cloudFrontRequests * usage.cloudFrontLogs.kbPerRequest * usage.cloudFrontLogs.gzipRatio) / KB_PER_GB;
  // What the lifecycle keeps: SNAPSHOT_KEPT_DAYS of an average day's writes.
  const snapshotGb = snapshotOn
    ? (usage.chainSnapshot.symbols *
        usage.chainSnapshot.objectKb *
        (snapshotWritesPerMonth(usage) / (HOURS_PER_MONTH / 24)) *
        SNAPSHOT_KEPT_DAYS) /
      KB_PER_GB
    : 0;
  const s3Gb = usage.staticWeb.siteBucketGb + accessLogGb * logMonthsKept + snapshotGb;
  row(
    'S3',
    s3Gb * price.s3Storage.usd +
      ((usage.cloudFrontLogs.filesPerMonth + snapshotPuts) / 1000) * price.s3Puts.usd +
      ((snapshotGets + snapshotJobGets) / 1000) * price.s3Gets.usd,
    snapshotOn
      ? `${gb(s3Gb)} stored (site, access logs, ${SNAPSHOT_KEPT_DAYS} days of chain snapshots), ${count(snapshotPuts)} snapshot PUTs, ${count(snapshotGets + snapshotJobGets)} GETs`
      : `${gb(s3Gb)} stored (site, access logs)`,
  );

  // Cognito: every active trader is a monthly active user
  row(
    'Cognito (Essentials)',
    beyond(users, free.cognitoMau.amount, applyFree) * price.cognitoEssentialsMau.usd,
    `${count(users)} MAU`,
  );

  // Secrets Manager
  const secretCount = Object.keys(secrets).length;
  row(
    'Secrets Manager',
    secretCount * price.secretsPerMonth.usd + (secretCalls / 10_000) * price.secretsApiCalls.usd,
    `${secretCount} secrets, ${count(secretCalls)} GetSecretValue (${usage.secretsCacheSeconds / 60}-min cache)`,
  );

  // EventBridge Scheduler
  row(
    'EventBridge Scheduler',
    perMillion(
      beyond(jobInvocations, free.schedulerInvocations.amount, applyFree),
      price.schedulerInvocations.usd,
    ),
    `${schedules.length} schedules, ${count(jobInvocations)} runs`,
  );

  // CloudWatch: logs (ingestion and storage), custom metrics, alarms, dashboards
  const logs = usage.logs;
  const perInvocationKb =
    logs.platformKbPerInvocation + logs.appKbPerRequest[stage.logLevel] + logs.emfKbPerInvocation;
  const logGb =
    (apiRequests * (perInvocationKb + logs.accessLogKbPerRequest) + jobInvocations * perInvocationKb) /
    KB_PER_GB;
  const storedLogGb = logGb * logMonthsKept * logs.archivedRatio;
  const obs = usage.observability;
  const trafficked = (routes as readonly RouteDefinition[]).filter(
    (r) => (requestsByRoute[r.id as RouteId] ?? 0) > 0,
  );
  const series = metricSeries(trafficked, obs);
  // Custom metrics are prorated by the hour: a series costs only the hours it is published in.
  const monitoring = monitoringCounts(obs.otherFunctions, obs.deadLetterQueues);
  const detailedRouteMetrics = trafficked.length * obs.apiDetailedMetricsPerRoute;
  const activeShare = Math.min(1, usage.activeHoursPerMonth / HOURS_PER_MONTH);
  const metricMonths = (series.userDriven + detailedRouteMetrics) * activeShare + series.allHours;
  const metricCount = series.userDriven + detailedRouteMetrics + series.allHours;
  // One dashboard per stage; the free ones hold at most 50 metrics.
  const dashboardsBilled = applyFree && monitoring.dashboardMetrics <= 50 ? 0 : 1;
  row(
    'CloudWatch',
    beyond(logGb, free.logsGb.amount, applyFree) * price.logsIngestion.usd +
      storedLogGb * price.logsStorage.usd +
      beyond(metricMonths, free.customMetrics.amount, applyFree) * price.customMetrics.usd +
      beyond(monitoring.alarmMetrics, free.alarmMetrics.amount, applyFree) * price.alarmMetrics.usd +
      dashboardsBilled * price.dashboards.usd,
    `${gb(logGb)} logs (${stage.logLevel}), ${metricCount} metrics (${Math.round(metricMonths)} metric-months), ${monitoring.alarms} alarms on ${monitoring.alarmMetrics} metrics, a dashboard`,
  );

  // X-Ray: with no tracing header from API Gateway or the scheduler, Lambda asks X-Ray, whose
  // default rule records the first request each second (one reservoir for the account) and 5%
  // of the rest. The jobs' two runs a minute fall in seconds of their own.
  const reservoir = Math.min(apiRequests, activeSeconds) + jobInvocations;
  const traces = reservoir + 0.05 * Math.max(0, apiRequests - activeSeconds);
  const recorded = usage.observability.tracing ? traces : 0;
  row(
    'X-Ray',
    perMillion(beyond(recorded, free.xrayTraces.amount, applyFree), price.xrayTraces.usd),
    usage.observability.tracing ? `${count(recorded)} traces` : 'tracing off',
  );

  // The alarm topic: its own KMS key (CloudWatch cannot use SNS's AWS-managed key) and e-mails
  row(
    'SNS + KMS (alarm topic)',
    price.kmsKey.usd +
      (beyond(obs.alarmEmailsPerMonth, free.snsEmails.amount, applyFree) / 100_000) * price.snsEmails.usd,
    `1 key, ~${obs.alarmEmailsPerMonth} alarm e-mails`,
  );

  const sqsRequests = deliveries * notify.sqsRequestsPerDelivery;
  // Bounces and complaints: a topic with its own key (SES cannot use SNS's managed one); its few
  // messages and the feedback function's runs are within SNS's and Lambda's free requests.
  const feedbackKey = stage.mailFeedback ? price.kmsKey.usd : 0;
  row(
    'Notifications (SES, SQS)',
    (emails / 1000) * price.sesEmails.usd +
      perMillion(beyond(sqsRequests, free.sqsRequests.amount, applyFree), price.sqsRequests.usd) +
      feedbackKey,
    `${count(emails)} e-mails, ${count(deliveries - emails)} pushes and webhooks, ${count(sqsRequests)} SQS requests${feedbackKey ? ', 1 KMS key (bounce topic)' : ''}`,
  );

  // The AI provider
  const aiQuestions = requestsByRoute.postChatMessage ?? 0;
  const tokens = tokensPerQuestion(usage.ai);
  const aiInputTokens = aiQuestions * tokens.input;
  const aiCachedInputTokens = aiQuestions * tokens.cached;
  const aiOutputTokens = aiQuestions * tokens.output;
  row(
    'AI provider (gpt-4o-mini)',
    perMillion(aiInputTokens - aiCachedInputTokens, price.aiInputTokens.usd) +
      perMillion(aiCachedInputTokens, price.aiCachedInputTokens.usd) +
      perMillion(aiOutputTokens, price.aiOutputTokens.usd),
    `${count(aiQuestions)} questions, ${count(aiInputTokens)} in / ${count(aiOutputTokens)} out tokens`,
  );

  const total = rows.reduce((sum, r) => sum + r.usd, 0);
  return {
    users,
    stage: stage.name,
    freeTier: applyFree,
    rows,
    total,
    perTrader: users > 0 ? total / users : 0,
    quantities: {
      apiRequests,
      requestsByRoute,
      jobInvocations,
      lambdaGbSeconds: gbSeconds,
      readUnits,
      writeUnits,
      storageGb,
      cloudFrontRequests,
      cloudFrontGb,
      wafRequests,
      secretCalls,
      logGb,
      traces: recorded,
      aiQuestions,
      aiInputTokens,
      aiCachedInputTokens,
      aiOutputTokens,
    },
  };
}
