import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MAX_TOKENS } from '@shared/constants/caps';
import { planLimits } from '@shared/constants/plans';
import { feedNames } from '@shared/feeds/schemas';
import { routes, type RouteDefinition } from '@shared/routes';
import { UNIVERSE } from '@shared/market/universe';
import { schedules } from '@shared/schedules';
import { secrets } from '@shared/secrets';
import { stages } from '../../../infra/config/stages';
import { routeSecrets } from '../../../infra/constructs/api-function';
import { DEFAULT_MODEL, MAX_MODEL_ROUNDS } from '../../../lambdas/chat/config';
import { SECRET_MAX_AGE_SECONDS } from '../../../lambdas/common/secrets';
import { systemPrompt } from '../../../lambdas/chat/model';
import { toolDefinitions } from '../../../lambdas/chat/tools';
import { estimateMonthlyCost, services, stageFacts, type Service } from '../../../scripts/cost/estimate';
import { DEFAULT_FUNCTION_MEMORY_MB } from '../../../scripts/cost/model';
import { freeTier, prices } from '../../../scripts/cost/prices';
import {
  jobsWork,
  metricSeries,
  monitoringCounts,
  requestsPerTrader,
  secretsRead,
  tokensPerQuestion,
} from '../../../scripts/cost/quantities';
import { usage } from '../../../scripts/cost/usage';
import { CostUsageError, formatCostTable, parseCostArgs, parseUsers } from '../../../scripts/cost/report';
import { loadStage, SYNTH_TIMEOUT_MS, type SynthesizedStage } from '../infra/synth-app';

const prod = stageFacts(stages.prod);
const usd = (users: number, service: Service, freeTierOn = true) =>
  estimateMonthlyCost({ users, stage: prod, freeTier: freeTierOn }).rows.find((r) => r.service === service)!
    .usd;

describe('npm run cost: arguments', () => {
  it('reads the number of traders, with or without thousands separators', () => {
    expect(parseUsers('1000')).toBe(1000);
    expect(parseUsers('1,000')).toBe(1000);
    expect(parseUsers('1_000_000')).toBe(1_000_000);
    expect(parseUsers(' 42 ')).toBe(42);
  });

  it.each(['abc', '0', '-5', '1.5', '1e3', '12,34', '10000001', '0x10', 'Infinity'])(
    'refuses --users %s, naming the flag, the range and the value',
    (raw) => {
      expect(() => parseUsers(raw)).toThrow(CostUsageError);
      expect(() => parseUsers(raw)).toThrow(
        `--users must be a whole number of active traders from 1 to 10,000,000, not "${raw}"`,
      );
    },
  );

  it('requires --users, and refuses an unknown stage or flag', () => {
    const stageNames = Object.keys(stages);
    expect(() => parseCostArgs([], stageNames)).toThrow('--users is required');
    expect(() => parseCostArgs(['--users', '10', '--stage', 'qa'], stageNames)).toThrow(
      '--stage must be one of dev, prod, not "qa"',
    );
    expect(() => parseCostArgs(['--users', '10', '--bogus'], stageNames)).toThrow(CostUsageError);
    expect(parseCostArgs(['--users', '10'], stageNames)).toEqual({
      users: 10,
      stage: 'prod',
      freeTier: true,
      help: false,
    });
    expect(parseCostArgs(['--users=7', '--stage', 'dev', '--no-free-tier'], stageNames)).toMatchObject({
      users: 7,
      stage: 'dev',
      freeTier: false,
    });
  });

  it('as a command: prints the table, or the reason and the usage with exit code 2', () => {
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'scripts/cost.ts', ...args], {
        encoding: 'utf8',
        timeout: 60_000,
      });
    const ok = run('--users', '1000');
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('Stage prod, 1,000 active traders');
    expect(ok.stdout).toContain('| **total**');
    const bad = run('--users', 'lots');
    expect(bad.status).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toContain(
      '--users must be a whole number of active traders from 1 to 10,000,000, not "lots"',
    );
    expect(bad.stderr).toContain('Usage: npm run cost -- --users N');
  });
});

