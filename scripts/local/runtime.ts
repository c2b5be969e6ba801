/**
 * The whole product on one machine: dynalite, the local user pool, the local API (generated from
 * the route table), schedule timers and the frontend, behind ONE origin that serves the app,
 * `/api/*` and `/config.json`. `npm start`, the integration tests and the e2e tests all use it.
 * The API (with the user pool and the frontend) has the main thread; dynalite and the schedules
 * each run in a worker thread of the same process (threads.ts), as separate services do in AWS.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import {
  AdminConfirmSignUpCommand,
  CognitoIdentityProviderClient,
  SignUpCommand,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { AppConfig } from '@shared/config/app-config';
import {
  DARKPOOL_PROVIDERS,
  EARNINGS_PROVIDERS,
  FLOW_PROVIDERS,
  NEWS_PROVIDERS,
  providerFromEnv,
  SOCIAL_PROVIDERS,
} from '@shared/providers/feeds/feed-providers';
import { marketClockFrom } from '@shared/market/clock';
import { notificationEnv } from '@shared/notifications/env';
import { runtimeEnv, secrets } from '@shared/secrets';
import { feedProviderOf } from '../../lambdas/feeds/real-feeds';
import { configuredChainProvider } from '../../lambdas/market/chain-source';
import { hashPassword } from '../../lambdas/site-gate/service';
import { tables, type TableDefinition } from '@shared/tables';
import { createApiMiddleware } from './api-server';
import { createJwtAuthorizer } from './authorizer';
import { startLocalCognito, type LocalCognito } from './cognito';
import { ensureTables, localTableName, startDynamo } from './dynamo';
import { keepIdleConnections } from './keep-alive';
import { startThread } from './threads';
import webpush from 'web-push';

export const ROOT_DIR = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export interface RuntimeOptions {
  port?: number;
  host?: string;
  /** Where local data lives (DynamoDB tables, the user pool). Relative to the repo root. */
  dataDir?: string;
  /** Keep DynamoDB in memory instead of on disk (tests). */
  inMemoryTables?: boolean;
  /** 'vite': the dev server with HMR; 'none': API and config only (integration tests). */
  frontend?: 'vite' | 'none';
  /** Puts the site password gate in front of the product (default: the SITE_PASSWORD variable). */
  sitePassword?: string;
  /** Run the schedule timers and the TTL reaper (off in tests, which call jobs directly). */
  schedules?: boolean;
  log?: (line: string) => void;
}

export interface DemoAccount {
  email: string;
  password: string;
}

export interface Runtime {
  url: string;
  port: number;
  dataDir: string;
  cognito: LocalCognito;
  dynamoEndpoint: string;
  config: AppConfig;
  demo: DemoAccount;
  /** How long the schedules thread took to load its jobs and run the feeds' first run (null: no schedules). */
  feedsFirstRunMs: number | null;
  close(): Promise<void>;
}

export class PortInUseError extends Error {
  constructor(readonly port: number) {
    super(
      `Port ${port} is already in use. Stop what is using it, or choose another port: PORT=${port + 1} npm start`,
    );
  }
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const onError = (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(port) : error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolvePort((server.address() as AddressInfo).port);
    });
  });
}

