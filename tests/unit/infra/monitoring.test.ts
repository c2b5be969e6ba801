import { type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { appMetrics, metricDimension, metricsNamespace } from '@shared/observability';
import { CHAIN_SNAPSHOT_JOB } from '@shared/providers/chains/shared-snapshot';
import { type RouteDefinition, routes } from '@shared/routes';
import { type ScheduleDefinition, schedules } from '@shared/schedules';
import { type TableDefinition, type TableKey, tables } from '@shared/tables';
import { APP_NAME } from '../../../infra/app-builder';
import { type StageConfig } from '../../../infra/config/stages';
import { aiProviderServices, routeLatencyThresholdMs } from '../../../infra/constructs/monitoring';
import {
  loadStage,
  type SharedStageName,
  type StackKey,
  SYNTH_TIMEOUT_MS,
  type SynthesizedStage,
} from './synth-app';

const routeTable = routes as readonly RouteDefinition[];
const jobs = schedules as readonly ScheduleDefinition[];
const tableKeys = Object.keys(tables) as TableKey[];

/** CloudFormation JSON, read by path in assertions (its shape is what the tests check). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
interface AlarmProperties {
  AlarmName: string;
  AlarmActions: Json[];
  OKActions: Json[];
  Threshold: number;
  ComparisonOperator: string;
  EvaluationPeriods: number;
  DatapointsToAlarm: number;
  TreatMissingData: string;
  Namespace?: string;
  MetricName?: string;
  Statistic?: string;
  Period?: number;
  Dimensions?: { Name: string; Value: Json }[];
  Metrics?: Json[];
}

const synthesized = {} as Record<SharedStageName, SynthesizedStage>;

beforeAll(async () => {
  [synthesized.dev, synthesized.prod, synthesized.full] = await Promise.all([
    loadStage('dev'),
    loadStage('prod'),
    loadStage('full'),
  ]);
}, SYNTH_TIMEOUT_MS);

const stageNames: SharedStageName[] = ['dev', 'prod', 'full'];
const stackName = (stage: StageConfig, key: StackKey) => `${APP_NAME}-${stage.name}-${key}`;

function alarmsOf(name: SharedStageName): Map<string, { logicalId: string; properties: AlarmProperties }> {
  const resources = synthesized[name].templates.monitoring.findResources('AWS::CloudWatch::Alarm');
  return new Map(
    Object.entries(resources).map(([logicalId, resource]) => {
      const properties = resource.Properties as AlarmProperties;
      return [properties.AlarmName, { logicalId, properties }];
    }),
  );
}

function alarm(name: SharedStageName, suffix: string): AlarmProperties {
  const found = alarmsOf(name).get(`${APP_NAME}-${synthesized[name].config.name}-${suffix}`);
  if (!found) throw new Error(`no alarm ${suffix} in ${name}`);
  return found.properties;
}

/** Whether `value` is a (weak) cross-stack reference to resource `logicalId` of stack `key`. */
function refersTo(name: SharedStageName, value: Json, key: StackKey, logicalId: string): boolean {
  const reference = value?.['Fn::GetStackOutput'];
  if (!reference || reference.StackName !== stackName(synthesized[name].config, key)) return false;
  const outputs = synthesized[name].templates[key]!.toJSON().Outputs as Record<string, { Value: Json }>;
  return JSON.stringify(outputs[reference.OutputName]?.Value) === JSON.stringify({ Ref: logicalId });
}

const dimension = (properties: { Dimensions?: { Name: string; Value: Json }[] }, dimensionName: string) =>
  properties.Dimensions?.find((d) => d.Name === dimensionName)?.Value;

const logicalIdsOf = (template: Template, type: string) => Object.keys(template.findResources(type));

function functionsOf(name: SharedStageName, key: StackKey) {
  const template = synthesized[name].templates[key]!;
  return Object.entries(template.findResources('AWS::Lambda::Function')).map(([logicalId, resource]) => ({
    logicalId,
    exportName: String(resource.Properties.Handler).replace(/^index\./, ''),
  }));
}

/** The stacks holding the app's own functions; an alarm names a function by its export. */
const appFunctionStacks: StackKey[] = ['api', 'feeds', 'notifications', 'auth'];

describe('route latency', () => {
  it.each(stageNames)('%s: the API stage publishes per-route (detailed) metrics', (name) => {
    synthesized[name].templates.api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      DefaultRouteSettings: { DetailedMetricsEnabled: true },
    });
  });

  it.each(routeTable)('alarms on the p99 latency of $method $path, with each stage threshold', (route) => {
    for (const name of stageNames) {
      const { config, templates } = synthesized[name];
      const properties = alarm(name, `route-p99-${route.id}`);
      expect(properties.Metrics).toHaveLength(1);
      const { MetricStat } = properties.Metrics![0];
      expect(MetricStat).toMatchObject({
        Metric: { Namespace: 'AWS/ApiGateway', MetricName: 'Latency' },
        Stat: 'p99',
        Period: config.alarms.periodMinutes * 60,
      });
      // Detailed HTTP API metrics name a route by method and path.
      expect(MetricStat.Metric.Dimensions.map((d: { Name: string }) => d.Name).sort()).toEqual([
        'ApiId',
        'Method',
        'Resource',
        'Stage',
      ]);
      expect(dimension(MetricStat.Metric, 'Method')).toBe(route.method);
      expect(dimension(MetricStat.Metric, 'Resource')).toBe(route.path);
      expect(dimension(MetricStat.Metric, 'Stage')).toBe('$default');
      const [apiId] = logicalIdsOf(templates.api, 'AWS::ApiGatewayV2::Api');
      expect(refersTo(name, dimension(MetricStat.Metric, 'ApiId'), 'api', apiId!)).toBe(true);
      expect(properties).toMatchObject({
        Threshold: routeLatencyThresholdMs(config.alarms, route.id),
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        EvaluationPeriods: config.alarms.routeLatencyP99.periods,
        TreatMissingData: 'notBreaching',
      });
    }
  });

  it('gives the slow routes their own threshold and prod a tighter default than dev', () => {
    expect(alarm('prod', 'route-p99-postChatMessage').Threshold).toBeGreaterThan(
      alarm('prod', 'route-p99-getProfile').Threshold,
    );
    expect(alarm('prod', 'route-p99-getProfile').Threshold).toBeLessThan(
      alarm('dev', 'route-p99-getProfile').Threshold,
    );
  });
});

