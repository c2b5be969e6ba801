/** What integration tests need to reach the local stack started by the global setup. */
import {
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { tables, type TableDefinition } from '@shared/tables';
import { requestFrom } from './request-from';

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };

export const stack = {
  apiUrl: inject('apiUrl'),
  cognitoEndpoint: inject('cognitoEndpoint'),
  userPoolId: inject('userPoolId'),
  userPoolClientId: inject('userPoolClientId'),
  issuer: inject('issuer'),
  dynamoEndpoint: inject('dynamoEndpoint'),
  /** Where the runtime's handlers write e-mail (the API server runs in the global setup's process). */
  mailOutbox: inject('mailOutbox'),
};

export const cognitoClient = () =>
  new CognitoIdentityProviderClient({ endpoint: stack.cognitoEndpoint, region: 'local', credentials });

export const documentClient = () =>
  DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: stack.dynamoEndpoint, region: 'local', credentials }),
  );

/**
 * A new table shaped like the feeds table, named `<prefix>_<random>`: for a test that runs a job
 * over every feed (the cap job) without touching the live feeds other tests read.
 */
export async function createFeedsShapedTable(prefix: string): Promise<string> {
  const table = `${prefix}_${randomUUID().slice(0, 8)}`;
  const { partitionKey, sortKey } = tables.feeds;
  await new DynamoDBClient({ endpoint: stack.dynamoEndpoint, region: 'local', credentials }).send(
    new CreateTableCommand({
      TableName: table,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [
        { AttributeName: partitionKey.name, AttributeType: 'S' },
        { AttributeName: sortKey!.name, AttributeType: 'S' },
      ],
      KeySchema: [
        { AttributeName: partitionKey.name, KeyType: 'HASH' },
        { AttributeName: sortKey!.name, KeyType: 'RANGE' },
      ],
    }),
  );
  return table;
}

/** Points the handlers' module-scope AWS clients at the local stack, before they are imported. */
export function useLocalStackEnvironment() {
  Object.assign(process.env, {
    AWS_REGION: 'local',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_DYNAMODB: stack.dynamoEndpoint,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: stack.cognitoEndpoint,
  });
  for (const definition of Object.values(tables) as TableDefinition[])
    process.env[definition.envVar] = definition.id;
}

export const strongPassword = () => `Pw-${randomUUID().slice(0, 8)}A9z`;
export const uniqueEmail = (tag = 'user') => `${tag}-${randomUUID().slice(0, 8)}@example.com`;

/** The newest code the local pool "emailed" to an address. */
export async function latestCode(email: string): Promise<string> {
  const response = await fetch(`${stack.cognitoEndpoint}/_local/outbox`);
  const { messages } = (await response.json()) as { messages: { to: string; code?: string }[] };
  const code = messages.filter((m) => m.to === email && m.code).at(-1)?.code;
  if (!code) throw new Error(`No code was sent to ${email}`);
  return code;
}

export interface TestUser {
  email: string;
  password: string;
  accessToken: string;
  idToken: string;
  refreshToken: string;
}

/** A throwaway user, signed up, confirmed with the emailed code, and signed in. */
export async function createUser(tag = 'user'): Promise<TestUser> {
  const client = cognitoClient();
  const email = uniqueEmail(tag);
  const password = strongPassword();
  await client.send(
    new SignUpCommand({ ClientId: stack.userPoolClientId, Username: email, Password: password }),
  );
  await client.send(
    new ConfirmSignUpCommand({
      ClientId: stack.userPoolClientId,
      Username: email,
      ConfirmationCode: await latestCode(email),
    }),
  );
  const auth = await client.send(
    new InitiateAuthCommand({
      ClientId: stack.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  const result = auth.AuthenticationResult;
  if (!result?.AccessToken || !result.IdToken || !result.RefreshToken)
    throw new Error('sign-in returned no tokens');
  return {
    email,
    password,
    accessToken: result.AccessToken,
    idToken: result.IdToken,
    refreshToken: result.RefreshToken,
  };
}

/** Calls the local API as a browser would (same origin, JSON). */
export async function api(
  path: string,
  init: {
    method?: string;
    token?: string;
    body?: unknown;
    /** Sent as it is: text, or bytes (which need not be UTF-8). */
    rawBody?: string | Uint8Array<ArrayBuffer>;
    headers?: Record<string, string>;
    /** Send from this loopback address (another viewer); see request-from.ts. */
    from?: string;
  } = {},
) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined || init.rawBody !== undefined) headers['content-type'] ??= 'application/json';
  if (init.from) {
    const body = init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body));
    const response = await requestFrom(init.from, `${stack.apiUrl}${path}`, {
      method: init.method,
      headers,
      body,
    });
    return {
      status: response.status,
      headers: new Headers(
        Object.entries(response.headers).flatMap(([k, v]) =>
          v === undefined ? [] : [[k, Array.isArray(v) ? v.join(', ') : v] as [string, string]],
        ),
      ),
      text: response.text,
      json: response.json,
    };
  }
  const response = await fetch(`${stack.apiUrl}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    json:
      text && /json/.test(response.headers.get('content-type') ?? '')
        ? (JSON.parse(text) as unknown)
        : undefined,
  };
}
