/**
 * AWS clients, built once per Lambda container (module scope), never inside a handler, and
 * registered for X-Ray (captured only where tracing is on: tracing.ts).
 * Locally the SDK's own AWS_ENDPOINT_URL_DYNAMODB / AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER
 * variables point them at dynalite and cognito-local.
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { traceClient } from './tracing';

/** The document client shares its base client's middleware, so capturing the base traces both. */
export const dynamoDb = DynamoDBDocumentClient.from(traceClient(new DynamoDBClient({})), {
  marshallOptions: { removeUndefinedValues: true },
});

export const cognito = traceClient(new CognitoIdentityProviderClient({}));
