/**
 * The local user pool: cognito-local, run in-process, behind a router that closes the gaps
 * between it and the real Cognito for everything the product uses (LOCAL-STACK.md):
 * - the password policy (shared/src/auth/password-policy.ts) is enforced wherever a password is set;
 * - access tokens are verified (signature, expiry, token use) before any call that takes one;
 * - a refresh token issued through an MFA challenge is stored, so refresh works after MFA;
 * - GetTokensFromRefreshToken (Amplify's refresh call), ResendConfirmationCode, GlobalSignOut,
 *   AdminUserGlobalSignOut and AdminSetUserMFAPreference exist; AdminDisableUser revokes tokens;
 * - prevent-user-existence errors, as the app client has them in AWS.
 * Codes that Cognito would email are kept in an outbox (and logged), readable at /_local/outbox.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { importJWK, jwtVerify, type JWK } from 'jose';
import { passwordPolicy, passwordWeaknesses } from '@shared/auth/password-policy';
import { keepIdleConnections } from './keep-alive';

const require = createRequire(import.meta.url);
type CognitoErrorsModule = typeof import('cognito-local/lib/errors');
type RouterModule = typeof import('cognito-local/lib/server/Router');
type ServerModule = typeof import('cognito-local/lib/server/server');
type Services = import('cognito-local/lib/services').Services;
type User = import('cognito-local/lib/services/userPoolService').User;
type Context = import('cognito-local/lib/services/context').Context;
type Message = import('cognito-local/lib/services/messages').Message;

const { CodeMismatchError, CognitoError, NotAuthorizedError, UserNotFoundError, InvalidParameterError } =
  require('cognito-local/lib/errors') as CognitoErrorsModule;
const { Router } = require('cognito-local/lib/server/Router') as RouterModule;
const { createServer: createCognitoApp } = require('cognito-local/lib/server/server') as ServerModule;
const { DateClock, MessagesService } =
  require('cognito-local/lib/services') as typeof import('cognito-local/lib/services');
const { CognitoServiceFactoryImpl } =
  require('cognito-local/lib/services/cognitoService') as typeof import('cognito-local/lib/services/cognitoService');
const { UserPoolServiceFactoryImpl } =
  require('cognito-local/lib/services/userPoolService') as typeof import('cognito-local/lib/services/userPoolService');
const { StormDBDataStoreFactory } =
  require('cognito-local/lib/services/dataStore/stormDb') as typeof import('cognito-local/lib/services/dataStore/stormDb');
const { MessageDeliveryService } =
  require('cognito-local/lib/services/messageDelivery/messageDelivery') as typeof import('cognito-local/lib/services/messageDelivery/messageDelivery');
const { JwtTokenGenerator } =
  require('cognito-local/lib/services/tokenGenerator') as typeof import('cognito-local/lib/services/tokenGenerator');
const { otp } = require('cognito-local/lib/services/otp') as typeof import('cognito-local/lib/services/otp');
const publicKey = require('cognito-local/lib/keys/cognitoLocal.public.json') as { jwk: JWK };
// cognito-local's HTTP layer wants its own pino logger; resolve pino from cognito-local itself.
const pino = createRequire(require.resolve('cognito-local'))('pino') as typeof import('pino').default;

export interface OutboxEntry {
  to: string;
  username: string;
  code: string | undefined;
  subject: string | undefined;
  at: string;
}

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
export function fromLoopback(req: import('node:http').IncomingMessage): boolean {
  const address = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  return address === '::1' || address.startsWith('127.');
}

/** Cognito operations that need IAM credentials in AWS (Admin*, pool management). */
export function isAdminCall(req: import('node:http').IncomingMessage): boolean {
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
const ACCESS_TOKEN_TARGETS = new Set([
  'GetUser',
  'ChangePassword',
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'SetUserMFAPreference',
  'DeleteUser',
  'UpdateUserAttributes',
  'DeleteUserAttributes',
  'GetUserAttributeVerificationCode',
  'VerifyUserAttribute',
  'GlobalSignOut',
]);

/** The password a request sets, for each call that sets one. */
function proposedPassword(target: string, req: Record<string, unknown>): string | undefined {
  const responses = req.ChallengeResponses as Record<string, string> | undefined;
  switch (target) {
    case 'SignUp':
    case 'ConfirmForgotPassword':
    case 'AdminSetUserPassword':
      return req.Password as string | undefined;
    case 'ChangePassword':
      return req.ProposedPassword as string | undefined;
    case 'AdminCreateUser':
      return req.TemporaryPassword as string | undefined;
    case 'RespondToAuthChallenge':
      return responses?.NEW_PASSWORD;
    default:
      return undefined;
  }
}

function enforcePasswordPolicy(password: string) {
  const weaknesses = passwordWeaknesses(password);
  if (weaknesses.length > 0) {
    // Cognito's own wording: "Password did not conform with policy: <reason>".
    throw new CognitoError(
      'InvalidPasswordException',
      `Password did not conform with policy: ${weaknesses.join('; ')}`,
    );
  }
}

/**
 * Cognito's answers with prevent-user-existence errors on (infra/stacks/auth-stack.ts): a password
 * sign-in fails with one NotAuthorizedException, "Incorrect username or password.", whether the
 * address is unknown or the password wrong (cognito-local says UserNotFound / "Invalid password");
 * confirming a code for an unknown address is a code mismatch.
 */
function withoutUserExistence(target: string, req: Record<string, unknown>, error: unknown): unknown {
  const code = (error as { code?: string }).code;
  const passwordFlow = target === 'InitiateAuth' && req.AuthFlow === 'USER_PASSWORD_AUTH';
  if (
    passwordFlow &&
    ['UserNotFoundException', 'InvalidPasswordException', 'NotAuthorizedException'].includes(code ?? '')
  )
    return new NotAuthorizedError('Incorrect username or password.');
  if (['ConfirmForgotPassword', 'ConfirmSignUp'].includes(target) && code === 'UserNotFoundException')
    return new CodeMismatchError();
  return error;
}

/** What Cognito answers a reset for an unknown address: a delivery that never happens. */
function simulatedDelivery(username: string) {
  const [name = '', domain = ''] = username.split('@');
  return {
    AttributeName: 'email',
    DeliveryMedium: 'EMAIL',
    Destination: `${name[0] ?? ''}***@${domain[0] ?? ''}***`,
  };
}

class Outbox {
  private readonly entries: OutboxEntry[] = [];
  constructor(
    private readonly file: string,
    private readonly log: (line: string) => void,
  ) {
    if (existsSync(file)) {
      for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
        this.entries.push(JSON.parse(line) as OutboxEntry);
      }
    }
  }
  add(entry: OutboxEntry) {
    this.entries.push(entry);
    appendFileSync(this.file, `${JSON.stringify(entry)}\n`);
    this.log(
      `[local mail] to ${entry.to}: ${entry.subject ?? 'message'}${entry.code ? ` — code ${entry.code}` : ''}`,
    );
  }
  all() {
    return [...this.entries];
  }
}

