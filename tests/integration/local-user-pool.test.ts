/**
 * The local pool behaves like the real one for everything the product uses; these are the gaps
 * LOCAL-STACK.md lists for cognito-local, closed by scripts/local/cognito.ts.
 */
import {
  AssociateSoftwareTokenCommand,
  ChangePasswordCommand,
  ConfirmForgotPasswordCommand,
  ForgotPasswordCommand,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  InvalidPasswordException,
  NotAuthorizedException,
  ResendConfirmationCodeCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  SignUpCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { generateSync } from 'otplib';
import { describe, expect, it } from 'vitest';
import { passwordWeaknesses } from '@shared/auth/password-policy';
import {
  cognitoClient,
  createUser,
  latestCode,
  stack,
  strongPassword,
  uniqueEmail,
} from '../helpers/local-stack';

const client = cognitoClient();
const clientId = stack.userPoolClientId;

describe('local user pool', () => {
  it.each(['short1A', 'alllowercase1', 'ALLUPPERCASE1', 'NoDigitsHere'])(
    'refuses to sign up with the weak password %s, naming the reasons',
    async (password) => {
      const email = uniqueEmail('weak');
      const attempt = client.send(
        new SignUpCommand({ ClientId: clientId, Username: email, Password: password }),
      );
      await expect(attempt).rejects.toBeInstanceOf(InvalidPasswordException);
      await expect(attempt).rejects.toThrow(passwordWeaknesses(password)[0]!);
      // Nothing was created: the same email can still sign up with a good password.
      await client.send(
        new SignUpCommand({ ClientId: clientId, Username: email, Password: strongPassword() }),
      );
    },
  );

  it('applies the policy to password changes and resets too', async () => {
    const user = await createUser('change');
    await expect(
      client.send(
        new ChangePasswordCommand({
          AccessToken: user.accessToken,
          PreviousPassword: user.password,
          ProposedPassword: 'weak',
        }),
      ),
    ).rejects.toBeInstanceOf(InvalidPasswordException);

    await client.send(new ForgotPasswordCommand({ ClientId: clientId, Username: user.email }));
    const code = await latestCode(user.email);
    await expect(
      client.send(
        new ConfirmForgotPasswordCommand({
          ClientId: clientId,
          Username: user.email,
          ConfirmationCode: code,
          Password: 'weak',
        }),
      ),
    ).rejects.toBeInstanceOf(InvalidPasswordException);
    const newPassword = strongPassword();
    await client.send(
      new ConfirmForgotPasswordCommand({
        ClientId: clientId,
        Username: user.email,
        ConfirmationCode: code,
        Password: newPassword,
      }),
    );
    const signedIn = await client.send(
      new InitiateAuthCommand({
        ClientId: clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: user.email, PASSWORD: newPassword },
      }),
    );
    expect(signedIn.AuthenticationResult?.AccessToken).toBeTruthy();
  });

  it('resends a confirmation code, and the new code confirms', async () => {
    const email = uniqueEmail('resend');
    await client.send(new SignUpCommand({ ClientId: clientId, Username: email, Password: strongPassword() }));
    const first = await latestCode(email);
    const resent = await client.send(
      new ResendConfirmationCodeCommand({ ClientId: clientId, Username: email }),
    );
    expect(resent.CodeDeliveryDetails?.Destination).toBe(email);
    const second = await latestCode(email);
    expect(second).toMatch(/^\d{6}$/);
    const { ConfirmSignUpCommand } = await import('@aws-sdk/client-cognito-identity-provider');
    if (first !== second) {
      await expect(
        client.send(
          new ConfirmSignUpCommand({ ClientId: clientId, Username: email, ConfirmationCode: first }),
        ),
      ).rejects.toThrow();
    }
    await client.send(
      new ConfirmSignUpCommand({ ClientId: clientId, Username: email, ConfirmationCode: second }),
    );
  });

  it('refreshes with GetTokensFromRefreshToken, also after a TOTP MFA sign-in', async () => {
    const user = await createUser('mfa');
    const { SecretCode } = await client.send(
      new AssociateSoftwareTokenCommand({ AccessToken: user.accessToken }),
    );
    await client.send(
      new VerifySoftwareTokenCommand({
        AccessToken: user.accessToken,
        UserCode: generateSync({ secret: SecretCode! }),
      }),
    );
    await client.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: user.accessToken,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );

    const challenge = await client.send(
      new InitiateAuthCommand({
        ClientId: clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
      }),
    );
    expect(challenge.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    const answered = await client.send(
      new RespondToAuthChallengeCommand({
        ClientId: clientId,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: challenge.Session,
        ChallengeResponses: {
          USERNAME: user.email,
          SOFTWARE_TOKEN_MFA_CODE: generateSync({ secret: SecretCode! }),
        },
      }),
    );
    const refreshToken = answered.AuthenticationResult?.RefreshToken;
    expect(refreshToken).toBeTruthy();

    const refreshed = await client.send(
      new GetTokensFromRefreshTokenCommand({ ClientId: clientId, RefreshToken: refreshToken! }),
    );
    const user2 = await client.send(
      new GetUserCommand({ AccessToken: refreshed.AuthenticationResult!.AccessToken! }),
    );
    expect(user2.UserAttributes?.find((a) => a.Name === 'email')?.Value).toBe(user.email);
  });

  it('signs a user out everywhere: refresh tokens and older access tokens stop working', async () => {
    const user = await createUser('global');
    await client.send(new GlobalSignOutCommand({ AccessToken: user.accessToken }));
    await expect(client.send(new GetUserCommand({ AccessToken: user.accessToken }))).rejects.toBeInstanceOf(
      NotAuthorizedException,
    );
    await expect(
      client.send(
        new GetTokensFromRefreshTokenCommand({ ClientId: clientId, RefreshToken: user.refreshToken }),
      ),
    ).rejects.toThrow();
  });

  it('refuses a forged access token on the calls that take one', async () => {
    const user = await createUser('forged');
    const forged = `${user.accessToken.slice(0, -6)}AAAAAA`;
    await expect(client.send(new GetUserCommand({ AccessToken: forged }))).rejects.toBeInstanceOf(
      NotAuthorizedException,
    );
  });
});
