import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { type RouteDefinition, routeKey, routes, type SecretKey, type TableAccess } from '@shared/routes';
import { notificationEnv } from '@shared/notifications/env';
import { EARNINGS_READER_AREAS } from '@shared/providers/feeds/feed-providers';
import { metricsNamespace } from '@shared/observability';
import { runtimeEnv, secrets } from '@shared/secrets';
import { tables, type TableKey } from '@shared/tables';
import { stages } from '../../../infra/config/stages';
import { routeSecrets, routeTables } from '../../../infra/constructs/api-function';
import { fullStage } from './full-stage';
import {
  actionsOf,
  findFunction,
  loadStage,
  statementsOfFunction,
  SYNTH_TIMEOUT_MS,
  type SynthesizedStage,
} from './synth-app';

const routeTable = routes as readonly RouteDefinition[];
const stage = stages.dev;
let synthesized: SynthesizedStage;
let api: Template;
let tableIds: Record<TableKey, string>;
let secretIds: Record<SecretKey, string>;

beforeAll(async () => {
  // The shared dev synthesis is the bundled one: every route's entry builds with esbuild.
  synthesized = await loadStage('dev');
  api = synthesized.templates.api;
  tableIds = synthesized.ids.tables;
  secretIds = synthesized.ids.secrets;
}, SYNTH_TIMEOUT_MS);

const routeResources = () =>
  Object.values(api.findResources('AWS::ApiGatewayV2::Route')) as { Properties: Record<string, unknown> }[];

const READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:Scan', 'dynamodb:BatchGetItem'];
const WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
];

describe('HTTP API routes', () => {
  it('has exactly one route per row of the route table, and no other', () => {
    const keys = routeResources().map((route) => route.Properties.RouteKey);
    expect(keys.sort()).toEqual(routeTable.map(routeKey).sort());
  });

  it.each(routeTable.filter((route) => route.auth === 'user'))(
    'protects $method $path with the user-pool JWT authorizer',
    (route) => {
      api.hasResourceProperties('AWS::ApiGatewayV2::Route', {
        RouteKey: routeKey(route),
        AuthorizationType: 'JWT',
        AuthorizerId: Match.anyValue(),
      });
    },
  );

  it.each(routeTable.filter((route) => route.auth === 'public'))('leaves $method $path public', (route) => {
    const [resource] = routeResources().filter((r) => r.Properties.RouteKey === routeKey(route));
    expect(resource?.Properties.AuthorizationType).toBe('NONE');
    expect(resource?.Properties.AuthorizerId).toBeUndefined();
  });

  it('authorizes with a JWT authorizer whose issuer is the user pool and audience the app client', () => {
    api.resourceCountIs('AWS::ApiGatewayV2::Authorizer', 1);
    const { ids } = synthesized;
    const authorizer = Object.values(api.findResources('AWS::ApiGatewayV2::Authorizer'))[0]!;
    expect(authorizer.Properties).toMatchObject({ AuthorizerType: 'JWT' });
    const config = JSON.stringify(authorizer.Properties.JwtConfiguration);
    expect(config).toContain('cognito-idp.');
    expect(config).toContain(ids.userPool);
    expect(JSON.stringify(authorizer.Properties.JwtConfiguration.Audience)).toContain(ids.userPoolClient);
  });

  it('throttles and access-logs the stage', () => {
    api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: {
        ThrottlingRateLimit: stage.apiThrottle.rateLimit,
        ThrottlingBurstLimit: stage.apiThrottle.burstLimit,
      },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
    });
  });
});