/** The demo account: created (and confirmed) on first start, its password kept in the data dir. */
async function ensureDemoAccount(cognito: LocalCognito, dataDir: string): Promise<DemoAccount> {
  const file = join(dataDir, 'demo-account.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as DemoAccount;
  const demo: DemoAccount = {
    email: 'demo@example.com',
    password: `Demo-${randomBytes(6).toString('hex')}A1`,
  };
  const client = new CognitoIdentityProviderClient({
    endpoint: cognito.endpoint,
    region: cognito.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    await client.send(
      new SignUpCommand({
        ClientId: cognito.userPoolClientId,
        Username: demo.email,
        Password: demo.password,
      }),
    );
    await client.send(
      new AdminConfirmSignUpCommand({ UserPoolId: cognito.userPoolId, Username: demo.email }),
    );
  } catch (error) {
    if (!(error instanceof UsernameExistsException)) throw error;
  } finally {
    client.destroy();
  }
  writeFileSync(file, JSON.stringify(demo, null, 2));
  return demo;
}

/**
 * The site gate's secret, as AWS keeps it in Secrets Manager: a hash of the password and the
 * cookie-signing key (kept in the data dir, so a passed gate survives a restart).
 */
async function siteGateSecretFor(password: string, dataDir: string): Promise<string> {
  const keyFile = join(dataDir, 'site-gate-cookie-key');
  if (!existsSync(keyFile)) writeFileSync(keyFile, randomBytes(32).toString('base64'), { mode: 0o600 });
  return JSON.stringify({
    passwordHash: await hashPassword(password),
    cookieKey: readFileSync(keyFile, 'utf8').trim(),
  });
}

/** A random secret kept in the data dir, so it stays the same across restarts. */
function localSecret(dataDir: string, file: string): string {
  const path = join(dataDir, file);
  if (!existsSync(path)) writeFileSync(path, randomBytes(32).toString('base64url'), { mode: 0o600 });
  return readFileSync(path, 'utf8').trim();
}

/** The local stage's Web Push key pair, made on the first start and kept in the data dir. */
function localVapidKeys(dataDir: string): string {
  const path = join(dataDir, 'vapid-keys.json');
  if (!existsSync(path))
    writeFileSync(
      path,
      JSON.stringify({ ...webpush.generateVAPIDKeys(), subject: 'mailto:alerts@localhost' }),
      {
        mode: 0o600,
      },
    );
  return readFileSync(path, 'utf8').trim();
}

/**
 * The secrets AWS generates at deploy time (the hashing key, CloudFront's origin-verify value),
 * made once per data dir unless the environment sets them; and, as in AWS, only requests that
 * carry the origin-verify value (which this server adds, as CloudFront does) are served.
 */
function setGeneratedSecrets(dataDir: string) {
  process.env[secrets.hashingKey.localEnvVar] ??= localSecret(dataDir, 'hashing-key');
  process.env[secrets.vapidKeys.localEnvVar] ??= localVapidKeys(dataDir);
  process.env[secrets.originVerify.localEnvVar] ??= localSecret(dataDir, 'origin-verify');
  process.env[runtimeEnv.originVerifyRequired] = 'true';
}

function setHandlerEnvironment(cognito: LocalCognito, dynamoEndpoint: string) {
  Object.assign(process.env, {
    AWS_REGION: cognito.region,
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_DYNAMODB: dynamoEndpoint,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognito.endpoint,
    [runtimeEnv.stage]: 'local',
    [runtimeEnv.userPoolId]: cognito.userPoolId,
    [runtimeEnv.userPoolClientId]: cognito.userPoolClientId,
  });
  for (const definition of Object.values(tables) as TableDefinition[]) {
    process.env[definition.envVar] = localTableName(definition);
  }
}

export async function startRuntime(options: RuntimeOptions = {}): Promise<Runtime> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? ((line: string) => console.log(line));
  // A feed provider the runtime does not know stops it here, not as 500s on the routes later.
  const news = providerFromEnv(NEWS_PROVIDERS, runtimeEnv.newsProvider);
  const social = providerFromEnv(SOCIAL_PROVIDERS, runtimeEnv.socialProvider);
  const darkPool = providerFromEnv(DARKPOOL_PROVIDERS, runtimeEnv.darkPoolProvider);
  const flow = providerFromEnv(FLOW_PROVIDERS, runtimeEnv.flowProvider);
  const earnings = providerFromEnv(EARNINGS_PROVIDERS, runtimeEnv.earningsProvider);
  if ([news, social, darkPool, flow, earnings].some((provider) => provider !== 'simulated'))
    log(
      `Feeds: summary news from ${news}, Risky Chatter from ${social}, Dark Pool Flow from ${darkPool}, options flow alerts from ${flow}, earnings dates from ${earnings} (docs/providers.md)`,
    );
  const dataDir = resolve(ROOT_DIR, options.dataDir ?? '.data');
  mkdirSync(dataDir, { recursive: true });
  const closers: (() => Promise<void> | void)[] = [];
  const close = async () => {
    for (const closer of closers.reverse()) await closer();
  };

  try {
    // Bind the origin first, so a taken port fails fast with nothing else started; until the
    // rest is up, it answers 503 rather than leaving early requests hanging.
    let serve = (_req: IncomingMessage, res: ServerResponse) => {
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' });
      res.end(JSON.stringify({ message: 'Starting' }));
    };
    const server = keepIdleConnections(createServer((req, res) => serve(req, res)));
    const port = await listen(server, options.port ?? 0, host);
    closers.push(
      () =>
        new Promise<void>((done) => {
          server.close(() => done());
          server.closeAllConnections();
        }),
    );

    // dynalite and the user pool start side by side.
    const dynamoStarting = startDynamo(
      { host, ...(options.inMemoryTables ? {} : { path: join(dataDir, 'dynamodb') }) },
      log,
    );
    closers.push(() => dynamoStarting.then((dynamo) => dynamo.close()).catch(() => undefined));
    const cognitoStarting = startLocalCognito({ dataDir: join(dataDir, 'cognito'), host, log });
    closers.push(() => cognitoStarting.then((started) => started.close()).catch(() => undefined));
    const [{ endpoint: dynamoEndpoint }, cognito] = await Promise.all([dynamoStarting, cognitoStarting]);

    setHandlerEnvironment(cognito, dynamoEndpoint);
    setGeneratedSecrets(dataDir);
    // Notification e-mails go to the outbox beside the Cognito codes (lambdas/notifications/mail.ts).
    process.env[notificationEnv.localOutboxFile] = join(dataDir, 'cognito', 'outbox.jsonl');
    // The shared chain snapshot (lambdas/market/snapshot-store.ts): files here stand in for the S3
    // bucket, written by the schedules thread's job and read by the API's routes.
    process.env[runtimeEnv.chainSnapshotDir] = join(dataDir, 'chain-snapshots');
    const sitePassword = options.sitePassword ?? process.env.SITE_PASSWORD;
    process.env[runtimeEnv.siteGateEnabled] = String(Boolean(sitePassword));
    if (sitePassword)
      process.env[secrets.siteGate.localEnvVar] = await siteGateSecretFor(sitePassword, dataDir);
    const dynamoClient = new DynamoDBClient({});
    closers.push(() => dynamoClient.destroy());
    await ensureTables(dynamoClient);
    const demo = await ensureDemoAccount(cognito, dataDir);

    const config: AppConfig = {
      region: cognito.region,
      userPoolId: cognito.userPoolId,
      userPoolClientId: cognito.userPoolClientId,
      userPoolEndpoint: cognito.endpoint,
      stage: 'local',
      features: { siteGate: Boolean(sitePassword), federatedSignIn: false },
      marketData: {
        chains: configuredChainProvider()?.name ?? 'simulated',
        darkPool: feedProviderOf('darkpool'),
        flow: feedProviderOf('alerts'),
        social: feedProviderOf('chatter'),
      },
    };
    const api = createApiMiddleware({
      rootDir: ROOT_DIR,
      originVerifyValue: process.env[secrets.originVerify.localEnvVar]!,
      authorizer: createJwtAuthorizer({ issuer: cognito.issuer, clientId: cognito.userPoolClientId }),
      log,
    });

    let frontend: ((req: IncomingMessage, res: ServerResponse, next: () => void) => void) | undefined;
    if (options.frontend === 'vite') {
      const { createServer: createVite } = await import('vite');
      const vite = await createVite({
        configFile: join(ROOT_DIR, 'frontend/vite.config.ts'),
        server: { middlewareMode: true, ws: { server } },
        appType: 'spa',
        logLevel: 'warn',
      });
      closers.push(() => vite.close());
      frontend = vite.middlewares;
    }

    serve = (req: IncomingMessage, res: ServerResponse) => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      if (path === '/api' || path.startsWith('/api/')) {
        api(req, res).catch((error: unknown) => {
          log(`[api] ${(error as Error).stack ?? String(error)}`);
          if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ message: 'Internal Server Error' }));
        });
      } else if (path === '/config.json') {
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-cache' });
        res.end(JSON.stringify(config));
      } else if (frontend) {
        frontend(req, res, () => {
          res.writeHead(404, { 'content-type': 'text/plain' });
          res.end('Not found');
        });
      } else {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('Not found');
      }
    };

    let feedsFirstRunMs: number | null = null;
    if (options.schedules !== false) {
      // Started once the handlers' environment is set (the thread's process.env is a copy of
      // it). "Ready" waits for the feeds' first run, so the feed pages hold items at once.
      const schedules = startThread<{ rootDir: string }, { firstRunMs: number }>(
        'schedules',
        new URL('./schedules-thread.ts', import.meta.url),
        { rootDir: ROOT_DIR },
        log,
      );
      closers.push(() => schedules.close());
      try {
        feedsFirstRunMs = (await schedules.ready).firstRunMs;
      } catch (error) {
        log(`[schedules] ${(error as Error).message}`);
      }
    }

    const url = `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`;
    // As the stage's settings give it in AWS: the site's own address, for billing's return URLs.
    process.env[runtimeEnv.siteUrl] = url;
    // Where this instance's stand-ins listen, for local tools and tests (never served over HTTP).
    const runtimeFile = join(dataDir, 'runtime.json');
    writeFileSync(
      runtimeFile,
      JSON.stringify(
        {
          url,
          dynamoEndpoint,
          cognitoEndpoint: cognito.endpoint,
          // Market time minus wall time when the market clock is set (tests read the market's now).
          marketOffsetMs: marketClockFrom(process.env).offsetMs(),
          ...config,
        },
        null,
        2,
      ),
    );
    closers.push(() => rmSync(runtimeFile, { force: true }));

    return {
      url,
      port,
      dataDir,
      cognito,
      dynamoEndpoint,
      config,
      demo,
      feedsFirstRunMs,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
