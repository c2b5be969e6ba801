/**
 * The local user pool: cognito-local, run in-process, behind a router that closes the gaps
 * between it and the real Cognito for everything the product uses (LOCAL-STACK.md):
 * - the password policy (shared/src/auth/password-policy.ts) is enforced wherever a password is set;
 * - access tokens are verified (signature, expiry, token use) before any call that takes one;
 * - a refresh token issued through an MFA challenge is stored, so refresh works after MFA;
 * - GetTokensFromRefreshToken (Amplify's refresh call), ResendConfirmationCode and GlobalSignOut exist.
 * Codes that Cognito would email are kept in an outbox (and logged), readable at /_local/outbox.
 * cognito-local's services are wired here from its private modules, pinned and tested in
 * ./cognito-local-internals.ts; the router is ./cognito-router.ts, the outbox ./cognito-outbox.ts.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { passwordPolicy } from '@shared/auth/password-policy';
import {
  CognitoServiceFactoryImpl,
  DateClock,
  JwtTokenGenerator,
  MessageDeliveryService,
  MessagesService,
  Router,
  StormDBDataStoreFactory,
  UserPoolServiceFactoryImpl,
  createCognitoApp,
  otp,
  pino,
  type Context,
  type Services,
} from './cognito-local-internals';
import { Outbox, outboxSender, type OutboxEntry } from './cognito-outbox';
import { AccessTokens, closeGaps } from './cognito-router';
import { keepIdleConnections } from './keep-alive';

export type { OutboxEntry } from './cognito-outbox';

export interface LocalCognito {
  endpoint: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  issuer: string;
  outbox(): OutboxEntry[];
  close(): Promise<void>;
}

/** Whether a request comes from this machine (127.0.0.0/8 or ::1). */
export function fromLoopback(req: IncomingMessage): boolean {
  const address = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  return address === '::1' || address.startsWith('127.');
}

/** Cognito operations that need IAM credentials in AWS (Admin*, pool management). */
export function isAdminCall(req: IncomingMessage): boolean {
  const target = String(req.headers['x-amz-target'] ?? '');
  return /\.(Admin\w+|(Create|Delete|Update|Describe|List)UserPool\w*|ListUsers\w*)$/.test(target);
}

export interface LocalCognitoOptions {
  /** Directory for the pool's data (created if missing). */
  dataDir: string;
  host?: string;
  port?: number;
  log?: (line: string) => void;
}

const REGION = 'local';

export async function startLocalCognito(options: LocalCognitoOptions): Promise<LocalCognito> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => {});
  const dir = options.dataDir;
  mkdirSync(join(dir, 'db'), { recursive: true });
  const outbox = new Outbox(join(dir, 'outbox.jsonl'), log);
  const logger = pino({ level: process.env.COGNITO_LOG_LEVEL ?? 'silent' });
  const config = poolConfig(host);
  const services = await poolServices(dir, { logger }, config, outbox, log);
  const router = closeGaps(Router(services), services, await AccessTokens.create(config.TokenConfig));
  const app = createCognitoApp(router as never, logger, config.ServerConfig, services).application as (
    req: IncomingMessage,
    res: ServerResponse,
  ) => void;
  const server = await listen(guardLocalCalls(app, outbox), options.port ?? 0, host);
  const endpoint = `http://${host}:${(server.address() as AddressInfo).port}`;
  config.TokenConfig.IssuerDomain = endpoint;

  const { userPoolId, userPoolClientId } = await ensurePool(endpoint, join(dir, 'local-pool.json'));
  return {
    endpoint,
    region: REGION,
    userPoolId,
    userPoolClientId,
    issuer: `${endpoint}/${userPoolId}`,
    outbox: () => outbox.all(),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** cognito-local's configuration; TokenConfig.IssuerDomain is set to the endpoint once the port is known. */
function poolConfig(host: string) {
  return {
    LambdaClient: {},
    TriggerFunctions: {},
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    TokenConfig: { IssuerDomain: `http://${host}:0` },
    KMSConfig: {},
    ServerConfig: { port: 0, hostname: host, development: false, https: false as const },
  };
}

/** cognito-local's services over the data directory, with codes to the outbox and the post-confirmation trigger in process. */
async function poolServices(
  dir: string,
  ctx: Context,
  config: ReturnType<typeof poolConfig>,
  outbox: Outbox,
  log: (line: string) => void,
): Promise<Services> {
  const clock = new DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory(join(dir, 'db'));
  const cognito = await new CognitoServiceFactoryImpl(
    join(dir, 'db'),
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create(ctx, config.UserPoolDefaults);
  // Of Cognito's Lambda triggers the product uses one, post-confirmation, and the local pool runs
  // the very export AWS invokes; every other trigger is reported disabled.
  const triggers = {
    enabled: (trigger: string) => trigger === 'PostConfirmation',
    postConfirmation: (_ctx: Context, request: PostConfirmationRequest) => runPostConfirmation(request, log),
  } as unknown as Services['triggers'];
  return {
    clock,
    cognito,
    config: config as unknown as Services['config'],
    messages: new MessagesService(triggers, new MessageDeliveryService(outboxSender(outbox))),
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig as never),
    triggers,
  };
}

/**
 * The outbox and the admin calls (which AWS allows only with IAM credentials) answer this
 * machine only, even when HOST opens the pool to the network for a phone on the LAN.
 */
function guardLocalCalls(app: (req: IncomingMessage, res: ServerResponse) => void, outbox: Outbox) {
  return (req: IncomingMessage, res: ServerResponse) => {
    if (!fromLoopback(req) && (req.url?.startsWith('/_local/') || isAdminCall(req))) {
      res.writeHead(403, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          __type: 'AccessDeniedException',
          message: 'Local admin calls answer loopback only',
        }),
      );
      return;
    }
    if (req.method === 'GET' && req.url?.startsWith('/_local/outbox')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ messages: outbox.all() }));
      return;
    }
    app(req, res);
  };
}