describe('route functions', () => {
  it('creates one Node.js 22 arm64 function per route, nothing else in the stack', () => {
    api.resourceCountIs('AWS::Lambda::Function', routeTable.length);
    for (const route of routeTable) {
      expect(findFunction(api, route.id).properties).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
      });
    }
  });

  it('requires the access-token scope on every user route and none on public ones', () => {
    const cfnRoutes = Object.values(api.findResources('AWS::ApiGatewayV2::Route')) as {
      Properties: { RouteKey: string; AuthorizationType: string; AuthorizationScopes?: string[] };
    }[];
    expect(cfnRoutes).toHaveLength(routeTable.length);
    for (const route of routeTable) {
      const cfn = cfnRoutes.find((r) => r.Properties.RouteKey === `${route.method} ${route.path}`);
      if (route.auth === 'user') {
        expect(cfn?.Properties).toMatchObject({
          AuthorizationType: 'JWT',
          AuthorizationScopes: ['aws.cognito.signin.user.admin'],
        });
      } else {
        expect(cfn?.Properties.AuthorizationType).toBe('NONE');
        expect(cfn?.Properties.AuthorizationScopes).toBeUndefined();
      }
    }
  });

  it('serves only requests from CloudFront: every function checks the origin-verify secret', () => {
    for (const route of routeTable) {
      const { Environment } = findFunction(api, route.id).properties as {
        Environment: { Variables: object };
      };
      expect(Environment.Variables).toMatchObject({
        ORIGIN_VERIFY_REQUIRED: 'true',
        SECRET_ARN_ORIGIN_VERIFY: expect.anything(),
      });
    }
  });

  it.each(routeTable)('grants $id only the tables of its route, with matching actions', (route) => {
    const statements = statementsOfFunction(api, route.id).filter((statement) =>
      actionsOf(statement).some((action) => action.startsWith('dynamodb:')),
    );
    const granted = new Set<string>();
    for (const statement of statements) {
      const resources = JSON.stringify(statement.Resource);
      const matched = (Object.keys(tableIds) as TableKey[]).filter((key) =>
        resources.includes(tableIds[key]),
      );
      // IAM merges grants with the same actions into one statement: each table in it must
      // be one of the route's, with those actions fitting its access.
      expect(matched, `statement of ${route.id} names no table`).not.toHaveLength(0);
      const actions = actionsOf(statement);
      for (const key of matched) {
        const access: TableAccess | undefined = routeTables(route, stage.siteGate)[key];
        expect(access, `${route.id} is granted ${key}, not in its route`).toBeDefined();
        if (access === 'read') expect(actions.filter((a) => WRITE_ACTIONS.includes(a))).toEqual([]);
        if (access === 'write') expect(actions.filter((a) => READ_ACTIONS.includes(a))).toEqual([]);
        if (access === 'readWrite')
          expect(actions).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:PutItem']));
        granted.add(key);
      }
    }
    expect([...granted].sort()).toEqual(Object.keys(routeTables(route, stage.siteGate)).sort());
  });

  it.each(routeTable)('grants $id only its secrets and Cognito actions', (route) => {
    const statements = statementsOfFunction(api, route.id);
    const secretStatements = statements.filter((s) =>
      actionsOf(s).some((a) => a.startsWith('secretsmanager:')),
    );
    const grantedSecrets = (Object.keys(secretIds) as SecretKey[]).filter((key) =>
      secretStatements.some((s) => JSON.stringify(s.Resource).includes(secretIds[key])),
    );
    expect(grantedSecrets.sort()).toEqual(routeSecrets(route, stage.siteGate).sort());
    const cognito = statements.flatMap(actionsOf).filter((a) => a.startsWith('cognito-idp:'));
    expect(cognito.sort()).toEqual([...(route.cognitoActions ?? [])].sort());
    // Nothing but tables, secrets, Cognito, writing X-Ray traces, for the chain readers reading the
    // chain snapshot (chain-snapshot-stack.test.ts checks those grants), and the delivery queue to a
    // route that queues notifications is granted (logs go through the managed role policy).
    for (const action of statements.flatMap(actionsOf)) {
      if (route.delivers === 'queue' && action.startsWith('sqs:')) continue;
      expect(action).toMatch(
        /^((dynamodb|secretsmanager|cognito-idp):|xray:Put(TraceSegments|TelemetryRecords)$|s3:(GetObject|ListBucket)$)/,
      );
    }
  });

  it('gives the health function no data access: it reads only the origin-verify secret', () => {
    const statements = statementsOfFunction(api, 'health');
    const dataActions = statements.flatMap(actionsOf).filter((action) => !action.startsWith('xray:'));
    expect(dataActions.every((action) => action.startsWith('secretsmanager:'))).toBe(true);
    expect(JSON.stringify(statements.map((s) => s.Resource))).toContain(secretIds.originVerify);
    expect(JSON.stringify(statements.map((s) => s.Resource))).not.toContain(secretIds.siteGate);
  });

  it.each(routeTable)('gives $id an environment of names and ARNs only, never a secret value', (route) => {
    const variables = (
      findFunction(api, route.id).properties.Environment as { Variables: Record<string, unknown> }
    ).Variables;
    const tableEnv = Object.fromEntries(
      Object.keys(routeTables(route, stage.siteGate)).map((key) => [tables[key as TableKey].envVar, key]),
    );
    const secretEnv = Object.fromEntries(
      routeSecrets(route, stage.siteGate).map((key) => [secrets[key].arnEnvVar, key]),
    );
    const { ids } = synthesized;

    for (const [name, value] of Object.entries(variables)) {
      const text = JSON.stringify(value);
      expect(text).not.toMatch(/resolve:secretsmanager|SecretString/);
      if (name === runtimeEnv.stage) expect(value).toBe(stage.name);
      else if (name === runtimeEnv.logLevel) expect(value).toBe(stage.logLevel);
      else if (name === runtimeEnv.siteGateEnabled) expect(value).toBe(String(stage.siteGate));
      else if (name === runtimeEnv.quotesProvider) expect(value).toBe(stage.marketData.quotes);
      else if (name === runtimeEnv.chainsProvider) expect(value).toBe(stage.marketData.chains);
      else if (name === runtimeEnv.newsProvider) expect(value).toBe(stage.marketData.news);
      else if (name === runtimeEnv.socialProvider) expect(value).toBe(stage.marketData.social);
      else if (name === runtimeEnv.darkPoolProvider) expect(value).toBe(stage.marketData.darkPool);
      else if (name === runtimeEnv.flowProvider) expect(value).toBe(stage.marketData.flow);
      else if (name === runtimeEnv.earningsProvider) expect(value).toBe(stage.marketData.earnings);
      else if (name === runtimeEnv.originVerifyRequired) expect(value).toBe('true');
      // The snapshot bucket's name, a reference (chain-snapshot-stack.test.ts checks which routes).
      else if (name === runtimeEnv.chainSnapshotBucket) expect(typeof value).not.toBe('string');
      else if (name === 'NODE_OPTIONS') expect(value).toBe('--enable-source-maps');
      else if (name === 'POWERTOOLS_SERVICE_NAME') expect(value).toBe(route.area);
      else if (name === 'POWERTOOLS_METRICS_NAMESPACE') expect(value).toBe(metricsNamespace(stage.name));
      else if (name === runtimeEnv.userPoolId) expect(text).toContain(ids.userPool);
      else if (name === runtimeEnv.userPoolClientId) expect(text).toContain(ids.userPoolClient);
      else if (name === notificationEnv.queueUrl && route.delivers === 'queue')
        expect(text).toContain('Deliveries');
      else if (name in tableEnv) expect(text).toContain(tableIds[tableEnv[name] as TableKey]);
      // A secret's Ref is its ARN: the variable must reference the secret, not hold a string.
      else if (name in secretEnv) {
        expect(typeof value).not.toBe('string');
        expect(text).toContain(secretIds[secretEnv[name] as SecretKey]);
      } else expect.fail(`unexpected environment variable ${name} on ${route.id}`);
    }
    for (const name of [...Object.keys(tableEnv), ...Object.keys(secretEnv)])
      expect(variables).toHaveProperty(name);
  });
});

