/**
 * What a month's traffic adds up to, piece by piece, for `estimate.ts`: the requests one trader
 * makes per route, the secrets and warm containers a function needs, the AI tokens of a
 * question, and the CloudWatch series, alarms and dashboard metrics the stacks create. Pure.
 */
import { routes, type RouteDefinition, type RouteId, type SecretKey } from '@shared/routes';
import { schedules, type ScheduleDefinition } from '@shared/schedules';
import { SESSION_MINUTES } from '@shared/market/calendar';
import { tables, type TableDefinition } from '@shared/tables';
import { effectivePlans, planFeatures, planLimits, type PlanLimits } from '@shared/constants/plans';
import { feedNames } from '@shared/feeds/schemas';
import { appMetrics, type MetricDimension } from '@shared/observability';
import { DEFAULT_FUNCTION_MEMORY_MB, HOURS_PER_MONTH, type JobWork, type UsageAssumptions } from './model';

const add = (into: Partial<Record<RouteId, number>>, route: RouteId, count: number) => {
  into[route] = (into[route] ?? 0) + count;
};

/** Requests per route that one active trader makes in a month. */
export function requestsPerTrader(usage: UsageAssumptions): Partial<Record<RouteId, number>> {
  const sessions = usage.sessionsPerMonth;
  const out: Partial<Record<RouteId, number>> = {};
  for (const screen of Object.values(usage.screens)) {
    for (const { route, everyMs, share } of screen.polls)
      add(out, route, ((screen.minutesPerSession * 60_000) / everyMs) * (share ?? 1) * sessions);
    for (const [route, count] of Object.entries(screen.perVisit) as [RouteId, number][])
      add(out, route, count * sessions);
  }
  add(out, 'postChatMessage', usage.ai.questionsPerSession * sessions);
  for (const [route, count] of Object.entries(usage.perSession) as [RouteId, number][])
    add(out, route, count * sessions);
  for (const [route, count] of Object.entries(usage.perMonth) as [RouteId, number][]) add(out, route, count);
  return out;
}

/** The secrets a route's function reads: its row's, origin-verify, and the gate's on gated `user` routes. */
export function secretsRead(route: RouteDefinition, siteGate: boolean): SecretKey[] {
  const keys = new Set<SecretKey>([...(route.secrets ?? []), 'originVerify']);
  if (siteGate && route.auth === 'user') keys.add('siteGate');
  return [...keys];
}

/** Warm containers a function keeps: its average concurrency times the burst factor, at least one. */
export function warmContainers(
  invocations: number,
  billedMs: number,
  activeSeconds: number,
  burstFactor: number,
) {
  if (invocations <= 0) return 0;
  return Math.max(1, Math.ceil(burstFactor * (invocations / activeSeconds) * (billedMs / 1000)));
}

/** Input (of which served from the prompt cache) and output tokens of one question. */
export function tokensPerQuestion(ai: UsageAssumptions['ai']) {
  const growth = ai.toolCallOutputTokens + ai.toolCallsPerToolRound * ai.toolResultTokens;
  let input = 0;
  let cached = 0;
  let previousRound = 0;
  for (let round = 1; round <= ai.modelRounds; round += 1) {
    const prompt = ai.fixedPromptTokens + ai.questionTokens + (round - 1) * growth;
    input += prompt;
    // The provider caches prompts of 1,024 tokens or more; a later round starts with the earlier one.
    if (ai.cacheWithinQuestion && round > 1 && previousRound >= 1024) cached += previousRound;
    previousRound = prompt;
  }
  const output = (ai.modelRounds - 1) * ai.toolCallOutputTokens + ai.answerTokens;
  return { input, cached, output };
}

/**
 * Custom metric series the app publishes (shared/src/observability.ts): each metric's name with
 * each set of dimension values it is published with, `service` included (one per area), plus
 * Powertools' `ColdStart` per function. `userDriven` series are published only in the hours
 * traders are on; the jobs' run around the clock.
 */
