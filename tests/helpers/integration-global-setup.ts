/**
 * Starts the real local runtime once for the integration project: dynalite (in memory) and
 * cognito-local on free ports, the API server generated from the route table. Tests reach it
 * over HTTP and the AWS SDK, with the addresses handed over through `inject()`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startRuntime, type Runtime } from '../../scripts/local/runtime';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    cognitoEndpoint: string;
    userPoolId: string;
    userPoolClientId: string;
    issuer: string;
    dynamoEndpoint: string;
    /** The runtime's mail outbox file (notification e-mails the API's handlers sent). */
    mailOutbox: string;
  }
}

let runtime: Runtime | undefined;
let dataDir: string | undefined;

export async function setup(project: TestProject) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  process.env.LOG_LEVEL ??= 'error';
  // Notification rules may post to a test's receiver on 127.0.0.1 (never on a stage).
  process.env.ALLOW_LOCAL_WEBHOOKS = 'true';
  dataDir = mkdtempSync(join(tmpdir(), 'edge-integration-'));
  runtime = await startRuntime({
    dataDir,
    inMemoryTables: true,
    frontend: 'none',
    schedules: false,
    log: () => {},
  });
  project.provide('apiUrl', runtime.url);
  project.provide('cognitoEndpoint', runtime.cognito.endpoint);
  project.provide('userPoolId', runtime.cognito.userPoolId);
  project.provide('userPoolClientId', runtime.cognito.userPoolClientId);
  project.provide('issuer', runtime.cognito.issuer);
  project.provide('dynamoEndpoint', runtime.dynamoEndpoint);
  project.provide('mailOutbox', join(dataDir, 'cognito', 'outbox.jsonl'));
}

export async function teardown() {
  await runtime?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