/**
 * The functions outside the route and job tables: the Cognito trigger, the notification worker and,
 * where the stage sends e-mail through SES, the subscriber of its bounces and complaints.
 */
const otherFunctions = (name: SharedStageName) => (synthesized[name].config.notifications ? 3 : 2);

describe('functions', () => {
  it.each(stageNames)('%s: every function of the app has an errors and a throttles alarm', (name) => {
    const { alarms: thresholds } = synthesized[name].config;
    let count = 0;
    for (const key of appFunctionStacks) {
      for (const { logicalId, exportName } of functionsOf(name, key)) {
        const errors = alarm(name, `function-errors-${exportName}`);
        const throttles = alarm(name, `function-throttles-${exportName}`);
        for (const [properties, metricName, threshold] of [
          [errors, 'Errors', thresholds.functionErrors],
          [throttles, 'Throttles', thresholds.functionThrottles],
        ] as const) {
          expect(properties).toMatchObject({
            Namespace: 'AWS/Lambda',
            MetricName: metricName,
            Statistic: 'Sum',
            Threshold: threshold.count,
            EvaluationPeriods: threshold.periods,
            ComparisonOperator: 'GreaterThanOrEqualToThreshold',
          });
          expect(refersTo(name, dimension(properties, 'FunctionName'), key, logicalId)).toBe(true);
        }
        count += 1;
      }
    }
    expect(count).toBe(routeTable.length + jobs.length + otherFunctions(name));
  });

  it.each(stageNames)("%s: the other stacks' only functions are CDK's own deploy-time providers", (name) => {
    const others = (Object.keys(synthesized[name].templates) as StackKey[]).filter(
      (key) => !appFunctionStacks.includes(key),
    );
    for (const key of others) {
      for (const { logicalId } of functionsOf(name, key)) expect(logicalId).toMatch(/^Custom/);
    }
  });
});

describe('tables', () => {
  it.each(tableKeys)('alarms on throttled reads and writes of %s and each of its indexes', (key) => {
    const definition: TableDefinition = tables[key];
    for (const name of stageNames) {
      const { config, ids } = synthesized[name];
      const properties = alarm(name, `table-throttles-${key}`);
      const stats = properties
        .Metrics!.filter((metric) => metric.MetricStat)
        .map((metric) => ({
          metricName: metric.MetricStat.Metric.MetricName,
          index: dimension(metric.MetricStat.Metric, 'GlobalSecondaryIndexName') as string | undefined,
          table: dimension(metric.MetricStat.Metric, 'TableName'),
        }));
      const scopes = [undefined, ...(definition.globalIndexes ?? []).map((index) => index.name)];
      expect(stats.map(({ metricName, index }) => `${metricName}/${index ?? ''}`).sort()).toEqual(
        scopes
          .flatMap((index) => [`ReadThrottleEvents/${index ?? ''}`, `WriteThrottleEvents/${index ?? ''}`])
          .sort(),
      );
      for (const { table } of stats) expect(refersTo(name, table, 'data', ids.tables[key])).toBe(true);
      const [expression] = properties.Metrics!.filter((metric) => metric.Expression);
      // The alarm is on the sum of them all.
      expect(expression.Expression.split('+')).toHaveLength(stats.length);
      expect(properties).toMatchObject({
        Threshold: config.alarms.tableThrottles.events,
        EvaluationPeriods: config.alarms.tableThrottles.periods,
      });
    }
  });
});

