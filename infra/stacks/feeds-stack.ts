import { Duration, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { type CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { type ITable } from 'aws-cdk-lib/aws-dynamodb';
import { type IBucket } from 'aws-cdk-lib/aws-s3';
import { type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { type Construct } from 'constructs';
import { type TableAccess } from '@shared/routes';
import {
  EARNINGS_READER_JOB_AREAS,
  earningsSecrets,
  feedsJobSecrets,
} from '@shared/providers/feeds/feed-providers';
import {
  CHAIN_SNAPSHOT_JOB,
  CHAIN_SNAPSHOT_READER_AREAS,
  chainSnapshotSecrets,
  keepsChainSnapshot,
} from '@shared/providers/chains/shared-snapshot';
import { type ScheduleDefinition, schedules } from '@shared/schedules';
import { type SecretKey } from '@shared/secrets';
import { type TableKey } from '@shared/tables';
import { AppFunction, type FunctionContext } from '../constructs/app-function';
import { type NotificationDelivery } from '../constructs/notification-delivery';
import { lambdaEntry } from '../paths';

export interface FeedsStackProps extends StackProps {
  context: FunctionContext;
  tables: Record<TableKey, ITable>;
  secrets: Record<SecretKey, ISecret>;
  /** The shared chain snapshot, written by its job. */
  chainSnapshots: IBucket;
  /** The notifications stack's queue: every job that writes notifications sends to it. */
  notifications: NotificationDelivery;
}

/**
 * Scheduled jobs, generated from the shared schedule table: one function (export `id` of
 * `lambdas/<area>/jobs.ts`) and one EventBridge Scheduler schedule per row.
 */
export class FeedsStack extends Stack {
  readonly jobs: Record<string, AppFunction> = {};

  constructor(scope: Construct, id: string, props: FeedsStackProps) {
    super(scope, id, props);
    for (const job of schedules as readonly ScheduleDefinition[]) this.addJob(job, props);
    // The jobs that write notifications queue them for the delivery worker.
    for (const job of schedules as readonly ScheduleDefinition[])
      if (job.tables.notifications === 'readWrite' || job.tables.notifications === 'write')
        props.notifications.grantEnqueue(this.jobs[job.id]!);
  }

  private addJob(job: ScheduleDefinition, props: FeedsStackProps): void {
    const interval = Duration.minutes(job.everyMinutes);
    const jobFunction = new AppFunction(this, job.id, {
      context: props.context,
      entry: lambdaEntry(job.area, 'jobs'),
      exportName: job.id,
      service: job.area,
      description: job.description,
      // A run never outlasts the interval, so runs of one job do not pile up.
      timeout: Duration.seconds(Math.min(interval.toSeconds(), 300)),
      // Pricing the universe's chains is CPU-bound: 1,769 MB is one full vCPU.
      memorySize: job.id === CHAIN_SNAPSHOT_JOB ? 1769 : undefined,
    });
    for (const [key, access] of Object.entries(job.tables) as [TableKey, TableAccess][]) {
      jobFunction.bindTable(key, props.tables[key], access);
    }
    // The feeds job holds a provider's key only where a feed of the stage reads that provider.
    if (job.id === 'generateFeeds')
      for (const key of feedsJobSecrets(props.context.stage.marketData))
        jobFunction.bindSecret(key, props.secrets[key]);
    if (job.id === CHAIN_SNAPSHOT_JOB) {
      jobFunction.bindChainSnapshots(props.chainSnapshots, 'readWrite');
      for (const key of chainSnapshotSecrets(props.context.stage.marketData.chains))
        jobFunction.bindSecret(key, props.secrets[key]);
    }
    // A job of a chain-reading area (marking positions against their targets) reads the same
    // snapshot as that area's routes, so its marks are GET /api/positions' and the provider is
    // asked once a minute by the snapshot job, not again by each reader.
    else if (CHAIN_SNAPSHOT_READER_AREAS.includes(job.area))
      jobFunction.bindChainSnapshots(props.chainSnapshots, 'read');
    // Real signals are valued from the stage's quotes and recorded closes (lambdas/feeds/scorecard-prices).
    if (job.id === 'scoreSignals') {
      const { marketData } = props.context.stage;
      if (keepsChainSnapshot(marketData)) jobFunction.bindChainSnapshots(props.chainSnapshots, 'read');
      if (marketData.quotes === 'polygon')
        jobFunction.bindSecret('marketDataApiKey', props.secrets.marketDataApiKey);
    }
    const earningsKeys = EARNINGS_READER_JOB_AREAS.includes(job.area)
      ? earningsSecrets(props.context.stage.marketData.earnings)
      : [];
    for (const key of new Set([...(job.secrets ?? []), ...earningsKeys]))
      jobFunction.bindSecret(key, props.secrets[key]);
    this.jobs[job.id] = jobFunction;

    new Schedule(this, `${job.id}Schedule`, {
      description: job.description,
      schedule: ScheduleExpression.rate(interval),
      // The next run comes within minutes; retrying a missed one only doubles the work.
      target: new LambdaInvoke(jobFunction.fn, { retryAttempts: 0, maxEventAge: interval }),
    });
    const functionLogicalId = this.getLogicalId(jobFunction.fn.node.defaultChild as CfnFunction);
    Validations.of(this).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${functionLogicalId}.Arn>:*]`,
      reason: `The scheduler's role may invoke the ${job.id} function and its versions (<arn>:*), nothing else.`,
    });
  }
}
