/**
 * For handler unit tests over mocked AWS clients: every user route checks the caller's session
 * (lambdas/common/session.ts: the revocation in DynamoDB, the token with Cognito) and refuses a
 * request without a token. This answers both checks "alive" for any token the test sends: no
 * revocation, and GetUser honouring the token. Call it after each reset of the mocks.
 */
import {
  type CognitoIdentityProviderClient,
  GetUserCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { AwsClientStub } from 'aws-sdk-client-mock';
import { forgetSessions } from '../../lambdas/common/session';

export const REVOCATIONS_TABLE = 'revocations-test';

export function liveSessions(
  dynamo: AwsClientStub<DynamoDBDocumentClient>,
  cognito?: AwsClientStub<CognitoIdentityProviderClient>,
  email = 'ann@example.com',
): void {
  process.env.TABLE_REVOCATIONS = REVOCATIONS_TABLE;
  forgetSessions();
  dynamo.on(GetCommand, { TableName: REVOCATIONS_TABLE }).resolves({});
  cognito
    ?.on(GetUserCommand)
    .resolves({ Username: 'user', UserAttributes: [{ Name: 'email', Value: email }] });
}