export function metricSeries(
  routesWithTraffic: readonly RouteDefinition[],
  observability: UsageAssumptions['observability'],
): { userDriven: number; allHours: number } {
  const plans = effectivePlans.map((plan) => planLimits[plan] as PlanLimits);
  // A refusal is a feature a plan lacks, or a quota it caps on a feature it has.
  const refusals = plans.reduce(
    (sum, limits) =>
      sum +
      planFeatures.filter((f) => !limits.features.includes(f)).length +
      Number(limits.aiQuestionsPerDay !== null && limits.features.includes('research')) +
      Number(limits.maxScannerFilters !== null && limits.features.includes('scanner')),
    0,
  );
  const dailyQuotas = plans.filter((l) => l.aiQuestionsPerDay !== null && l.aiQuestionsPerDay > 0).length;
  const values: Record<MetricDimension, number> = {
    route: routesWithTraffic.length,
    code: observability.errorCodesPerRoute,
    limit: refusals,
    plan: 1, // counted with `limit` and `quota`: only the plans a limit applies to
    quota: dailyQuotas,
    tool: observability.aiTools,
    feed: feedNames.length,
    job: schedules.length,
  };
  let userDriven = routesWithTraffic.length; // ColdStart, per function
  let allHours = schedules.length; // ColdStart of the jobs
  for (const metric of Object.values(appMetrics)) {
    const dimensions: readonly MetricDimension[] = metric.dimensions;
    const series = dimensions.reduce((product, d) => product * values[d], 1);
    if (dimensions.includes('feed') || dimensions.includes('job')) allHours += series;
    else userDriven += series;
  }
  return { userDriven, allHours };
}

/**
 * What infra/constructs/monitoring.ts builds, counted: the metrics its alarms read (a metric-math
 * alarm is billed per metric) and the metrics its dashboard graphs. Alarms: the API's 5xx rate
 * (requests and 5xx), the AI provider's errors (one metric per area calling it), each route's p99
 * latency, each function's errors and throttles, each table's read and write throttle events on
 * the table and each index, and each job's invocations.
 */
export function monitoringCounts(
  otherFunctions: number,
  deadLetterQueues = 0,
): {
  alarms: number;
  alarmMetrics: number;
  dashboardMetrics: number;
} {
  const routeList = routes as readonly RouteDefinition[];
  const functions = routeList.length + schedules.length + otherFunctions;
  const aiAreas = new Set(routeList.filter((r) => r.secrets?.includes('openaiApiKey')).map((r) => r.area))
    .size;
  const tableList = Object.values(tables) as TableDefinition[];
  const tableMetrics = tableList.reduce((sum, t) => sum + 2 * (1 + (t.globalIndexes?.length ?? 0)), 0);
  // The API's 5xx rate, the AI provider's errors and the chain snapshot's stale symbols, then the rest.
  const alarms =
    3 + routeList.length + 2 * functions + tableList.length + schedules.length + deadLetterQueues;
  const alarmMetrics =
    3 + aiAreas + routeList.length + 2 * functions + tableMetrics + schedules.length + deadLetterQueues;
  // Graphs: requests / 5xx / 4xx, latency per route, errors and throttles per function, table
  // throttles, job invocations, AI errors and latency.
  const dashboardMetrics =
    3 + routeList.length + 2 * functions + tableMetrics + schedules.length + 2 * aiAreas + deadLetterQueues;
  return { alarms, alarmMetrics, dashboardMetrics };
}

/**
 * The scheduled jobs' month: every run is an invocation; a session-only job works in the session's
 * minutes of the trading days and idles the rest; a job's per-trader work grows with `users`.
 */
export function jobsWork(usage: UsageAssumptions, users: number, countedElsewhere: readonly string[] = []) {
  const out = { invocations: 0, gbSeconds: 0, readUnits: 0, writeUnits: 0 };
  for (const job of schedules as readonly ScheduleDefinition[]) {
    const runs = (HOURS_PER_MONTH * 60) / job.everyMinutes;
    const w: JobWork = usage.jobs[job.id as keyof UsageAssumptions['jobs']];
    out.invocations += runs;
    // A job whose work the caller counts itself (its runs are still invocations).
    if (countedElsewhere.includes(job.id)) continue;
    const working = w.sessionOnly
      ? Math.min(runs, (usage.tradingDaysPerMonth * SESSION_MINUTES) / job.everyMinutes)
      : runs;
    const idleMs = (runs - working) * (w.sessionOnly?.idleBilledMs ?? w.billedMs);
    const per = w.perTrader ?? { billedMs: 0, rru: 0, wru: 0 };
    const workingMs = working * (w.billedMs + users * per.billedMs);
    out.gbSeconds += (DEFAULT_FUNCTION_MEMORY_MB / 1024) * ((workingMs + idleMs) / 1000);
    out.readUnits += working * (w.rru + users * per.rru);
    out.writeUnits += working * (w.wru + users * per.wru);
  }
  return out;
}
