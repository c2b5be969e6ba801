/**
 * Renders the whole app (router, config, react-query, auth) at a path, for jsdom tests.
 * Each test file mocks 'aws-amplify/auth' itself (vi.mock is hoisted per file) with
 * `amplifyAuthMock()` from ./amplify-auth-mock as the factory's result.
 */
// The app loads Amplify and the signed-in shell on demand; loading them with the test file keeps
// that out of each test's time (a first findBy* waits 1 s by default).
import 'aws-amplify';
import 'aws-amplify/utils';
import '../../frontend/src/app/routes/app/shell-layout';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter, type InitialEntry } from 'react-router-dom';
import type { AppConfig } from '@shared/config/app-config';
import { appRoutes } from '../../frontend/src/app/router';
import { StaticAppConfigProvider } from '../../frontend/src/lib/app-config';
import { AuthProvider } from '../../frontend/src/lib/auth';

export const TEST_APP_CONFIG: AppConfig = {
  region: 'local',
  userPoolId: 'local_pool',
  userPoolClientId: 'client',
  stage: 'test',
  features: { siteGate: false, federatedSignIn: false },
};

export function renderApp(entry: InitialEntry, config: AppConfig = TEST_APP_CONFIG) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [entry] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <StaticAppConfigProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>
    </StaticAppConfigProvider>,
  );
  return { router, user: userEvent.setup() };
}