describe("the stage's AI model", () => {
  it(
    'sets the model and server of the stage config on the functions that read the AI key, and on no other',
    async () => {
      const full = (await loadStage('full')).templates.api;
      const ai = fullStage.ai!;
      const readsAiKey = (route: RouteDefinition) => route.secrets?.includes('openaiApiKey') ?? false;
      expect(routeTable.filter(readsAiKey).map((route) => route.id)).toContain('postChatMessage');
      for (const route of routeTable) {
        const variables = (findFunction(full, route.id).properties.Environment as { Variables: object })
          .Variables;
        if (readsAiKey(route))
          expect(variables, route.id).toMatchObject({
            [runtimeEnv.aiModel]: ai.model,
            [runtimeEnv.aiBaseUrl]: ai.baseUrl,
          });
        else {
          expect(variables, route.id).not.toHaveProperty(runtimeEnv.aiModel);
          expect(variables, route.id).not.toHaveProperty(runtimeEnv.aiBaseUrl);
        }
      }
    },
    SYNTH_TIMEOUT_MS,
  );
});

describe("the stage's feed providers", () => {
  it(
    'tells every function the news and social providers of the stage config, and grants the summary the Polygon key',
    async () => {
      const stage = await loadStage('full');
      const full = stage.templates.api;
      expect(fullStage.marketData).toMatchObject({
        news: 'polygon',
        social: 'stocktwits',
        darkPool: 'polygon',
      });
      for (const route of routeTable) {
        const variables = (findFunction(full, route.id).properties.Environment as { Variables: object })
          .Variables;
        expect(variables, route.id).toMatchObject({
          [runtimeEnv.newsProvider]: 'polygon',
          [runtimeEnv.socialProvider]: 'stocktwits',
          [runtimeEnv.darkPoolProvider]: 'polygon',
          [runtimeEnv.flowProvider]: 'unusualwhales',
        });
      }
      // Polygon's news is read by the summary and by the assistant's summary tool, with the Polygon key.
      for (const id of ['getMarketSummary', 'postChatMessage'] as const) {
        const variables = (findFunction(full, id).properties.Environment as { Variables: object }).Variables;
        expect(variables, id).toHaveProperty(secrets.marketDataApiKey.arnEnvVar);
        expect(JSON.stringify(statementsOfFunction(full, id).map((s) => s.Resource)), id).toContain(
          stage.ids.secrets.marketDataApiKey,
        );
      }
    },
    SYNTH_TIMEOUT_MS,
  );
});

