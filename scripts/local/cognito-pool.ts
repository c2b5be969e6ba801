/**
 * The local user pool as the app sees it: the pool and SPA client, created over the real protocol
 * on first start and reused after, and Cognito's post-confirmation trigger run in process.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { passwordPolicy } from '@shared/auth/password-policy';
import type { PostConfirmationRequest } from './cognito-local-adapter';

export const REGION = 'local';

/**
 * Cognito's post-confirmation trigger, in process: lambdas/profile/triggers.ts (loaded on first
 * use, once the runtime has given the handlers their environment) with the event AWS sends. As
 * in AWS, the user stays confirmed if it fails; the failure is logged.
 */
export async function runPostConfirmation(request: PostConfirmationRequest, log: (line: string) => void) {
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
export async function ensurePool(
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
