/**
 * The router in front of cognito-local's own, closing the gaps between it and the real Cognito
 * for everything the product uses (scripts/local/cognito.ts lists them): the password policy
 * wherever a password is set, access tokens verified before any call that takes one, refresh
 * tokens issued through an MFA challenge stored, and the calls cognito-local lacks
 * (GetTokensFromRefreshToken, ResendConfirmationCode, GlobalSignOut).
 */
import { importJWK, jwtVerify } from 'jose';
import { passwordWeaknesses } from '@shared/auth/password-policy';
import {
  CognitoError,
  InvalidParameterError,
  NotAuthorizedError,
  UserNotFoundError,
  signingKey,
  type Context,
  type Services,
} from './cognito-local-internals';

type Target = (c: Context, req: Record<string, unknown>) => Promise<unknown>;
type BaseRouter = (target: string) => Target;

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
 * Access tokens checked as Cognito does (signature, expiry, token use, issuer) plus global
 * sign-out: a token issued before its user signed out everywhere is refused.
 * `tokenConfig.IssuerDomain` is read at each call (the pool learns its port after it starts).
 */
export class AccessTokens {
  private readonly signedOutBefore = new Map<string, number>();
  private constructor(
    private readonly key: CryptoKey | Uint8Array,
    private readonly tokenConfig: { IssuerDomain: string },
  ) {}

  static async create(tokenConfig: { IssuerDomain: string }): Promise<AccessTokens> {
    return new AccessTokens(await importJWK(signingKey, 'RS256'), tokenConfig);
  }

  /** The token's subject, or NotAuthorizedError. */
  async verify(token: unknown): Promise<string> {
    if (typeof token !== 'string') throw new NotAuthorizedError('Invalid Access Token');
    try {
      const { payload } = await jwtVerify(token, this.key);
      if (payload.token_use !== 'access' || !payload.sub) throw new Error('not an access token');
      if (!String(payload.iss ?? '').startsWith(this.tokenConfig.IssuerDomain))
        throw new Error('foreign issuer');
      const cutoff = this.signedOutBefore.get(payload.sub);
      if (cutoff !== undefined && (payload.iat ?? 0) < cutoff) throw new Error('signed out');
      return payload.sub;
    } catch {
      throw new NotAuthorizedError('Invalid Access Token');
    }
  }

  /** Refuses every token of `sub` issued up to now. */
  signOut(sub: string): void {
    this.signedOutBefore.set(sub, Math.floor(Date.now() / 1000) + 1);
  }
}

/** The calls cognito-local lacks, answered as Cognito does. */
function missingCalls(base: BaseRouter, services: Services, tokens: AccessTokens): Record<string, Target> {
  const { cognito } = services;
  return {
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
      if (!user) throw new UserNotFoundError('Username/client id combination not found.');
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
      const sub = await tokens.verify(req.AccessToken);
      for (const pool of await cognito.listUserPools(c)) {
        const service = await cognito.getUserPool(c, String(pool.Id));
        const user = await service.getUserByUsername(c, sub);
        if (user) await service.saveUser(c, { ...user, RefreshTokens: [] });
      }
      tokens.signOut(sub);
      return {};
    },
  };
}

/** cognito-local's router `base` with the gaps closed. */
export function closeGaps(base: BaseRouter, services: Services, tokens: AccessTokens): BaseRouter {
  const overrides = missingCalls(base, services, tokens);
  return (target: string) => {
    const override = overrides[target];
    if (override) return override;
    const delegate = base(target);
    return async (c: Context, req: Record<string, unknown>) => {
      const password = proposedPassword(target, req ?? {});
      if (password !== undefined) enforcePasswordPolicy(password);
      if (ACCESS_TOKEN_TARGETS.has(target) && req?.AccessToken !== undefined)
        await tokens.verify(req.AccessToken);
      const result = (await delegate(c, req)) as { AuthenticationResult?: { RefreshToken?: string } };
      const refreshToken = result?.AuthenticationResult?.RefreshToken;
      if (target === 'RespondToAuthChallenge' && refreshToken) {
        // cognito-local forgets refresh tokens issued after a challenge; the real pool does not.
        const pool = await services.cognito.getUserPoolForClientId(c, String(req.ClientId));
        const username = (req.ChallengeResponses as Record<string, string>).USERNAME ?? '';
        const user = await pool.getUserByUsername(c, username);
        if (user) await pool.storeRefreshToken(c, refreshToken, user);
      }
      return result;
    };
  };
}
