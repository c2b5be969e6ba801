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
          testTimeout: 60_000,
          // Generous for hooks that do much on a busy 2-core machine; the infra tests' synthesis
          // hooks set their own limit (SYNTH_TIMEOUT_MS in tests/unit/infra/synth-app.ts).
          hookTimeout: 300_000,
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
