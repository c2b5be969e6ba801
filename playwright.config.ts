import { defineConfig, devices } from '@playwright/test';
import { latestSessionInstant } from './shared/src/market/calendar';

// Tests read local tables with the pinned AWS SDK; its notice about future Node 22 releases is noise.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/**
 * The e2e run starts its own `npm start` instances, each on its own port and data dir, fresh
 * each run: one as a developer runs it, one with the site gate on (SITE_PASSWORD). The first one's
 * research assistant talks to an OpenAI-compatible stub (tests/helpers/openai-stub.ts) on port + 2,
 * and its billing to the local Stripe stub (tests/helpers/stripe-stub.ts) on port + 3; it takes
 * push endpoints and webhooks on 127.0.0.1 (ALLOW_LOCAL_WEBHOOKS), where the push spec runs its
 * stand-in push service, and signs pushes with the VAPID pair it generates into its data dir.
 */
const port = Number(process.env.E2E_PORT ?? 4391);
const gatedPort = port + 1;
export const E2E_SITE_PASSWORD = 'e2e gate password';
/** Where the ungated instance keeps its data (its runtime.json names the local endpoints). */
export const E2E_DATA_DIR = `.data-e2e-${port}`;
/** Where the gated instance keeps its data. */
export const E2E_GATED_DATA_DIR = `.data-e2e-${gatedPort}`;
/** The AI server behind the ungated instance; tests script it over HTTP (`/_stub/replies`). */
export const E2E_OPENAI_STUB_URL = `http://127.0.0.1:${Number(process.env.E2E_OPENAI_STUB_PORT ?? port + 2)}`;
/** The local Stripe stub behind the ungated instance's billing (checkout page, portal, signed webhooks). */
export const E2E_STRIPE_STUB_URL = `http://127.0.0.1:${Number(process.env.E2E_STRIPE_STUB_PORT ?? port + 3)}`;
/**
 * The market time the ungated instance starts at (running from there): 10:30 New York of the
 * latest session, so the feeds of things that trade (alerts, dark pool prints, which exist only in
 * a session) move during a run whatever the hour. Specs read the market's now from runtime.json.
 */
export const E2E_MARKET_TIME = latestSessionInstant(new Date(), 60).toISOString();
const E2E_STRIPE_KEYS = { STRIPE_SECRET_KEY: 'sk_test_e2e_stub', STRIPE_WEBHOOK_SECRET: 'whsec_e2e_stub' };

/**
 * Specs run against the gated instance: the gate's own, and the contact limit's, which fills the
 * one browser viewer's (127.0.0.1) quota of messages and so must not share an instance with the
 * other specs that send one.
 */
const GATED_SPECS = /(site-gate|contact-limit)\.spec\.ts/;

const server = (serverPort: number, dataDir: string, env: Record<string, string> = {}) => ({
  command: `rm -rf ${dataDir} && node --import tsx scripts/start.ts`,
  env: { PORT: String(serverPort), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
  url: `http://127.0.0.1:${serverPort}/api/health`,
  reuseExistingServer: false,
  timeout: 60_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
});

export default defineConfig({
  testDir: 'tests/e2e',
  // Runs on other ports (side by side) keep their artifacts apart.
  outputDir: process.env.E2E_PORT ? `test-results/e2e-${port}` : 'test-results/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: 'playwright-report', open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: GATED_SPECS,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      name: 'chromium-site-gate',
      testMatch: GATED_SPECS,
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://127.0.0.1:${gatedPort}` },
    },
  ],
  webServer: [
    {
      command: 'node --import tsx tests/helpers/openai-stub.ts',
      env: { OPENAI_STUB_PORT: new URL(E2E_OPENAI_STUB_URL).port },
      url: `${E2E_OPENAI_STUB_URL}/_stub/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    },
    {
      command: 'node --import tsx tests/helpers/stripe-stub.ts',
      env: {
        STRIPE_STUB_PORT: new URL(E2E_STRIPE_STUB_URL).port,
        STRIPE_STUB_WEBHOOK_URL: `http://127.0.0.1:${port}/api/billing/webhook`,
        ...E2E_STRIPE_KEYS,
      },
      url: `${E2E_STRIPE_STUB_URL}/_stub/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    },
    server(port, E2E_DATA_DIR, {
      OPENAI_BASE_URL: `${E2E_OPENAI_STUB_URL}/v1`,
      OPENAI_API_KEY: 'e2e-stub-key',
      STRIPE_API_URL: E2E_STRIPE_STUB_URL,
      MARKET_TIME: E2E_MARKET_TIME,
      // Push subscriptions and webhooks to the spec's own stand-in push service on 127.0.0.1.
      ALLOW_LOCAL_WEBHOOKS: 'true',
      ...E2E_STRIPE_KEYS,
    }),
    server(gatedPort, E2E_GATED_DATA_DIR, { SITE_PASSWORD: E2E_SITE_PASSWORD }),
  ],
});