describe("the stage's earnings calendar", () => {
  it(
    "grants FMP's key to exactly the functions that lay the earnings calendar over the simulated one, on a stage whose earnings provider is FMP",
    async () => {
      const stage = await loadStage('full');
      expect(fullStage.marketData.earnings).toBe('fmp');
      const readers = routeTable.filter((route) => EARNINGS_READER_AREAS.includes(route.area));
      expect(readers.map((route) => route.id)).toEqual(
        expect.arrayContaining(['getMarketData', 'scanOptions', 'postChatMessage', 'getPositions']),
      );
      for (const route of routeTable) {
        const variables = (
          findFunction(stage.templates.api, route.id).properties.Environment as { Variables: object }
        ).Variables;
        expect(variables, route.id).toMatchObject({ [runtimeEnv.earningsProvider]: 'fmp' });
        const granted = JSON.stringify(
          statementsOfFunction(stage.templates.api, route.id).map((s) => s.Resource),
        );
        if (readers.includes(route)) {
          expect(variables, route.id).toHaveProperty(secrets.fmpApiKey.arnEnvVar);
          expect(granted, route.id).toContain(stage.ids.secrets.fmpApiKey);
        } else {
          expect(variables, route.id).not.toHaveProperty(secrets.fmpApiKey.arnEnvVar);
          expect(granted, route.id).not.toContain(stage.ids.secrets.fmpApiKey);
        }
      }
      // On dev (simulated earnings) no function has the key.
      for (const route of readers)
        expect(findFunction(api, route.id).properties.Environment, route.id).not.toHaveProperty(
          `Variables.${secrets.fmpApiKey.arnEnvVar}`,
        );
    },
    SYNTH_TIMEOUT_MS,
  );
});

describe("the stage's site address", () => {
  it(
    'gives the billing functions (checkout and portal return there, never to a request header) and the routes that queue e-mails (their links) the site URL, and no other',
    async () => {
      const full = (await loadStage('full')).templates.api;
      const readsStripe = (route: RouteDefinition) =>
        (route.secrets?.includes('stripeSecretKey') ?? false) || route.delivers === 'queue';
      expect(routeTable.filter(readsStripe).map((route) => route.id)).toEqual(
        expect.arrayContaining(['createCheckout', 'openBillingPortal']),
      );
      for (const route of routeTable) {
        const variables = (findFunction(full, route.id).properties.Environment as { Variables: object })
          .Variables;
        if (readsStripe(route))
          expect(variables, route.id).toMatchObject({ [runtimeEnv.siteUrl]: 'https://app.example.com' });
        else expect(variables, route.id).not.toHaveProperty(runtimeEnv.siteUrl);
        // dev has neither a custom domain nor a siteUrl: no address, so online payments stay off.
        const dev = (findFunction(api, route.id).properties.Environment as { Variables: object }).Variables;
        expect(dev, route.id).not.toHaveProperty(runtimeEnv.siteUrl);
      }
    },
    SYNTH_TIMEOUT_MS,
  );
});
