/** Reads the caller's verified email from Cognito with their own access token (GetUser). */
import {
  type CognitoIdentityProviderClient,
  GetUserCommand,
} from '@aws-sdk/client-cognito-identity-provider';

export interface IdentityPort {
  emailOf(accessToken: string): Promise<string>;
}

export function cognitoIdentity(client: CognitoIdentityProviderClient): IdentityPort {
  return {
    async emailOf(accessToken) {
      const user = await client.send(new GetUserCommand({ AccessToken: accessToken }));
      const email = user.UserAttributes?.find((attribute) => attribute.Name === 'email')?.Value;
      if (!email) throw new Error('The user has no email attribute');
      return email;
    },
  };
}
