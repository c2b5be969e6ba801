/**
 * AWS clients, built once per Lambda container (module scope), never inside a handler.
 * Locally the SDK's own AWS_ENDPOINT_URL_DYNAMODB / AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER
 * variables point them at dynalite and cognito-local.
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export const dynamoDb = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
  marshallOptions: { removeUndefinedValues: true },
});

export const cognito = new CognitoIdentityProviderClient({});
