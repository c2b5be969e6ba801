/**
 * The account routes' changes to the caller's sign-in in Cognito, as admin calls on the stage's
 * user pool: deleting the user, signing it out everywhere, turning its TOTP off. A user already
 * gone counts as deleted and as signed out.
 */
import {
  AdminDeleteUserCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminUserGlobalSignOutCommand,
  type CognitoIdentityProviderClient,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { runtimeEnv } from '@shared/secrets';
import { requiredEnv } from '../common/env';

export interface SignInAdmin {
  /** Deletes the Cognito user; a user already gone counts as deleted. */
  deleteUser(userId: string): Promise<void>;
  /** Invalidates every refresh token of the user (Cognito's global sign-out). */
  signOutEverywhere(userId: string): Promise<void>;
  /** Turns TOTP two-factor authentication off. */
  disableMfa(userId: string): Promise<void>;
}

async function unlessGone(call: Promise<unknown>): Promise<void> {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof UserNotFoundException)) throw error;
  }
}

export function cognitoSignInAdmin(
  client: CognitoIdentityProviderClient,
  userPoolId: () => string = () => requiredEnv(runtimeEnv.userPoolId),
): SignInAdmin {
  return {
    deleteUser: (userId) =>
      unlessGone(client.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId(), Username: userId }))),

    signOutEverywhere: (userId) =>
      unlessGone(
        client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId(), Username: userId })),
      ),

    async disableMfa(userId) {
      await client.send(
        new AdminSetUserMFAPreferenceCommand({
          UserPoolId: userPoolId(),
          Username: userId,
          SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
        }),
      );
    },
  };
}
