/**
 * A local runtime of its own for the assistant's integration tests, started in this test file's
 * process so its handlers read this file's environment: the AI key and server either pointing at
 * the OpenAI-compatible stub (the model path) or absent (the offline analyst), whatever the
 * developer's shell holds. Users are real (signed up, confirmed with the emailed code, signed in).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import { randomUUID } from 'node:crypto';
import { tables, type TableKey } from '@shared/tables';
import { startRuntime, type Runtime } from '../../scripts/local/runtime';
import { startOpenAiStub, type OpenAiStub } from '../helpers/openai-stub';

export const STUB_KEY = 'sk-integration-stub';

export interface ChatUser {
  email: string;
  token: string;
  sub: string;
}

export interface ChatStack {
  runtime: Runtime;
  stub: OpenAiStub;
  db: DynamoDBDocumentClient;
  table(key: TableKey): string;
  createUser(tag: string): Promise<ChatUser>;
  /** Sets the caller's plan as the profile store holds it. */
  setPlan(user: ChatUser, plan: 'starter' | 'expired' | 'pro'): Promise<void>;
  api(
    path: string,
    init?: { token?: string; method?: string; body?: unknown },
  ): Promise<{ status: number; json: unknown; text: string }>;
  close(): Promise<void>;
}

export async function startChatStack({ model }: { model: boolean }): Promise<ChatStack> {
  const stub = await startOpenAiStub();
  delete process.env.OPENAI_MODEL;
  delete process.env.CHAT_TIME_BUDGET_MS;
  if (model) Object.assign(process.env, { OPENAI_API_KEY: STUB_KEY, OPENAI_BASE_URL: stub.baseUrl });
  else {
    delete process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_BASE_URL;
  }
  process.env.LOG_LEVEL ??= 'error';
  const dataDir = mkdtempSync(join(tmpdir(), 'edge-chat-'));
  const runtime = await startRuntime({
    dataDir,
    inMemoryTables: true,
    frontend: 'none',
    schedules: false,
    log: () => {},
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

  async function latestCode(email: string): Promise<string> {
    const response = await fetch(`${runtime.cognito.endpoint}/_local/outbox`);
    const { messages } = (await response.json()) as { messages: { to: string; code?: string }[] };
    const code = messages.filter((m) => m.to === email && m.code).at(-1)?.code;
    if (!code) throw new Error(`No code was sent to ${email}`);
    return code;
  }

  return {
    runtime,
    stub,
    db,
    table,
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
      return { email, token, sub: String(decodeJwt(token).sub) };
    },
    async setPlan(user, plan) {
      const now = new Date();
      await db.send(
        new PutCommand({
          TableName: table('profiles'),
          Item: {
            id: user.sub,
            email: user.email,
            full_name: null,
            created_at: new Date(now.getTime() - 30 * 86_400_000).toISOString(),
            updated_at: now.toISOString(),
            trial_end_date: new Date(now.getTime() - 86_400_000).toISOString(),
            subscription_tier: plan === 'expired' ? null : plan,
          },
        }),
      );
    },
    async api(path, init = {}) {
      const headers: Record<string, string> = {};
      if (init.token) headers.authorization = `Bearer ${init.token}`;
      if (init.body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(`${runtime.url}${path}`, {
        method: init.method ?? 'GET',
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      const text = await response.text();
      return { status: response.status, text, json: text ? (JSON.parse(text) as unknown) : undefined };
    },
    async close() {
      cognito.destroy();
      db.destroy();
      await runtime.close();
      await stub.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
