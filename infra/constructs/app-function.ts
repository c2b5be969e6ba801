import { join } from 'node:path';
import { type Duration, Stack, Validations } from 'aws-cdk-lib';
import { Policy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { type IUserPool, type IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { type ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { type BundlingOptions, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { type IBucket } from 'aws-cdk-lib/aws-s3';
import { type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { metricsNamespace } from '@shared/observability';
import { type SecretKey, type TableAccess } from '@shared/routes';
import { runtimeEnv, secrets } from '@shared/secrets';
import { tables, type TableKey } from '@shared/tables';
import { type StageConfig } from '../config/stages';
import { nagText } from '../nag';
import { projectRoot } from '../paths';

/** What every function of the app needs to know about its surroundings. */
export interface FunctionContext {
  stage: StageConfig;
  userPool: IUserPool;
  userPoolClient: IUserPoolClient;
}

export interface AppFunctionProps {
  context: FunctionContext;
  /** Absolute path of the TypeScript module to bundle. */
  entry: string;
  /** Name of the export Lambda invokes. */
  exportName: string;
  /** The route's or job's area (`market`, `feeds`...): the Powertools service of its logs and metrics. */
  service: string;
  description: string;
  timeout: Duration;
  memorySize?: number;
}

/** Lets `require` work inside the ESM bundle for dependencies that still call it. */
const esmRequireShim =
  "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);";

/**
 * How every function of the app is bundled: the one source of truth for CDK's NodejsFunction
 * (the API routes, the jobs, the Cognito trigger) and for `npm run bench`, which builds the same
 * bundles with esbuild directly. Local esbuild (no Docker), ESM for Node.js 22, tree-shaken
 * (`module` entry points first), minified, with external source maps (no sources inside).
 * `externalModules: []` bundles everything, the AWS SDK included: the function runs the SDK
 * version the lockfile pins and the tests ran, not whichever one the Lambda runtime ships (by
 * default NodejsFunction leaves `@aws-sdk/*` out on Node.js 18+).
 */
export const functionBundling = {
  forceDockerBundling: false,
  tsconfig: join(projectRoot, 'tsconfig.json'),
  format: OutputFormat.ESM,
  target: 'node22',
  mainFields: ['module', 'main'],
  banner: esmRequireShim,
  minify: true,
  sourceMap: true,
  sourcesContent: false,
  externalModules: [],
} satisfies BundlingOptions;

/** Stack traces in the logs point at the TypeScript sources, through the bundle's source map. */
export const sourceMapsEnvironment = { NODE_OPTIONS: '--enable-source-maps' } as const;

/**
 * A NodejsFunction with the app's defaults (Node.js 22 on arm64, bundled as `functionBundling`
 * says, X-Ray active tracing, its own log group with the stage's retention), the non-secret
 * runtime environment and Powertools' (service, metrics namespace). Tables and secrets are bound
 * one by one, so a function receives the name (or ARN) and the grant of exactly what it uses,
 * and nothing else.
 */
export class AppFunction extends Construct {
  readonly fn: NodejsFunction;
  private readonly indexedTables: string[] = [];
  private snapshotObjects = false;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    const { stage, userPool, userPoolClient } = props.context;

    const logGroup = new LogGroup(this, 'LogGroup', {
      retention: stage.logRetention,
      removalPolicy: stage.removalPolicy,
    });

    this.fn = new NodejsFunction(this, 'Function', {
      entry: props.entry,
      handler: props.exportName,
      description: props.description,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout,
      logGroup,
      tracing: Tracing.ACTIVE,
      projectRoot,
      depsLockFilePath: join(projectRoot, 'package-lock.json'),
      environment: {
        [runtimeEnv.stage]: stage.name,
        [runtimeEnv.logLevel]: stage.logLevel,
        [runtimeEnv.userPoolId]: userPool.userPoolId,
        [runtimeEnv.userPoolClientId]: userPoolClient.userPoolClientId,
        [runtimeEnv.siteGateEnabled]: String(stage.siteGate),
        [runtimeEnv.quotesProvider]: stage.marketData.quotes,
        [runtimeEnv.chainsProvider]: stage.marketData.chains,
        [runtimeEnv.newsProvider]: stage.marketData.news,
        [runtimeEnv.socialProvider]: stage.marketData.social,
        [runtimeEnv.darkPoolProvider]: stage.marketData.darkPool,
        [runtimeEnv.flowProvider]: stage.marketData.flow,
        [runtimeEnv.earningsProvider]: stage.marketData.earnings,
        POWERTOOLS_SERVICE_NAME: props.service,
        POWERTOOLS_METRICS_NAMESPACE: metricsNamespace(stage.name),
        ...sourceMapsEnvironment,
      },
      bundling: functionBundling,
    });

    this.node.addValidation({ validate: () => this.acknowledgeIndexWildcards() });
    Validations.of(this.fn).acknowledge(
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: 'AWSLambdaBasicExecutionRole only lets the function write its own CloudWatch logs.',
      },
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          'Active tracing grants xray:PutTraceSegments and xray:PutTelemetryRecords, which X-Ray only offers on every resource (no resource-level permissions).',
      },
      {
        id: 'AwsSolutions-L1',
        reason:
          'Node.js 22 is the pinned Lambda runtime (bundles target node22); npm start and the tests run on the local Node (20 or later), not necessarily the same major; moving to a newer runtime is a deliberate upgrade.',
      },
    );
  }

  /** Table name in the table's env var, and the grant matching `access`. */
  bindTable(key: TableKey, table: ITable, access: TableAccess): void {
    this.fn.addEnvironment(tables[key].envVar, table.tableName);
    const grant = {
      read: () => table.grantReadData(this.fn),
      write: () => table.grantWriteData(this.fn),
      readWrite: () => table.grantReadWriteData(this.fn),
    }[access];
    grant();
    if ('globalIndexes' in tables[key]) this.indexedTables.push(tables[key].id);
  }

  /**
   * grant*Data covers a table's GSIs with `<table arn>/index/*`. The finding names the table ARN
   * as it reads once cross-stack references are resolved, so it is acknowledged during validation,
   * which runs after that resolution and before cdk-nag collects acknowledgments.
   */
  private acknowledgeIndexWildcards(): string[] {
    const policy = this.fn.role?.node.tryFindChild('DefaultPolicy');
    if ((this.indexedTables.length === 0 && !this.snapshotObjects) || !(policy instanceof Policy)) return [];
    const document = Stack.of(this).resolve(policy.document.toJSON()) as {
      Statement: { Resource: unknown }[];
    };
    const resources = document.Statement.flatMap((statement) => [statement.Resource].flat()).map(nagText);
    const indexResources = resources.filter((resource) => resource.endsWith('/index/*'));
    Validations.of(this.fn).acknowledge(
      ...indexResources.map((resource) => ({
        id: `AwsSolutions-IAM5[Resource::${resource}]`,
        reason: `grant*Data on ${this.indexedTables.join(', ')} covers the table's GSIs with <table arn>/index/*.`,
      })),
    );
    if (this.snapshotObjects)
      Validations.of(this.fn).acknowledge(
        ...resources
          .filter((resource) => resource.endsWith('/*') && !resource.endsWith('/index/*'))
          .map((resource) => ({
            id: `AwsSolutions-IAM5[Resource::${resource}]`,
            reason:
              'The chain snapshot bucket holds one object per symbol per minute (keys made by the job): its objects are <bucket arn>/*, for GetObject (and PutObject for the job) only.',
          })),
      );
    return [];
  }

  /** The secret's ARN (never its value) in the secret's env var, and read access to it. */
  bindSecret(key: SecretKey, secret: ISecret): void {
    this.fn.addEnvironment(secrets[key].arnEnvVar, secret.secretArn);
    secret.grantRead(this.fn);
  }

  /**
   * The shared chain snapshot's bucket name, and exactly what the readers (GetObject) or its job
   * (GetObject, PutObject) do on its objects, with ListBucket on the bucket itself: without it S3
   * answers a missing key with AccessDenied, not NoSuchKey. The objects are `<bucket arn>/*`,
   * acknowledged during validation (as the index wildcards are) once the reference is resolved.
   */
  bindChainSnapshots(bucket: IBucket, access: 'read' | 'readWrite'): void {
    this.fn.addEnvironment(runtimeEnv.chainSnapshotBucket, bucket.bucketName);
    this.fn.addToRolePolicy(
      new PolicyStatement({
        actions: access === 'read' ? ['s3:GetObject'] : ['s3:GetObject', 's3:PutObject'],
        resources: [bucket.arnForObjects('*')],
      }),
    );
    this.fn.addToRolePolicy(
      new PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }),
    );
    this.snapshotObjects = true;
  }

  /** Cognito admin actions, scoped to the app's user pool. */
  grantCognito(userPool: IUserPool, actions: readonly string[]): void {
    if (actions.length > 0) userPool.grant(this.fn, ...actions);
  }
}