describe('jobs', () => {
  it.each(jobs)('alarms when $id is not invoked for a few periods, missing data breaching', (job) => {
    for (const name of stageNames) {
      const { config } = synthesized[name];
      const properties = alarm(name, `job-missed-${job.id}`);
      const [fn] = functionsOf(name, 'feeds').filter(({ exportName }) => exportName === job.id);
      expect(properties).toMatchObject({
        Namespace: 'AWS/Lambda',
        MetricName: 'Invocations',
        Statistic: 'Sum',
        ComparisonOperator: 'LessThanThreshold',
        Threshold: 1,
        EvaluationPeriods: config.alarms.jobMissed.periods,
        DatapointsToAlarm: config.alarms.jobMissed.periods,
        TreatMissingData: 'breaching',
      });
      // Every period holds at least one scheduled run.
      expect(properties.Period).toBeGreaterThanOrEqual(job.everyMinutes * 60);
      expect(refersTo(name, dimension(properties, 'FunctionName'), 'feeds', fn!.logicalId)).toBe(true);
      // A job that runs but fails is caught by its function's errors alarm.
      expect(alarmsOf(name).has(`${APP_NAME}-${config.name}-function-errors-${job.id}`)).toBe(true);
    }
  });
});

describe('API 5xx rate and AI provider errors', () => {
  it.each(stageNames)("%s: alarms on the share of the API's requests answered 5xx", (name) => {
    const { config, templates } = synthesized[name];
    const { percent, minRequests, periods } = config.alarms.api5xxRate;
    const properties = alarm(name, 'api-5xx-rate');
    const byId = Object.fromEntries(properties.Metrics!.map((metric) => [metric.Id, metric]));
    expect(byId.requests.MetricStat).toMatchObject({
      Metric: { Namespace: 'AWS/ApiGateway', MetricName: 'Count' },
      Stat: 'Sum',
    });
    expect(byId.errors.MetricStat).toMatchObject({
      Metric: { Namespace: 'AWS/ApiGateway', MetricName: '5xx' },
      Stat: 'Sum',
    });
    const [apiId] = logicalIdsOf(templates.api, 'AWS::ApiGatewayV2::Api');
    for (const id of ['requests', 'errors'])
      expect(refersTo(name, dimension(byId[id].MetricStat.Metric, 'ApiId'), 'api', apiId!)).toBe(true);
    const [expression] = properties.Metrics!.filter((metric) => metric.ReturnData !== false);
    expect(expression.Expression).toBe(`IF(requests >= ${minRequests}, 100 * FILL(errors, 0) / requests, 0)`);
    expect(properties).toMatchObject({ Threshold: percent, EvaluationPeriods: periods });
  });

  it.each(stageNames)(
    "%s: alarms on the AI provider's failures, the metric the chat handler publishes",
    (name) => {
      const { config } = synthesized[name];
      const services = aiProviderServices(routeTable);
      expect(services).toEqual(['chat']);
      const properties = alarm(name, 'ai-provider-errors');
      const [metric] = properties.Metrics!;
      // A CloudWatch metric is its name and full dimension set: `service` and the metric's own (none).
      expect(appMetrics.aiProviderErrors.dimensions).toEqual([]);
      expect(metric.MetricStat).toEqual({
        Metric: {
          Namespace: metricsNamespace(config.name),
          MetricName: appMetrics.aiProviderErrors.name,
          Dimensions: [{ Name: metricDimension.service, Value: 'chat' }],
        },
        Period: config.alarms.periodMinutes * 60,
        Stat: 'Sum',
      });
      expect(properties).toMatchObject({
        Threshold: config.alarms.aiProviderErrors.count,
        EvaluationPeriods: config.alarms.aiProviderErrors.periods,
      });
    },
  );
});

describe('the chain snapshot', () => {
  it.each(stageNames)(
    '%s: alarms when the snapshot job serves a symbol stale three minutes in a row',
    (name) => {
      const { config } = synthesized[name];
      const job = jobs.find((j) => j.id === CHAIN_SNAPSHOT_JOB)!;
      const properties = alarm(name, 'chain-snapshot-stale');
      expect(appMetrics.chainSnapshotStale.dimensions).toEqual([]);
      expect(properties.Metrics).toBeUndefined();
      expect(properties).toMatchObject({
        Namespace: metricsNamespace(config.name),
        MetricName: appMetrics.chainSnapshotStale.name,
        Dimensions: [{ Name: metricDimension.service, Value: job.area }],
        Statistic: 'Maximum',
        Period: 60,
        Threshold: 1,
        EvaluationPeriods: 3,
        DatapointsToAlarm: 3,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        TreatMissingData: 'notBreaching',
      });
    },
  );
});

