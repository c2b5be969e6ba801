/**
 * A local runtime of its own for the billing tests, started in the test file's process so its
 * handlers read this file's environment: Stripe's keys and API URL pointing at the local Stripe
 * stub, which posts its signed events to this runtime's webhook route. Users are real (signed
 * up, confirmed with the emailed code, so their trial started, and signed in).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import { randomUUID } from 'node:crypto';
import { profileSchema, type Profile } from '@shared/profiles/schemas';
import { runtimeEnv, secrets } from '@shared/secrets';
import { tables, type TableKey } from '@shared/tables';
import { clearSecretCache } from '../../lambdas/common/secrets';
import { startRuntime, type Runtime } from '../../scripts/local/runtime';
import { startStripeStub, type StripeStub } from '../helpers/stripe-stub';

export interface BillingUser {
  email: string;
  password: string;
  token: string;
  sub: string;
}

export interface BillingStack {
  runtime: Runtime;
  stub: StripeStub;
  db: DynamoDBDocumentClient;
  cognito: CognitoIdentityProviderClient;
  table(key: TableKey): string;
  createUser(tag: string): Promise<BillingUser>;
  profile(user: BillingUser): Promise<Profile | undefined>;
  /** Turns billing on (Stripe keys and URL in the environment) or off. */
  billing(on: boolean): void;
  /** The notification e-mails the runtime wrote to its outbox for `email` (Cognito's codes left out). */
  mails(email: string): { to: string; subject: string; text: string }[];
  api(
    path: string,
    init?: { token?: string; method?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; json: unknown; text: string; headers: Headers }>;
  close(): Promise<void>;
}

export async function startBillingStack(options: { seedCatalog?: boolean } = {}): Promise<BillingStack> {
  process.env.LOG_LEVEL ??= 'error';
  const dataDir = mkdtempSync(join(tmpdir(), 'edge-billing-'));
  const runtime = await startRuntime({
    dataDir,
    inMemoryTables: true,
    frontend: 'none',
    schedules: false,
    log: () => {},
  });
  const stub = await startStripeStub({
    webhookUrl: `${runtime.url}/api/billing/webhook`,
    seedCatalog: options.seedCatalog,
  });
  const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  const cognito = new CognitoIdentityProviderClient({
    endpoint: runtime.cognito.endpoint,
    region: runtime.cognito.region,
    credentials,
  });
  const db = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: runtime.dynamoEndpoint, region: runtime.cognito.region, credentials }),
  );
  const table = (key: TableKey) => process.env[tables[key].envVar]!;
  const clientId = runtime.cognito.userPoolClientId;

  function billing(on: boolean) {
    clearSecretCache();
    if (on) {
      process.env[secrets.stripeSecretKey.localEnvVar] = stub.secretKey;
      process.env[secrets.stripeWebhookSecret.localEnvVar] = stub.webhookSecret;
      process.env[runtimeEnv.stripeApiUrl] = stub.url;
    } else {
      delete process.env[secrets.stripeSecretKey.localEnvVar];
      delete process.env[secrets.stripeWebhookSecret.localEnvVar];
      delete process.env[runtimeEnv.stripeApiUrl];
    }
  }

  async function latestCode(email: string): Promise<string> {
    const response = await fetch(`${runtime.cognito.endpoint}/_local/outbox`);
    const { messages } = (await response.json()) as { messages: { to: string; code?: string }[] };
    const code = messages.filter((m) => m.to === email && m.code).at(-1)?.code;
    if (!code) throw new Error(`No code was sent to ${email}`);
    return code;
  }

  const outbox = join(dataDir, 'cognito', 'outbox.jsonl');

  return {
    runtime,
    stub,
    db,
    cognito,
    table,
    billing,
    mails: (email) =>
      existsSync(outbox)
        ? readFileSync(outbox, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line) as { to: string; subject?: string; text?: unknown })
            .filter(
              (m): m is { to: string; subject: string; text: string } =>
                m.to === email && typeof m.text === 'string',
            )
        : [],
    async createUser(tag) {
      const email = `${tag}-${randomUUID().slice(0, 8)}@example.com`;
      const password = `Pw-${randomUUID().slice(0, 8)}A9z`;
      await cognito.send(new SignUpCommand({ ClientId: clientId, Username: email, Password: password }));
      await cognito.send(
        new ConfirmSignUpCommand({
          ClientId: clientId,
          Username: email,
          ConfirmationCode: await latestCode(email),
        }),
      );
      const auth = await cognito.send(
        new InitiateAuthCommand({
          ClientId: clientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD: password },
        }),
      );
      const token = auth.AuthenticationResult!.AccessToken!;
      return { email, password, token, sub: String(decodeJwt(token).sub) };
    },
    async profile(user) {
      const { Item } = await db.send(
        new GetCommand({ TableName: table('profiles'), Key: { id: user.sub }, ConsistentRead: true }),
      );
      return Item ? profileSchema.parse(Item) : undefined;
    },
    async api(path, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      if (init.token) headers.authorization = `Bearer ${init.token}`;
      if (init.body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(`${runtime.url}${path}`, {
        method: init.method ?? 'GET',
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      const text = await response.text();
      let json: unknown;
      try {
        json = text ? (JSON.parse(text) as unknown) : undefined;
      } catch {
        json = undefined;
      }
      return { status: response.status, text, json, headers: response.headers };
    },
    async close() {
      billing(false);
      cognito.destroy();
      db.destroy();
      await runtime.close();
      await stub.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