describe('cost model: arithmetic', () => {
  it('has one row per service, and the total is the sum of the rows', () => {
    for (const users of [1, 1000, 123_457, 10_000_000]) {
      for (const freeTierOn of [true, false]) {
        const estimate = estimateMonthlyCost({ users, stage: prod, freeTier: freeTierOn });
        expect(estimate.rows.map((r) => r.service)).toEqual([...services]);
        const sum = estimate.rows.reduce((total, r) => total + r.usd, 0);
        expect(estimate.total).toBeCloseTo(sum, 9);
        expect(estimate.perTrader).toBeCloseTo(estimate.total / users, 9);
        for (const row of estimate.rows) expect(row.usd).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('prints shares that add up to 100% and amounts that add up to the printed total', () => {
    const estimate = estimateMonthlyCost({ users: 1000, stage: prod });
    const table = formatCostTable(estimate);
    const bodyRows = table.split('\n').slice(2, -1);
    expect(bodyRows).toHaveLength(services.length);
    const cells = bodyRows.map((line) => line.split('|').map((cell) => cell.trim()));
    const shares = cells.map((c) => Number(c[3]!.replace('%', '')));
    expect(shares.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 0);
    const amounts = cells.map((c) => Number(c[2]!.replace(/[$,]/g, '')));
    const printedTotal = Number(/\*\*\$([\d,.]+)\*\*/.exec(table)![1]!.replace(/,/g, ''));
    expect(Math.abs(amounts.reduce((a, b) => a + b, 0) - printedTotal)).toBeLessThanOrEqual(
      0.01 * services.length,
    );
  });

  it('is linear in traders where each trader adds the same work (no free tier to cross)', () => {
    for (const service of [
      'API Gateway (HTTP API)',
      'AI provider (gpt-4o-mini)',
      'Cognito (Essentials)',
    ] as const) {
      const one = usd(1000, service, false);
      expect(one).toBeGreaterThan(0);
      expect(usd(3000, service, false)).toBeCloseTo(3 * one, 9);
      expect(usd(10_000, service, false)).toBeCloseTo(10 * one, 9);
    }
    // DynamoDB: every trader's requests and storage, plus the feeds the jobs keep (a fixed part).
    const d = (n: number) => usd(n, 'DynamoDB (on-demand)', false);
    expect(d(3000) - d(2000)).toBeCloseTo(d(2000) - d(1000), 9);
    expect(d(2000)).toBeLessThan(2 * d(1000));
  });

  it('counts the positions job’s work per trader in the session’s minutes only, and every run as an invocation', () => {
    const job = usage.jobs.recordPositionTargets;
    const sessionRuns = usage.tradingDaysPerMonth * 390;
    const one = jobsWork(usage, 1000);
    const two = jobsWork(usage, 2000);
    // Each 1,000 more traders add their reads in the working runs alone.
    expect(two.readUnits - one.readUnits).toBeCloseTo(sessionRuns * 1000 * job.perTrader!.rru, 3);
    expect(two.invocations).toBe(one.invocations);
    const without = jobsWork(
      { ...usage, jobs: { ...usage.jobs, recordPositionTargets: { ...job, sessionOnly: undefined } } },
      1000,
    );
    expect(without.readUnits).toBeGreaterThan(one.readUnits * 2);
  });

  it("prices HTTP API requests beyond 300 million a month at the second tier's price", () => {
    const { quantities } = estimateMonthlyCost({ users: 100_000, stage: prod });
    expect(quantities.apiRequests).toBeGreaterThan(300e6);
    expect(usd(100_000, 'API Gateway (HTTP API)')).toBeCloseTo(
      300 * prices.httpApiRequests.usd +
        (quantities.apiRequests / 1e6 - 300) * prices.httpApiRequestsOver300M.usd,
      6,
    );
  });

  it('never costs less with more traders', () => {
    let previous = 0;
    for (const users of [1, 10, 100, 1000, 5000, 10_000, 10_001, 50_000, 200_000]) {
      const { total } = estimateMonthlyCost({ users, stage: prod });
      expect(total).toBeGreaterThanOrEqual(previous);
      previous = total;
    }
  });

  it('applies the always-free allowances, and only those', () => {
    // Cognito: 10,000 MAUs free, then per MAU.
    expect(usd(10_000, 'Cognito (Essentials)')).toBe(0);
    expect(usd(10_001, 'Cognito (Essentials)')).toBeCloseTo(prices.cognitoEssentialsMau.usd, 9);
    expect(usd(20_000, 'Cognito (Essentials)')).toBeCloseTo(10_000 * prices.cognitoEssentialsMau.usd, 9);
    expect(usd(20_000, 'Cognito (Essentials)', false)).toBeCloseTo(
      20_000 * prices.cognitoEssentialsMau.usd,
      9,
    );
    // Small stages fit in Lambda's, CloudFront's and the scheduler's allowances.
    for (const service of ['Lambda (arm64)', 'CloudFront', 'EventBridge Scheduler'] as const) {
      expect(usd(50, service)).toBe(0);
      expect(usd(50, service, false)).toBeGreaterThan(0);
    }
    // The scheduler's runs do not depend on traders: 14 M free covers them at any size.
    expect(usd(10_000_000, 'EventBridge Scheduler')).toBe(0);
    // API Gateway's free requests last only an account's first year: never applied.
    expect(usd(50, 'API Gateway (HTTP API)')).toBe(usd(50, 'API Gateway (HTTP API)', false));
    // Secrets have no free tier: each costs its monthly price even with no traders' calls.
    expect(usd(1, 'Secrets Manager')).toBeGreaterThanOrEqual(
      Object.keys(secrets).length * prices.secretsPerMonth.usd,
    );
    // Past the allowance, Lambda's line is the same as without it, less the allowance's worth.
    const big = estimateMonthlyCost({ users: 100_000, stage: prod });
    const lambdaAllowanceUsd =
      (freeTier.lambdaRequests.amount / 1e6) * prices.lambdaRequests.usd +
      freeTier.lambdaGbSeconds.amount * prices.lambdaArmGbSecond.usd;
    expect(usd(100_000, 'Lambda (arm64)', false) - usd(100_000, 'Lambda (arm64)')).toBeCloseTo(
      lambdaAllowanceUsd,
      6,
    );
    expect(big.quantities.apiRequests).toBeGreaterThan(freeTier.lambdaRequests.amount);
  });

  it('prices WAF by web ACL, rule and inspected request, with no free tier, and at nothing where it is off', () => {
    const estimate = estimateMonthlyCost({ users: 1000, stage: prod });
    const cognitoCalls = 1000 * usage.sessionsPerMonth * usage.cognitoRequestsPerSession.count;
    expect(estimate.quantities.wafRequests).toBe(estimate.quantities.cloudFrontRequests + cognitoCalls);
    expect(prod.waf).toEqual({ webAcls: 2, rules: 8 });
    expect(usd(1000, 'AWS WAF')).toBeCloseTo(
      2 * prices.wafWebAcl.usd + 8 * prices.wafRule.usd + (estimate.quantities.wafRequests / 1e6) * 0.6,
      9,
    );
    expect(usd(1000, 'AWS WAF', false)).toBe(usd(1000, 'AWS WAF'));
    expect(stages.dev.waf.enabled).toBe(false);
    const dev = estimateMonthlyCost({ users: 1000, stage: stageFacts(stages.dev) });
    expect(dev.rows.find((r) => r.service === 'AWS WAF')).toEqual({
      service: 'AWS WAF',
      usd: 0,
      detail: 'off for this stage',
    });
    expect(dev.quantities.wafRequests).toBe(0);
  });

  it('counts the chain snapshot only with a real chain provider: the job in the sessions, its PUTs, the GETs (routes, its own, the position-targets job, the scan scorecard), five days of objects', () => {
    expect(prod.chains).toBe(stages.prod.marketData.chains);
    const simulated = estimateMonthlyCost({ users: 1000, stage: { ...prod, chains: 'simulated' } });
    const cboe = estimateMonthlyCost({ users: 1000, stage: { ...prod, chains: 'cboe' } });
    const row = (e: typeof cboe, service: Service) => e.rows.find((r) => r.service === service)!;
    const runs = 730 * 60;
    // The session (390 minutes), its 20-minute tail and the closing snapshot, on each trading day.
    const working = usage.tradingDaysPerMonth * (390 + 20 + 1);
    const { symbols, objectKb, getsPerRead, buildMsPerSymbol, jobMemoryMb, idleBilledMs } =
      usage.chainSnapshot;
    const readers = (['scanOptions', 'getOptionsChain', 'getPositions'] as const).reduce(
      (sum, id) => sum + (cboe.quantities.requestsByRoute[id] ?? 0),
      0,
    );
    const snapshotGb = (symbols * objectKb * (working / (730 / 24)) * 5) / (1024 * 1024);
    // The position-targets job, each session minute: the manifest and the chain of every underlying held.
    const targetsJobGets =
      usage.tradingDaysPerMonth *
      390 *
      (1 + Math.min(symbols, 1000 * usage.chainSnapshot.heldUnderlyingsPerTrader));
    // The scorecards' job, each session: the pick minute's every chain, then the picks' chains at 1 hour and 1 day.
    const scanScorecardGets =
      usage.tradingDaysPerMonth * (2 + symbols + 2 * (2 + usage.chainSnapshot.scanScorecard.picksPerSession));
    expect(row(cboe, 'S3').usd - row(simulated, 'S3').usd).toBeCloseTo(
      snapshotGb * prices.s3Storage.usd +
        ((working * (symbols + 2)) / 1000) * prices.s3Puts.usd +
        ((readers * getsPerRead + runs * 2 + targetsJobGets + scanScorecardGets) / 1000) * prices.s3Gets.usd,
      6,
    );
    expect(row(cboe, 'S3').detail).toContain('5 days of chain snapshots');
    // The job's compute replaces its few simulated milliseconds (no Lambda free tier left to cross at 1,000 traders).
    const jobGbS =
      working * (jobMemoryMb / 1024) * ((symbols * buildMsPerSymbol) / 1000) +
      (runs - working) * (jobMemoryMb / 1024) * (idleBilledMs / 1000);
    const simulatedJobGbS = runs * (512 / 1024) * (usage.jobs.snapshotChains.billedMs / 1000);
    // The scorecards' job decoding and scanning the pick minute's chains once a session, at 512 MB.
    const scanScorecardGbS =
      usage.tradingDaysPerMonth *
      (512 / 1024) *
      ((symbols * usage.chainSnapshot.scanScorecard.decodeMsPerSymbol) / 1000);
    expect(row(cboe, 'Lambda (arm64)').usd - row(simulated, 'Lambda (arm64)').usd).toBeCloseTo(
      (jobGbS + scanScorecardGbS - simulatedJobGbS) * prices.lambdaArmGbSecond.usd,
      6,
    );
    expect(symbols).toBe(UNIVERSE.length);
    expect(parseCostArgs(['--users', '10', '--chains', 'cboe'], Object.keys(stages)).chains).toBe('cboe');
    expect(() => parseCostArgs(['--users', '10', '--chains', 'yahoo'], Object.keys(stages))).toThrow(
      '--chains must be simulated, cboe, polygon or tradier',
    );
  });

  it('reads the stage: the dev stage logs at debug level', () => {
    const dev = estimateMonthlyCost({ users: 1000, stage: stageFacts(stages.dev) });
    const prodEstimate = estimateMonthlyCost({ users: 1000, stage: prod });
    expect(dev.quantities.logGb).toBeGreaterThan(prodEstimate.quantities.logGb);
    expect(stages.dev.logLevel).toBe('debug');
  });

  it('counts polls from the screens: twice the minutes on the dashboard, twice its polls', () => {
    const doubled = {
      ...usage,
      screens: { ...usage.screens, dashboard: { ...usage.screens.dashboard!, minutesPerSession: 40 } },
    };
    const base = requestsPerTrader(usage);
    const more = requestsPerTrader(doubled);
    // getMarketData is polled by the dashboard only (overview and ticker bar, every 30 s, and the
    // watchlist card for half the traders).
    expect(more.getMarketData).toBeCloseTo(2 * base.getMarketData!, 9);
    expect(base.getMarketData).toBeCloseTo(2.5 * ((20 * 60_000) / 30_000) * usage.sessionsPerMonth, 9);
    // Positions: once a minute on the dashboard (20 minutes) and in the journal (5).
    expect(base.getPositions).toBeCloseTo((20 + 5) * usage.sessionsPerMonth, 9);
  });
});

describe('cost model: agrees with the code it models', () => {
  it('reads the same secrets per function as the API stack binds', () => {
    for (const route of routes as readonly RouteDefinition[])
      for (const gate of [true, false])
        expect(secretsRead(route, gate).sort()).toEqual(routeSecrets(route, gate).sort());
  });

  it('reads secrets through the cache the functions really keep', () => {
    expect(usage.secretsCacheSeconds).toBe(SECRET_MAX_AGE_SECONDS);
  });

  it('uses the function memory of the infra default', () => {
    const source = readFileSync('infra/constructs/app-function.ts', 'utf8');
    const memory = /memorySize:\s*props\.memorySize\s*\?\?\s*(\d+)/.exec(source);
    expect(memory, 'AppFunction no longer reads `memorySize: props.memorySize ?? N`').not.toBeNull();
    expect(Number(memory![1])).toBe(DEFAULT_FUNCTION_MEMORY_MB);
  });

  it("prices the chat Lambda's model, within its limits, and the prompt it really sends", () => {
    expect(DEFAULT_MODEL).toBe('gpt-4o-mini');
    expect(prices.aiInputTokens.unit).toContain(DEFAULT_MODEL);
    expect(usage.ai.modelRounds).toBeLessThanOrEqual(MAX_MODEL_ROUNDS);
    expect(usage.ai.answerTokens).toBeLessThanOrEqual(CHAT_MAX_TOKENS);
    // A session is at most a day: Starter's quota must allow the questions assumed.
    expect(usage.ai.questionsPerSession).toBeLessThanOrEqual(planLimits.starter.aiQuestionsPerDay);
    // About four characters a token: the system prompt and the tools' schemas fit the assumption.
    const sent =
      systemPrompt(new Date(), 'America/New_York').length + JSON.stringify(toolDefinitions()).length;
    expect(usage.ai.fixedPromptTokens).toBeGreaterThanOrEqual(Math.ceil(sent / 4));
  });

  it("counts the app's metric series from its metric table", () => {
    expect(usage.observability.aiTools).toBe(toolDefinitions().length);
    const all = routes as readonly RouteDefinition[];
    const fewer = metricSeries(all.slice(0, 5), usage.observability);
    const more = metricSeries(all.slice(0, 6), usage.observability);
    // A route with traffic adds its ColdStart, its Requests and its Errors by code.
    expect(more.userDriven - fewer.userDriven).toBe(2 + usage.observability.errorCodesPerRoute);
    // The jobs' series (ColdStart, JobRuns, FeedItemsWritten per feed) do not depend on routes.
    expect(more.allHours).toBe(fewer.allHours);
    expect(fewer.allHours).toBe(schedules.length * 2 + feedNames.length);
  });

  it('caches later rounds of a question only when the prompt is long enough to be cached', () => {
    const tokens = tokensPerQuestion(usage.ai);
    expect(tokens.cached).toBeLessThan(tokens.input);
    expect(tokensPerQuestion({ ...usage.ai, cacheWithinQuestion: false }).cached).toBe(0);
    expect(tokensPerQuestion({ ...usage.ai, fixedPromptTokens: 500, toolResultTokens: 100 }).cached).toBe(0);
    expect(tokensPerQuestion({ ...usage.ai, modelRounds: 1 })).toEqual({
      input: usage.ai.fixedPromptTokens + usage.ai.questionTokens,
      cached: 0,
      output: usage.ai.answerTokens,
    });
  });
});

describe('cost model: agrees with the synthesized prod stage', () => {
  let prodStage: SynthesizedStage;
  beforeAll(async () => {
    prodStage = await loadStage('prod');
  }, SYNTH_TIMEOUT_MS);

  it('counts the alarms and the metrics they read as the monitoring stack builds them', () => {
    const alarms = Object.values(prodStage.templates.monitoring.findResources('AWS::CloudWatch::Alarm')) as {
      Properties: { MetricName?: string; Metrics?: { MetricStat?: unknown }[] };
    }[];
    // A metric-math alarm is billed per metric it reads; a single-metric alarm for its one.
    const metricsRead = alarms.reduce(
      (sum, { Properties }) =>
        sum + (Properties.Metrics ? Properties.Metrics.filter((m) => m.MetricStat).length : 1),
      0,
    );
    const counted = monitoringCounts(
      usage.observability.otherFunctions,
      usage.observability.deadLetterQueues,
    );
    expect(counted.alarms).toBe(alarms.length);
    expect(counted.alarmMetrics).toBe(metricsRead);
    expect(prodStage.templates.monitoring.findResources('AWS::CloudWatch::Dashboard')).not.toEqual({});
  });

  it('counts the web ACLs and their rules as the prod stage synthesizes them', () => {
    const acls = [prodStage.templates.cloudFrontWaf, prodStage.templates.userPoolWaf].flatMap((template) =>
      Object.values(template?.findResources('AWS::WAFv2::WebACL') ?? {}),
    ) as { Properties: { Rules: unknown[] } }[];
    expect(acls).toHaveLength(prod.waf.webAcls);
    expect(acls.reduce((sum, acl) => sum + acl.Properties.Rules.length, 0)).toBe(prod.waf.rules);
  });

  it('enables the detailed route metrics it prices, and tracing on every function', () => {
    const apiStages = Object.values(prodStage.templates.api.findResources('AWS::ApiGatewayV2::Stage')) as {
      Properties: { DefaultRouteSettings?: { DetailedMetricsEnabled?: boolean } };
    }[];
    expect(apiStages.map((s) => s.Properties.DefaultRouteSettings?.DetailedMetricsEnabled)).toEqual([true]);
    expect(usage.observability.apiDetailedMetricsPerRoute).toBeGreaterThan(0);
    const functions = Object.values(prodStage.templates.api.findResources('AWS::Lambda::Function')) as {
      Properties: { TracingConfig?: { Mode?: string } };
    }[];
    expect(functions.length).toBe(routes.length);
    for (const fn of functions) expect(fn.Properties.TracingConfig?.Mode).toBe('Active');
    expect(usage.observability.tracing).toBe(true);
  });
});

describe('cost model: notifications', () => {
  it('bills SES per e-mail and SQS per request beyond the free million, and runs the worker per delivery', () => {
    const n = usage.notifications;
    const quiet = {
      ...usage,
      notifications: { ...n, emailsPerTraderMonth: 0, pushesPerTraderMonth: 0, webhooksPerTraderMonth: 0 },
    };
    const rowOf = (estimate: ReturnType<typeof estimateMonthlyCost>) =>
      estimate.rows.find((r) => r.service === 'Notifications (SES, SQS)')!.usd;
    const users = 10_000;
    const busy = estimateMonthlyCost({ users, usage, stage: prod });
    const none = estimateMonthlyCost({ users, usage: quiet, stage: prod });
    const deliveries = users * (n.emailsPerTraderMonth + n.pushesPerTraderMonth + n.webhooksPerTraderMonth);
    const ses = (users * n.emailsPerTraderMonth * 0.1) / 1000;
    const sqs = ((deliveries * n.sqsRequestsPerDelivery - 1_000_000) * 0.4) / 1_000_000;
    expect(rowOf(busy)).toBeCloseTo(ses + sqs, 6);
    expect(rowOf(none)).toBe(0);
    const lambda = (e: typeof busy) => e.rows.find((r) => r.service === 'Lambda (arm64)')!.usd;
    expect(lambda(busy)).toBeGreaterThan(lambda(none));
  });
});