export async function startLocalCognito(options: LocalCognitoOptions): Promise<LocalCognito> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => {});
  const dir = options.dataDir;
  mkdirSync(join(dir, 'db'), { recursive: true });
  const outbox = new Outbox(join(dir, 'outbox.jsonl'), log);
  const logger = pino({ level: process.env.COGNITO_LOG_LEVEL ?? 'silent' });
  const ctx: Context = { logger };

  const config = {
    LambdaClient: {},
    TriggerFunctions: {},
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    TokenConfig: { IssuerDomain: `http://${host}:0` },
    KMSConfig: {},
    ServerConfig: { port: 0, hostname: host, development: false, https: false as const },
  };
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
  const sender = {
    async sendEmail(_ctx: Context, user: User, destination: string, message: Message) {
      outbox.add({
        to: destination,
        username: user.Username,
        code: message.__code,
        subject: message.emailSubject ?? 'Your verification code',
        at: new Date().toISOString(),
      });
    },
    async sendSms(_ctx: Context, user: User, destination: string, message: Message) {
      outbox.add({
        to: destination,
        username: user.Username,
        code: message.__code,
        subject: 'SMS',
        at: new Date().toISOString(),
      });
    },
  };
  const services: Services = {
    clock,
    cognito,
    config: config as unknown as Services['config'],
    messages: new MessagesService(triggers, new MessageDeliveryService(sender)),
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig as never),
    triggers,
  };

  const base = Router(services);
  const verificationKey = await importJWK(publicKey.jwk, 'RS256');
  const signedOutBefore = new Map<string, number>();

  async function verifyAccessToken(token: unknown): Promise<string> {
    if (typeof token !== 'string') throw new NotAuthorizedError('Invalid Access Token');
    try {
      const { payload } = await jwtVerify(token, verificationKey);
      if (payload.token_use !== 'access' || !payload.sub) throw new Error('not an access token');
      if (!String(payload.iss ?? '').startsWith(config.TokenConfig.IssuerDomain))
        throw new Error('foreign issuer');
      const cutoff = signedOutBefore.get(payload.sub);
      if (cutoff !== undefined && (payload.iat ?? 0) < cutoff) throw new Error('signed out');
      return payload.sub;
    } catch {
      throw new NotAuthorizedError('Invalid Access Token');
    }
  }
  const overrides: Record<string, (c: Context, req: Record<string, unknown>) => Promise<unknown>> = {
    async GetTokensFromRefreshToken(c, req) {
      const result = (await base('InitiateAuth')(c, {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: req.ClientId,
        AuthParameters: { REFRESH_TOKEN: req.RefreshToken },
      })) as { AuthenticationResult?: unknown };
      return { AuthenticationResult: result.AuthenticationResult };
    },

    async ResendConfirmationCode(c, req) {
      const pool = await cognito.getUserPoolForClientId(c, String(req.ClientId));
      const user = await pool.getUserByUsername(c, String(req.Username));
      // Prevent-user-existence errors: an unknown address gets a delivery that never happens.
      if (!user) return { CodeDeliveryDetails: simulatedDelivery(String(req.Username)) };
      if (user.UserStatus === 'CONFIRMED') throw new InvalidParameterError('User is already confirmed.');
      const email = user.Attributes.find((a) => a.Name === 'email')?.Value;
      if (!email) throw new InvalidParameterError('User has no email to send a code to');
      const code = services.otp();
      const details = { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: email } as const;
      await services.messages.deliver(
        c,
        'ResendCode',
        String(req.ClientId),
        pool.options.Id,
        user,
        code,
        undefined,
        details,
      );
      await pool.saveUser(c, { ...user, ConfirmationCode: code });
      return { CodeDeliveryDetails: details };
    },

    async GlobalSignOut(c, req) {
      const sub = await verifyAccessToken(req.AccessToken);
      for (const pool of await cognito.listUserPools(c)) {
        const service = await cognito.getUserPool(c, String(pool.Id));
        const user = await service.getUserByUsername(c, sub);
        if (user) await service.saveUser(c, { ...user, RefreshTokens: [] });
      }
      signedOutBefore.set(sub, Math.floor(Date.now() / 1000) + 1);
      return {};
    },

    async AdminUserGlobalSignOut(c, req) {
      const { pool, user } = await adminUser(c, req);
      await pool.saveUser(c, { ...user, RefreshTokens: [] });
      signOutEverywhere(user);
      return {};
    },

    // As in Cognito, disabling a user also revokes its tokens.
    async AdminDisableUser(c, req) {
      const { pool, user } = await adminUser(c, req);
      await pool.saveUser(c, { ...user, Enabled: false, RefreshTokens: [] });
      signOutEverywhere(user);
      return {};
    },

    async AdminSetUserMFAPreference(c, req) {
      const { pool, user } = await adminUser(c, req);
      const software = req.SoftwareTokenMfaSettings as
        { Enabled?: boolean; PreferredMfa?: boolean } | undefined;
      const methods = new Set(user.UserMFASettingList ?? []);
      if (software?.Enabled && !user.SoftwareTokenMfaConfiguration?.Verified)
        throw new InvalidParameterError('User has not verified software token MFA');
      if (software?.Enabled) methods.add('SOFTWARE_TOKEN_MFA');
      else if (software) methods.delete('SOFTWARE_TOKEN_MFA');
      await pool.saveUser(c, {
        ...user,
        UserMFASettingList: [...methods],
        PreferredMfaSetting: software?.PreferredMfa ? 'SOFTWARE_TOKEN_MFA' : undefined,
      });
      return {};
    },

    // Prevent-user-existence errors (the app client's setting in AWS): an unknown address gets
    // the answer a known one would, so neither reveals which accounts exist.
    async ForgotPassword(c, req) {
      try {
        return await base('ForgotPassword')(c, req);
      } catch (error) {
        if ((error as { code?: string }).code !== 'UserNotFoundException') throw error;
        return { CodeDeliveryDetails: simulatedDelivery(String(req.Username)) };
      }
    },
  };

  async function adminUser(c: Context, req: Record<string, unknown>) {
    const pool = await cognito.getUserPool(c, String(req.UserPoolId));
    const user = await pool.getUserByUsername(c, String(req.Username));
    if (!user) throw new UserNotFoundError('User does not exist.');
    return { pool, user };
  }

  function signOutEverywhere(user: User) {
    const sub = user.Attributes.find((a) => a.Name === 'sub')?.Value ?? user.Username;
    signedOutBefore.set(sub, Math.floor(Date.now() / 1000) + 1);
  }

  const router = (target: string) => {
    const override = overrides[target];
    if (override) return override;
    const delegate = base(target);
    return async (c: Context, req: Record<string, unknown>) => {
      const password = proposedPassword(target, req ?? {});
      if (password !== undefined) enforcePasswordPolicy(password);
      if (ACCESS_TOKEN_TARGETS.has(target) && req?.AccessToken !== undefined)
        await verifyAccessToken(req.AccessToken);
      const result = (await delegate(c, req).catch((error: unknown) => {
        throw withoutUserExistence(target, req ?? {}, error);
      })) as { AuthenticationResult?: { RefreshToken?: string } };
      const refreshToken = result?.AuthenticationResult?.RefreshToken;
      if (target === 'RespondToAuthChallenge' && refreshToken) {
        // cognito-local forgets refresh tokens issued after a challenge; the real pool does not.
        const pool = await cognito.getUserPoolForClientId(c, String(req.ClientId));
        const username = (req.ChallengeResponses as Record<string, string>).USERNAME ?? '';
        const user = await pool.getUserByUsername(c, username);
        if (user) await pool.storeRefreshToken(c, refreshToken, user);
      }
      return result;
    };
  };

  const app = createCognitoApp(router as never, logger, config.ServerConfig, services).application as (
    req: import('node:http').IncomingMessage,
    res: import('node:http').ServerResponse,
  ) => void;
  const server: Server = keepIdleConnections(
    createServer((req, res) => {
      // The outbox and the admin calls (which AWS allows only with IAM credentials) answer this
      // machine only, even when HOST opens the pool to the network for a phone on the LAN.
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
    }),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const endpoint = `http://${host}:${port}`;
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
