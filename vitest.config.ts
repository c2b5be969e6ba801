import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The lockfile pins the AWS SDK; its notice about future releases needing Node 22 is noise in test output.
const env = { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' };
const alias = { '@shared': fileURLToPath(new URL('./shared/src', import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          env,
          include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
          environment: 'node',
          setupFiles: ['tests/helpers/unit-setup.ts'],
          // The run's directory where each stage's CDK app is synthesized once for every infra test file.
          globalSetup: ['tests/unit/infra/global-setup.ts'],
          // Budgets, not ceilings to hide slowness: the slowest unit test takes about 2.5 s on an
          // idle machine, 7.9 s at load average 10 and up to 28.6 s (a jsdom page's first render)
          // at load 17 (docs/testing.md). The infra tests' synthesis hooks set their own limit
          // (SYNTH_TIMEOUT_MS).
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          env,
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/helpers/integration-global-setup.ts'],
          // The same budgets; a test that starts processes of its own names its own limit.
          testTimeout: 15_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
