import { Duration } from 'aws-cdk-lib';
import { type ITable } from 'aws-cdk-lib/aws-dynamodb';
import { type IBucket } from 'aws-cdk-lib/aws-s3';
import { type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { type Construct } from 'constructs';
import { CHAIN_SNAPSHOT_READER_AREAS } from '@shared/providers/chains/shared-snapshot';
import {
  EARNINGS_READER_AREAS,
  earningsSecrets,
  type EarningsProviderName,
} from '@shared/providers/feeds/feed-providers';
import { API_TIMEOUT_SECONDS, type RouteDefinition, type SecretKey, type TableAccess } from '@shared/routes';
import { type TableKey } from '@shared/tables';
import { runtimeEnv } from '@shared/secrets';
import { stageSiteUrl } from '../config/stages';
import { lambdaEntry } from '../paths';
import { AppFunction, type FunctionContext } from './app-function';

export interface ApiFunctionProps {
  context: FunctionContext;
  route: RouteDefinition;
  tables: Record<TableKey, ITable>;
  secrets: Record<SecretKey, ISecret>;
  /** The shared chain snapshot, read by the routes of CHAIN_SNAPSHOT_READER_AREAS. */
  chainSnapshots: IBucket;
}

/**
 * The secrets a route's function reads: those its row lists, the origin-verify value every
 * function checks, and, when the stage has the site gate on, the gate's secret for every user
 * route (each checks the gate cookie's signature).
 */
export function routeSecrets(
  route: RouteDefinition,
  siteGate: boolean,
  earnings: EarningsProviderName = 'simulated',
): SecretKey[] {
  const gated = siteGate && route.auth === 'user';
  return [
    ...new Set<SecretKey>([
      ...(route.secrets ?? []),
      // The earnings calendar's key, for the handlers that lay it over the simulated one.
      ...(EARNINGS_READER_AREAS.includes(route.area) ? earningsSecrets(earnings) : []),
      'originVerify',
      ...(gated ? (['siteGate'] as const) : []),
    ]),
  ];
}

/**
 * The tables a route's function may use: those its row lists; read access to the revocations for
 * every user route (each checks the caller's, lambdas/common/session.ts); and, when the stage has
 * the site gate on, read access to the gate sessions for every user route (each checks the
 * cookie's session).
 */
export function routeTables(
  route: RouteDefinition,
  siteGate: boolean,
): Partial<Record<TableKey, TableAccess>> {
  const user = route.auth === 'user';
  return {
    ...(user ? { revocations: 'read' as const } : {}),
    ...(siteGate && user ? { siteGateSessions: 'read' as const } : {}),
    ...route.tables,
  };
}

/** API Gateway gives up on an integration after 30 s; the function stops just before. */
const API_TIMEOUT = Duration.seconds(API_TIMEOUT_SECONDS);

/**
 * The function serving one route of the route table: export `route.id` of
 * `lambdas/<area>/handler.ts`, bound to exactly the route's tables, secrets and Cognito actions.
 */
export class ApiFunction extends AppFunction {
  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    const { route } = props;
    super(scope, id, {
      context: props.context,
      entry: lambdaEntry(route.area, 'handler'),
      exportName: route.id,
      service: route.area,
      description: `${route.method} ${route.path}`,
      timeout: API_TIMEOUT,
      memorySize: route.memoryMb,
    });
    for (const [key, access] of Object.entries(routeTables(route, props.context.stage.siteGate)) as [
      TableKey,
      TableAccess,
    ][]) {
      this.bindTable(key, props.tables[key], access);
    }
    for (const key of routeSecrets(
      route,
      props.context.stage.siteGate,
      props.context.stage.marketData.earnings,
    ))
      this.bindSecret(key, props.secrets[key]);
    if (CHAIN_SNAPSHOT_READER_AREAS.includes(route.area))
      this.bindChainSnapshots(props.chainSnapshots, 'read');
    this.fn.addEnvironment(runtimeEnv.originVerifyRequired, 'true');
    // Where checkout and the billing portal return the browser, and where the e-mails a route
    // queues link to: the stage's address, never a header.
    const siteUrl = stageSiteUrl(props.context.stage);
    if (siteUrl && (route.secrets?.includes('stripeSecretKey') || route.delivers === 'queue'))
      this.fn.addEnvironment(runtimeEnv.siteUrl, siteUrl);
    const { ai } = props.context.stage;
    if (route.secrets?.includes('openaiApiKey')) {
      if (ai?.model) this.fn.addEnvironment(runtimeEnv.aiModel, ai.model);
      if (ai?.baseUrl) this.fn.addEnvironment(runtimeEnv.aiBaseUrl, ai.baseUrl);
    }
    this.grantCognito(props.context.userPool, route.cognitoActions ?? []);
  }
}