describe('the alarm topic', () => {
  it.each(stageNames)('%s: every alarm notifies the topic when it fires and when it recovers', (name) => {
    const { monitoring } = synthesized[name].templates;
    const [topicId] = logicalIdsOf(monitoring, 'AWS::SNS::Topic');
    const alarms = [...alarmsOf(name).values()];
    expect(alarms).toHaveLength(
      // + the notification dead-letter queue's alarm.
      routeTable.length +
        2 * (routeTable.length + jobs.length + otherFunctions(name)) +
        tableKeys.length +
        jobs.length +
        4,
    );
    for (const { properties } of alarms) {
      expect(properties.AlarmActions).toEqual([{ Ref: topicId }]);
      expect(properties.OKActions).toEqual([{ Ref: topicId }]);
      expect(properties.AlarmName.startsWith(`${APP_NAME}-${synthesized[name].config.name}-`)).toBe(true);
    }
    // No alarm elsewhere, outside the topic's reach.
    for (const key of Object.keys(synthesized[name].templates) as StackKey[]) {
      if (key !== 'monitoring')
        synthesized[name].templates[key]!.resourceCountIs('AWS::CloudWatch::Alarm', 0);
    }
  });

  it.each(stageNames)(
    '%s: is encrypted with a rotated key CloudWatch may use, and takes TLS only',
    (name) => {
      const { monitoring } = synthesized[name].templates;
      monitoring.resourceCountIs('AWS::SNS::Topic', 1);
      const [keyId] = logicalIdsOf(monitoring, 'AWS::KMS::Key');
      monitoring.hasResourceProperties('AWS::SNS::Topic', {
        KmsMasterKeyId: { 'Fn::GetAtt': [keyId, 'Arn'] },
      });
      monitoring.hasResourceProperties('AWS::KMS::Key', { EnableKeyRotation: true });
      const keyPolicy = JSON.stringify(monitoring.toJSON().Resources[keyId!].Properties.KeyPolicy);
      expect(keyPolicy).toContain('cloudwatch.amazonaws.com');
      const policy = Object.values(monitoring.findResources('AWS::SNS::TopicPolicy'))[0]!.Properties
        .PolicyDocument.Statement as Json[];
      expect(policy).toContainEqual(
        expect.objectContaining({
          Effect: 'Deny',
          Action: 'sns:Publish',
          Condition: { Bool: { 'aws:SecureTransport': 'false' } },
        }),
      );
      expect(policy).toContainEqual(
        expect.objectContaining({
          Effect: 'Allow',
          Action: 'sns:Publish',
          Principal: { Service: 'cloudwatch.amazonaws.com' },
        }),
      );
    },
  );

  it.each(stageNames)('%s: has an email subscription exactly when the stage sets alarmEmail', (name) => {
    const { config, templates, violations } = synthesized[name];
    const subscriptions = Object.values(templates.monitoring.findResources('AWS::SNS::Subscription'));
    const warned = violations.some((violation) => violation.ruleName.includes('edge-options:alarmEmail'));
    if (config.alarmEmail) {
      expect(subscriptions).toHaveLength(1);
      const [topicId] = logicalIdsOf(templates.monitoring, 'AWS::SNS::Topic');
      expect(subscriptions[0]!.Properties).toEqual({
        Protocol: 'email',
        Endpoint: config.alarmEmail,
        TopicArn: { Ref: topicId },
      });
      expect(warned).toBe(false);
    } else {
      expect(subscriptions).toEqual([]);
      // The synth says the alarms reach no one.
      expect(warned).toBe(true);
    }
  });

  it('covers both cases: dev without an address, the full stage with one', () => {
    expect(synthesized.dev.config.alarmEmail).toBeUndefined();
    expect(synthesized.full.config.alarmEmail).toBeDefined();
  });
});

describe('dashboard', () => {
  it.each(stageNames)('%s: one dashboard, named after the stage, showing every alarm', (name) => {
    const { monitoring } = synthesized[name].templates;
    const dashboards = Object.values(monitoring.findResources('AWS::CloudWatch::Dashboard'));
    expect(dashboards).toHaveLength(1);
    const { DashboardName, DashboardBody } = dashboards[0]!.Properties;
    expect(DashboardName).toBe(`${APP_NAME}-${synthesized[name].config.name}`);
    const body = JSON.stringify(DashboardBody);
    for (const { logicalId } of alarmsOf(name).values()) {
      expect(body).toContain(JSON.stringify({ 'Fn::GetAtt': [logicalId, 'Arn'] }));
    }
    for (const title of [
      'API requests and 5xx',
      'Route latency (p99, ms)',
      'Job invocations',
      'AI provider errors',
    ])
      expect(body).toContain(title);
  });
});
