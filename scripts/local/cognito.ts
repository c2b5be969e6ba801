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
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { importJWK, jwtVerify } from 'jose';
import { passwordWeaknesses } from '@shared/auth/password-policy';
import {
  CodeMismatchError,
  CognitoError,
  cognitoLocalPublicJwk,
  createCognitoLocal,
  InvalidParameterError,
  NotAuthorizedError,
  UserNotFoundError,
  type Context,
  type User,
} from './cognito-local-adapter';
import { ensurePool, REGION, runPostConfirmation } from './cognito-pool';
import { keepIdleConnections } from './keep-alive';

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
  const {
    services,
    cognito,
    tokenConfig,
    router: base,
    application,
  } = await createCognitoLocal({
    dbDir: join(dir, 'db'),
    host,
    logLevel: process.env.COGNITO_LOG_LEVEL ?? 'silent',
    // Of Cognito's Lambda triggers the product uses one, post-confirmation, and the local pool
    // runs the very export AWS invokes; every other trigger is reported disabled.
    postConfirmation: (request) => runPostConfirmation(request, log),
    deliver: (message) => outbox.add({ ...message, at: new Date().toISOString() }),
  });
  const verificationKey = await importJWK(cognitoLocalPublicJwk, 'RS256');
  const signedOutBefore = new Map<string, number>();

  async function verifyAccessToken(token: unknown): Promise<string> {
    if (typeof token !== 'string') throw new NotAuthorizedError('Invalid Access Token');
    try {
      const { payload } = await jwtVerify(token, verificationKey);
      if (payload.token_use !== 'access' || !payload.sub) throw new Error('not an access token');
      if (!String(payload.iss ?? '').startsWith(tokenConfig.IssuerDomain)) throw new Error('foreign issuer');
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

  const app = application(router);
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
  tokenConfig.IssuerDomain = endpoint;

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
