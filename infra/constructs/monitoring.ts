// size: one construct: every alarm and the dashboard graph the same metrics, built by its private helpers.
/**
 * The stage's alarms (the API's 5xx rate, each route's p99 latency, each function's errors and
 * throttles, each table's throttles, each job's missed runs, the AI provider's errors), their
 * SNS topic, and one dashboard of the same metrics.
 */
import { Annotations, ArnFormat, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { type IHttpApi, type IHttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  type IMetric,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { type ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { type IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { appMetrics, metricDimension, metricsNamespace } from '@shared/observability';
import { CHAIN_SNAPSHOT_JOB } from '@shared/providers/chains/shared-snapshot';
import { type RouteDefinition, routeKey, type RouteId } from '@shared/routes';
import { type IQueue } from 'aws-cdk-lib/aws-sqs';
import { type ScheduleDefinition } from '@shared/schedules';
import { type TableDefinition, type TableKey, tables } from '@shared/tables';
import { type AlarmThresholds, type StageConfig } from '../config/stages';

/** A function of the app, by the id it has in the route table, the schedule table or its stack. */
export interface MonitoredFunction {
  id: string;
  fn: IFunction;
}

export interface MonitoringProps {
  stage: StageConfig;
  /** Prefix of every alarm name and the dashboard's name, e.g. `edge-options-prod`. */
  namePrefix: string;
  httpApi: IHttpApi;
  /** The API's stage; it must publish detailed (per-route) metrics. */
  httpStage: IHttpStage;
  routes: readonly RouteDefinition[];
  /** Every function of the app: routes, jobs, triggers. */
  functions: readonly MonitoredFunction[];
  jobs: readonly { job: ScheduleDefinition; fn: IFunction }[];
  tables: Record<TableKey, ITable>;
  /** Dead-letter queues by name: one message in any is an alarm. */
  deadLetterQueues?: Record<string, IQueue>;
}

/** Where every alarm's description sends the reader. */
const RUNBOOK = 'docs/operations.md "When an alarm fires"';

/** The routes whose handler calls the AI provider: those reading its key. */
export function aiProviderServices(routes: readonly RouteDefinition[]): string[] {
  return [
    ...new Set(routes.filter((route) => route.secrets?.includes('openaiApiKey')).map((route) => route.area)),
  ];
}

/** A route's p99 latency threshold in the stage (its own, else the default). */
export function routeLatencyThresholdMs(thresholds: AlarmThresholds, routeId: string): number {
  return thresholds.routeLatencyP99.byRoute[routeId as RouteId] ?? thresholds.routeLatencyP99.defaultMs;
}

/**
 * The stage's alarms, the topic they notify and the dashboard that shows them (docs/operations.md
 * "Monitoring and alarms" lists each alarm, its threshold and what it means):
 *
 * - the API's 5xx rate, and each route's p99 latency (API Gateway's detailed route metrics);
 * - each function's errors and throttles;
 * - each table's throttle events;
 * - each scheduled job not running;
 * - the AI provider's failures (the app's own metric, shared/src/observability.ts).
 *
 * Every threshold comes from the stage config. The topic is encrypted with its own key (which
 * CloudWatch may use) and refuses anything but TLS; `alarmEmail` is subscribed when set.
 */
export class Monitoring extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];
  readonly dashboard: Dashboard;
  private readonly props: MonitoringProps;
  private readonly thresholds: AlarmThresholds;
  private readonly period: Duration;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    this.props = props;
    this.thresholds = props.stage.alarms;
    this.period = Duration.minutes(this.thresholds.periodMinutes);
    this.topic = this.createTopic();

    const apiAlarms = [this.api5xxRateAlarm(), this.aiProviderErrorsAlarm(), this.chainSnapshotStaleAlarm()];
    const latencyAlarms = props.routes.map((route) => this.routeLatencyAlarm(route));
    const functionAlarms = props.functions.flatMap((fn) => this.functionAlarms(fn));
    const tableAlarms = (Object.entries(props.tables) as [TableKey, ITable][]).map(([key, table]) =>
      this.tableThrottleAlarm(key, table),
    );
    const jobAlarms = props.jobs.map(({ job, fn }) => this.jobMissedAlarm(job, fn));
    const queueAlarms = Object.entries(props.deadLetterQueues ?? {}).map(([name, queue]) =>
      this.alarm(
        `dead-letters-${name}`,
        queue.metricApproximateNumberOfMessagesVisible({ period: this.period }),
        {
          description: `Messages in the ${name} dead-letter queue: work its consumer could not finish.`,
          threshold: 1,
          periods: 1,
        },
      ),
    );

    this.dashboard = this.createDashboard({
      apiAlarms: [...apiAlarms, ...jobAlarms, ...queueAlarms],
      latencyAlarms,
      functionAlarms,
      tableAlarms,
    });
  }

  private createTopic(): Topic {
    const { stage } = this.props;
    const stack = Stack.of(this);
    // CloudWatch cannot use the AWS-managed SNS key, so the topic gets its own, rotated yearly.
    // It encrypts only notifications in flight: nothing is lost when it is deleted with the stack.
    const key = new Key(this, 'AlarmTopicKey', {
      description: `Encrypts the alarm notifications of ${this.props.namePrefix}`,
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.DESTROY,
      pendingWindow: Duration.days(7),
    });
    const cloudWatch = new ServicePrincipal('cloudwatch.amazonaws.com');
    key.grant(cloudWatch, 'kms:Decrypt', 'kms:GenerateDataKey*');

    const topic = new Topic(this, 'AlarmTopic', {
      displayName: `Edge Options ${stage.name} alarms`,
      masterKey: key,
      enforceSSL: true,
    });
    // The topic's own policy replaces SNS's default one: CloudWatch alarms of this account may publish.
    topic.addToResourcePolicy(
      new PolicyStatement({
        actions: ['sns:Publish'],
        principals: [cloudWatch],
        resources: [topic.topicArn],
        conditions: {
          StringEquals: { 'aws:SourceAccount': stack.account },
          ArnLike: {
            'aws:SourceArn': stack.formatArn({
              service: 'cloudwatch',
              resource: 'alarm',
              resourceName: '*',
              arnFormat: ArnFormat.COLON_RESOURCE_NAME,
            }),
          },
        },
      }),
    );
    if (stage.alarmEmail) {
      topic.addSubscription(new EmailSubscription(stage.alarmEmail));
    } else {
      Annotations.of(this).addWarningV2(
        'edge-options:alarmEmail',
        `Stage "${stage.name}" has no alarmEmail: its alarms notify no one (set it in infra/config/stages.ts).`,
      );
    }
    return topic;
  }

  private alarm(
    name: string,
    metric: IMetric,
    options: {
      description: string;
      threshold: number;
      periods: number;
      comparison?: ComparisonOperator;
      missing?: TreatMissingData;
    },
  ): Alarm {
    const alarm = new Alarm(this, `Alarm-${name}`, {
      alarmName: `${this.props.namePrefix}-${name}`,
      alarmDescription: `${options.description} See ${RUNBOOK}.`,
      metric,
      threshold: options.threshold,
      evaluationPeriods: options.periods,
      datapointsToAlarm: options.periods,
      comparisonOperator: options.comparison ?? ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: options.missing ?? TreatMissingData.NOT_BREACHING,
    });
    const action = new SnsAction(this.topic);
    alarm.addAlarmAction(action);
    alarm.addOkAction(action);
    this.alarms.push(alarm);
    return alarm;
  }

  private api5xxRateAlarm(): Alarm {
    const { percent, minRequests, periods } = this.thresholds.api5xxRate;
    const { httpStage } = this.props;
    const rate = new MathExpression({
      label: '5xx rate (%)',
      expression: `IF(requests >= ${minRequests}, 100 * FILL(errors, 0) / requests, 0)`,
      usingMetrics: {
        requests: httpStage.metricCount({ statistic: 'Sum', period: this.period }),
        errors: httpStage.metricServerError({ period: this.period }),
      },
      period: this.period,
    });
    return this.alarm('api-5xx-rate', rate, {
      description: `${percent}% or more of the API's requests were answered with a 5xx (periods of at least ${minRequests} requests).`,
      threshold: percent,
      periods,
    });
  }

  private routeLatencyMetric(route: RouteDefinition): Metric {
    const { httpApi, httpStage } = this.props;
    return new Metric({
      namespace: 'AWS/ApiGateway',
      metricName: 'Latency',
      // HTTP APIs' detailed metrics name a route by its method and path (`Resource`).
      dimensionsMap: {
        ApiId: httpApi.apiId,
        Stage: httpStage.stageName,
        Method: route.method,
        Resource: route.path,
      },
      statistic: 'p99',
      period: this.period,
      label: routeKey(route),
    });
  }

  private routeLatencyAlarm(route: RouteDefinition): Alarm {
    const threshold = routeLatencyThresholdMs(this.thresholds, route.id);
    return this.alarm(`route-p99-${route.id}`, this.routeLatencyMetric(route), {
      description: `p99 latency of ${routeKey(route)} (as API Gateway measures it) is ${threshold} ms or more.`,
      threshold,
      periods: this.thresholds.routeLatencyP99.periods,
    });
  }

  private functionAlarms({ id, fn }: MonitoredFunction): Alarm[] {
    const { functionErrors, functionThrottles } = this.thresholds;
    return [
      this.alarm(`function-errors-${id}`, fn.metricErrors({ period: this.period }), {
        description: `${functionErrors.count} or more invocations of the ${id} function failed (uncaught error, timeout or out of memory).`,
        threshold: functionErrors.count,
        periods: functionErrors.periods,
      }),
      this.alarm(`function-throttles-${id}`, fn.metricThrottles({ period: this.period }), {
        description: `Lambda refused ${functionThrottles.count} or more invocations of the ${id} function for want of concurrency.`,
        threshold: functionThrottles.count,
        periods: functionThrottles.periods,
      }),
    ];
  }

  /** Read and write throttle events of the table and of each of its indexes. */
  private tableThrottleMetric(key: TableKey, table: ITable): MathExpression {
    const definition: TableDefinition = tables[key];
    const scopes = [undefined, ...(definition.globalIndexes ?? []).map((index) => index.name)];
    const usingMetrics: Record<string, IMetric> = {};
    scopes.forEach((indexName, i) => {
      for (const kind of ['Read', 'Write'] as const) {
        // Ids unique across tables: a dashboard graph holds every table's expression.
        usingMetrics[`${key}_${kind.toLowerCase()}${i}`] = new Metric({
          namespace: 'AWS/DynamoDB',
          metricName: `${kind}ThrottleEvents`,
          dimensionsMap: {
            TableName: table.tableName,
            ...(indexName ? { GlobalSecondaryIndexName: indexName } : {}),
          },
          statistic: 'Sum',
          period: this.period,
        });
      }
    });
    return new MathExpression({
      label: key,
      expression: Object.keys(usingMetrics)
        .map((name) => `FILL(${name}, 0)`)
        .join(' + '),
      usingMetrics,
      period: this.period,
    });
  }

  private tableThrottleAlarm(key: TableKey, table: ITable): Alarm {
    const { events, periods } = this.thresholds.tableThrottles;
    return this.alarm(`table-throttles-${key}`, this.tableThrottleMetric(key, table), {
      description: `DynamoDB throttled ${events} or more reads or writes on the ${key} table or its indexes.`,
      threshold: events,
      periods,
    });
  }

  private jobMissedAlarm(job: ScheduleDefinition, fn: IFunction): Alarm {
    const { periods } = this.thresholds.jobMissed;
    // Each period must hold at least one scheduled run.
    const period = Duration.minutes(Math.max(this.thresholds.periodMinutes, job.everyMinutes));
    return this.alarm(`job-missed-${job.id}`, fn.metricInvocations({ period, statistic: 'Sum' }), {
      description: `The ${job.id} job (every ${job.everyMinutes} min) was not invoked for ${periods} periods of ${period.toMinutes()} min: its schedule is not running it.`,
      threshold: 1,
      periods,
      comparison: ComparisonOperator.LESS_THAN_THRESHOLD,
      // Lambda publishes nothing for a function nobody invokes: no data is the failure itself.
      missing: TreatMissingData.BREACHING,
    });
  }

  private aiProviderErrorsMetric(): IMetric {
    const { stage, routes } = this.props;
    const metrics = aiProviderServices(routes).map(
      (service) =>
        new Metric({
          namespace: metricsNamespace(stage.name),
          metricName: appMetrics.aiProviderErrors.name,
          dimensionsMap: { [metricDimension.service]: service },
          statistic: 'Sum',
          period: this.period,
          label: `${appMetrics.aiProviderErrors.name} (${service})`,
        }),
    );
    if (metrics.length === 1) return metrics[0]!;
    return new MathExpression({
      label: appMetrics.aiProviderErrors.name,
      expression: metrics.map((_, i) => `FILL(m${i}, 0)`).join(' + '),
      usingMetrics: Object.fromEntries(metrics.map((metric, i) => [`m${i}`, metric])),
      period: this.period,
    });
  }

  private aiProviderErrorsAlarm(): Alarm {
    const { count, periods } = this.thresholds.aiProviderErrors;
    return this.alarm('ai-provider-errors', this.aiProviderErrorsMetric(), {
      description: `The AI provider failed to answer ${count} or more Research Assistant questions (users got the failure text).`,
      threshold: count,
      periods,
    });
  }

  /**
   * The chain snapshot job served a symbol from an earlier minute (its provider failed on it) in
   * each of three consecutive minutes. No data (simulated chains, or the job not running, which
   * job-missed covers) is not a breach.
   */
  private chainSnapshotStaleAlarm(): Alarm {
    const job = this.props.jobs.find(({ job }) => job.id === CHAIN_SNAPSHOT_JOB)?.job;
    if (!job) throw new Error(`The schedule table has no ${CHAIN_SNAPSHOT_JOB} job`);
    const metric = new Metric({
      namespace: metricsNamespace(this.props.stage.name),
      metricName: appMetrics.chainSnapshotStale.name,
      dimensionsMap: { [metricDimension.service]: job.area },
      statistic: 'Maximum',
      period: Duration.minutes(1),
    });
    return this.alarm('chain-snapshot-stale', metric, {
      description:
        'The chain provider failed on at least one symbol in each of three consecutive snapshots: those chains are served stale, with their age.',
      threshold: 1,
      periods: 3,
    });
  }

  private createDashboard(groups: {
    apiAlarms: Alarm[];
    latencyAlarms: Alarm[];
    functionAlarms: Alarm[];
    tableAlarms: Alarm[];
  }): Dashboard {
    const { stage, httpStage, routes, functions, jobs } = this.props;
    const period = this.period;
    const status = (title: string, alarms: Alarm[], height: number) =>
      new AlarmStatusWidget({ title, alarms, width: 24, height });
    const graph = (title: string, left: IMetric[], width = 12) =>
      new GraphWidget({ title, left, width, height: 6 });

    const dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: this.props.namePrefix,
      defaultInterval: Duration.hours(3),
    });
    dashboard.addWidgets(
      new TextWidget({
        markdown: `# Edge Options — ${stage.name}\nEvery alarm of the stage, then the metrics behind them. What each alarm means and what to do: ${RUNBOOK}.`,
        width: 24,
        height: 2,
      }),
    );
    dashboard.addWidgets(status('API, AI provider and jobs', groups.apiAlarms, 3));
    dashboard.addWidgets(status('Route latency (p99)', groups.latencyAlarms, 6));
    dashboard.addWidgets(status('Function errors and throttles', groups.functionAlarms, 9));
    dashboard.addWidgets(status('Table throttles', groups.tableAlarms, 3));
    dashboard.addWidgets(
      graph('API requests and 5xx', [
        httpStage.metricCount({ statistic: 'Sum', period, label: 'requests' }),
        httpStage.metricServerError({ period, label: '5xx' }),
        httpStage.metricClientError({ period, label: '4xx' }),
      ]),
      graph(
        'Route latency (p99, ms)',
        routes.map((route) => this.routeLatencyMetric(route)),
      ),
    );
    dashboard.addWidgets(
      graph(
        'Function errors',
        functions.map(({ id, fn }) => fn.metricErrors({ period, label: id })),
      ),
      graph(
        'Function throttles',
        functions.map(({ id, fn }) => fn.metricThrottles({ period, label: id })),
      ),
    );
    dashboard.addWidgets(
      graph(
        'Table throttle events (reads + writes)',
        (Object.entries(this.props.tables) as [TableKey, ITable][]).map(([key, table]) =>
          this.tableThrottleMetric(key, table),
        ),
      ),
      graph(
        'Job invocations',
        jobs.map(({ job, fn }) => fn.metricInvocations({ period, statistic: 'Sum', label: job.id })),
      ),
    );
    dashboard.addWidgets(
      graph('AI provider errors', [this.aiProviderErrorsMetric()]),
      graph(
        'AI provider latency (p99, ms)',
        aiProviderServices(routes).map(
          (service) =>
            new Metric({
              namespace: metricsNamespace(stage.name),
              metricName: appMetrics.aiProviderLatency.name,
              dimensionsMap: { [metricDimension.service]: service },
              statistic: 'p99',
              period,
              label: service,
            }),
        ),
      ),
    );
    return dashboard;
  }
}
