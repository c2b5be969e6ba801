/**
 * The caller's sign-in account in Cognito: their email read with their own access token
 * (GetUser, which Cognito refuses for a signed-out or deleted user), and when an account was
 * created (AdminGetUser, for an account that somehow has no profile).
 */
import {
  AdminGetUserCommand,
  type CognitoIdentityProviderClient,
  GetUserCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { runtimeEnv } from '@shared/secrets';
import { requiredEnv } from '../common/env';

export interface SignInAccount {
  email: string;
  /** The MFA methods turned on ('SOFTWARE_TOKEN_MFA'). */
  mfa: string[];
}

export interface IdentityPort {
  /** Reads the caller's account with their own token; throws NotAuthorized when the session ended. */
  accountOf(accessToken: string): Promise<SignInAccount>;
  /** When the user (by `sub`) signed up; throws UserNotFound when there is no such user. */
  createdAt(userId: string): Promise<Date>;
}

export function cognitoIdentity(client: CognitoIdentityProviderClient): IdentityPort {
  return {
    async accountOf(accessToken) {
      const user = await client.send(new GetUserCommand({ AccessToken: accessToken }));
      const email = user.UserAttributes?.find((attribute) => attribute.Name === 'email')?.Value;
      if (!email) throw new Error('The user has no email attribute');
      return { email, mfa: user.UserMFASettingList ?? [] };
    },

    async createdAt(userId) {
      const user = await client.send(
        new AdminGetUserCommand({ UserPoolId: requiredEnv(runtimeEnv.userPoolId), Username: userId }),
      );
      if (!user.UserCreateDate) throw new Error('Cognito returned no creation date');
      return user.UserCreateDate;
    },
  };
}
