import { CfnOutput, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  ApiMapping,
  DomainName,
  HttpApi,
  HttpMethod,
  HttpNoneAuthorizer,
  HttpStage,
  type IHttpRouteAuthorizer,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { type ITable } from 'aws-cdk-lib/aws-dynamodb';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { type IBucket } from 'aws-cdk-lib/aws-s3';
import { type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { type Construct } from 'constructs';
import { type RouteDefinition, routes, type SecretKey, USER_ROUTE_SCOPE } from '@shared/routes';
import { type TableKey } from '@shared/tables';
import { ApiFunction } from '../constructs/api-function';
import { type FunctionContext } from '../constructs/app-function';
import { type NotificationDelivery } from '../constructs/notification-delivery';

export interface ApiStackProps extends StackProps {
  context: FunctionContext;
  tables: Record<TableKey, ITable>;
  secrets: Record<SecretKey, ISecret>;
  chainSnapshots: IBucket;
  /** The notifications stack's queue and mail: granted to the routes whose row has `delivers`. */
  notifications: NotificationDelivery;
}

/** HTTP API access log line: one JSON object per request (HTTP API context variables only). */
const accessLogFormat = AccessLogFormat.custom(
  JSON.stringify({
    requestId: '$context.requestId',
    ip: '$context.identity.sourceIp',
    requestTime: '$context.requestTime',
    routeKey: '$context.routeKey',
    status: '$context.status',
    protocol: '$context.protocol',
    responseLength: '$context.responseLength',
    latency: '$context.responseLatency',
    integrationLatency: '$context.integrationLatency',
    integrationError: '$context.integrationErrorMessage',
    authorizerError: '$context.authorizer.error',
    userAgent: '$context.identity.userAgent',
  }),
);

/**
 * The HTTP API, generated from the shared route table: one function and one route per row, the
 * user-pool JWT authorizer on every `user` route and none on `public` ones.
 */
export class ApiStack extends Stack {
  readonly httpApi: HttpApi;
  readonly httpStage: HttpStage;
  readonly functions: Record<string, ApiFunction> = {};

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { stage, userPool, userPoolClient } = props.context;

    const userAuthorizer = new HttpUserPoolAuthorizer('UserPoolAuthorizer', userPool, {
      userPoolClients: [userPoolClient],
    });
    // Secure by default: a route is authorized unless the table says it is public.
    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: `Edge Options API (${stage.name})`,
      createDefaultStage: false,
      defaultAuthorizer: userAuthorizer,
      // With its own domain, the API answers on that name only (CloudFront's origin).
      disableExecuteApiEndpoint: stage.apiDomain !== undefined,
    });

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: stage.logRetention,
      removalPolicy: stage.removalPolicy,
    });
    this.httpStage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      autoDeploy: true,
      throttle: stage.apiThrottle,
      // Per-route metrics: the monitoring stack alarms on each route's p99 latency.
      detailedMetricsEnabled: true,
      accessLogSettings: { destination: new LogGroupLogDestination(accessLogs), format: accessLogFormat },
    });

    for (const route of routes as readonly RouteDefinition[]) this.addRoute(route, props);

    if (stage.apiDomain) {
      const domainName = new DomainName(this, 'ApiDomain', {
        domainName: stage.apiDomain.domainName,
        certificate: Certificate.fromCertificateArn(this, 'ApiCertificate', stage.apiDomain.certificateArn),
      });
      new ApiMapping(this, 'ApiMapping', { api: this.httpApi, domainName, stage: this.httpStage });
      new CfnOutput(this, 'ApiDomainTarget', {
        value: domainName.regionalDomainName,
        description: `Point ${stage.apiDomain.domainName} here (CNAME or alias)`,
      });
    } else {
      new CfnOutput(this, 'ApiEndpoint', { value: this.httpApi.apiEndpoint });
    }
  }

  private addRoute(route: RouteDefinition, props: ApiStackProps): void {
    const handler = new ApiFunction(this, route.id, {
      context: props.context,
      route,
      tables: props.tables,
      secrets: props.secrets,
      chainSnapshots: props.chainSnapshots,
    });
    this.functions[route.id] = handler;
    if (route.delivers === 'queue') props.notifications.grantEnqueue(handler);
    if (route.delivers === 'mail') props.notifications.grantMail(handler);

    const authorizer: IHttpRouteAuthorizer | undefined =
      route.auth === 'public' ? new HttpNoneAuthorizer() : undefined;
    const [httpRoute] = this.httpApi.addRoutes({
      path: route.path,
      methods: [HttpMethod[route.method]],
      integration: new HttpLambdaIntegration(`${route.id}Integration`, handler.fn),
      authorizer,
      authorizationScopes: route.auth === 'user' ? [USER_ROUTE_SCOPE] : undefined,
    });
    if (route.auth === 'public' && httpRoute) {
      Validations.of(httpRoute).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason: `${route.method} ${route.path} is public by design in the route table (auth: 'public').`,
      });
    }
  }
}