async function listen(
  handle: (req: IncomingMessage, res: ServerResponse) => void,
  port: number,
  host: string,
): Promise<Server> {
  const server: Server = keepIdleConnections(createServer(handle));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}

type PostConfirmationRequest = Parameters<Services['triggers']['postConfirmation']>[1];

/**
 * Cognito's post-confirmation trigger, in process: lambdas/profile/triggers.ts (loaded on first
 * use, once the runtime has given the handlers their environment) with the event AWS sends. As
 * in AWS, the user stays confirmed if it fails; the failure is logged.
 */
async function runPostConfirmation(request: PostConfirmationRequest, log: (line: string) => void) {
  const { postConfirmation } = await import('../../lambdas/profile/triggers');
  try {
    await postConfirmation({
      version: '1',
      region: REGION,
      userPoolId: request.userPoolId,
      userName: request.username,
      triggerSource: request.source,
      callerContext: { awsSdkVersion: 'cognito-local', clientId: request.clientId ?? '' },
      request: {
        userAttributes: Object.fromEntries(request.userAttributes.map((a) => [a.Name, a.Value ?? ''])),
        clientMetadata: request.clientMetadata,
      },
      response: {},
    });
  } catch (error) {
    log(`[local cognito] post-confirmation trigger failed: ${(error as Error).stack ?? String(error)}`);
  }
}

/** Creates the pool and SPA client on first start (over the real protocol); reuses them after. */
async function ensurePool(
  endpoint: string,
  file: string,
): Promise<{ userPoolId: string; userPoolClientId: string }> {
  const client = new CognitoIdentityProviderClient({
    endpoint,
    region: REGION,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    if (existsSync(file)) {
      const saved = JSON.parse(readFileSync(file, 'utf8')) as {
        userPoolId: string;
        userPoolClientId: string;
      };
      const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
      if (pools.UserPools?.some((p) => p.Id === saved.userPoolId)) return saved;
    }
    const pool = await client.send(
      new CreateUserPoolCommand({
        PoolName: 'edge-options-local',
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        MfaConfiguration: 'OPTIONAL',
        Policies: {
          PasswordPolicy: {
            MinimumLength: passwordPolicy.minLength,
            RequireLowercase: passwordPolicy.requireLowercase,
            RequireUppercase: passwordPolicy.requireUppercase,
            RequireNumbers: passwordPolicy.requireDigits,
            RequireSymbols: passwordPolicy.requireSymbols,
          },
        },
      }),
    );
    const userPoolId = pool.UserPool?.Id;
    if (!userPoolId) throw new Error('cognito-local did not return a pool id');
    const app = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: 'spa',
        GenerateSecret: false,
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      }),
    );
    const userPoolClientId = app.UserPoolClient?.ClientId;
    if (!userPoolClientId) throw new Error('cognito-local did not return a client id');
    const ids = { userPoolId, userPoolClientId };
    writeFileSync(file, JSON.stringify(ids, null, 2));
    return ids;
  } finally {
    client.destroy();
  }
}
