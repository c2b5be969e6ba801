import { Stack, type StackProps } from 'aws-cdk-lib';
import { type IHttpApi, type IHttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { type ITable } from 'aws-cdk-lib/aws-dynamodb';
import { type IFunction } from 'aws-cdk-lib/aws-lambda';
import { type IQueue } from 'aws-cdk-lib/aws-sqs';
import { type Construct } from 'constructs';
import { type RouteDefinition, routes } from '@shared/routes';
import { type ScheduleDefinition, schedules } from '@shared/schedules';
import { type TableKey } from '@shared/tables';
import { type StageConfig } from '../config/stages';
import { Monitoring } from '../constructs/monitoring';

export interface MonitoringStackProps extends StackProps {
  stage: StageConfig;
  /** Prefix of the alarm and dashboard names, e.g. `edge-options-prod`. */
  namePrefix: string;
  httpApi: IHttpApi;
  httpStage: IHttpStage;
  /** The function serving each route, by route id. */
  routeFunctions: Record<string, IFunction>;
  /** The function of each scheduled job, by job id. */
  jobFunctions: Record<string, IFunction>;
  /** Functions outside both tables (the Cognito trigger), by a name of their own. */
  otherFunctions: Record<string, IFunction>;
  tables: Record<TableKey, ITable>;
  /** Dead-letter queues by name (the notification deliveries'). */
  deadLetterQueues?: Record<string, IQueue>;
}

/**
 * The stage's alarms, their SNS topic and the dashboard (infra/constructs/monitoring.ts), apart
 * from the stacks they watch: thresholds change without touching those, and with weak cross-stack
 * references (cdk.json) removing a route or job never waits on this stack.
 */
export class MonitoringStack extends Stack {
  readonly monitoring: Monitoring;

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, props);
    const routeTable = routes as readonly RouteDefinition[];
    const jobTable = schedules as readonly ScheduleDefinition[];
    const functionOf = (functions: Record<string, IFunction>, id: string) => {
      const fn = functions[id];
      if (!fn) throw new Error(`No function for ${id}`);
      return fn;
    };
    this.monitoring = new Monitoring(this, 'Monitoring', {
      stage: props.stage,
      namePrefix: props.namePrefix,
      httpApi: props.httpApi,
      httpStage: props.httpStage,
      routes: routeTable,
      functions: [
        ...routeTable.map((route) => ({ id: route.id, fn: functionOf(props.routeFunctions, route.id) })),
        ...jobTable.map((job) => ({ id: job.id, fn: functionOf(props.jobFunctions, job.id) })),
        ...Object.entries(props.otherFunctions).map(([id, fn]) => ({ id, fn })),
      ],
      jobs: jobTable.map((job) => ({ job, fn: functionOf(props.jobFunctions, job.id) })),
      tables: props.tables,
      deadLetterQueues: props.deadLetterQueues,
    });
  }
}
