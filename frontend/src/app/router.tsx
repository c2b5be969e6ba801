import { useState } from 'react';
import { Navigate, RouterProvider, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { FullScreenSpinner } from '../components/ui/spinner';
import { ProtectedRoute } from '../lib/auth';
import { dashboardScreens } from '../lib/dashboard-screens';
import { RootErrorBoundary, RootLayout } from './routes/root';

/**
 * Every route of spec 2. Each screen is its own chunk (`lazy`), so the landing page never
 * downloads dashboard code.
 */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: FullScreenSpinner,
    ErrorBoundary: RootErrorBoundary,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./routes/landing')).LandingRoute }) },
      {
        path: 'about',
        lazy: async () => ({ Component: (await import('./routes/public/about')).AboutRoute }),
      },
      {
        path: 'features',
        lazy: async () => ({ Component: (await import('./routes/public/features')).FeaturesRoute }),
      },
      {
        path: 'careers',
        lazy: async () => ({ Component: (await import('./routes/public/careers')).CareersRoute }),
      },
      {
        path: 'contact',
        lazy: async () => ({ Component: (await import('./routes/public/contact')).ContactRoute }),
      },
      { path: 'help', lazy: async () => ({ Component: (await import('./routes/public/help')).HelpRoute }) },
      {
        path: 'terms',
        lazy: async () => ({ Component: (await import('./routes/public/terms')).TermsRoute }),
      },
      {
        path: 'privacy',
        lazy: async () => ({ Component: (await import('./routes/public/privacy')).PrivacyRoute }),
      },
      {
        path: 'pricing',
        lazy: async () => ({ Component: (await import('./routes/public/pricing')).PricingRoute }),
      },
      { path: 'login', lazy: async () => ({ Component: (await import('./routes/auth/auth')).AuthRoute }) },
      { path: 'signup', lazy: async () => ({ Component: (await import('./routes/auth/auth')).AuthRoute }) },
      {
        path: 'dashboard',
        Component: ProtectedRoute,
        children: [
          {
            lazy: async () => ({ Component: (await import('./routes/app/shell-layout')).ShellLayout }),
            children: [
              {
                index: true,
                lazy: async () => ({ Component: (await import('./routes/app/dashboard')).DashboardRoute }),
              },
              {
                path: 'scanner',
                lazy: async () => ({ Component: (await import('./routes/app/scanner')).ScannerRoute }),
              },
              {
                path: 'account',
                lazy: async () => ({ Component: (await import('./routes/app/account')).AccountRoute }),
              },
              {
                path: 'journal',
                lazy: async () => ({ Component: (await import('./routes/app/journal')).JournalRoute }),
              },
              {
                path: 'research',
                lazy: async () => ({ Component: (await import('./routes/app/research')).ResearchRoute }),
              },
              {
                path: 'darkpool',
                lazy: async () => ({ Component: (await import('./routes/app/darkpool')).DarkPoolRoute }),
              },
              {
                path: 'alerts',
                lazy: async () => ({ Component: (await import('./routes/app/alerts')).AlertsRoute }),
              },
              {
                path: 'risky-chatter',
                lazy: async () => ({
                  Component: (await import('./routes/app/risky-chatter')).RiskyChatterRoute,
                }),
              },
              {
                path: 'trend-alerts',
                lazy: async () => ({
                  Component: (await import('./routes/app/trend-alerts')).TrendAlertsRoute,
                }),
              },
              ...dashboardScreens
                .filter(
                  ({ path }) =>
                    ![
                      '',
                      'scanner',
                      'account',
                      'journal',
                      'research',
                      'darkpool',
                      'alerts',
                      'risky-chatter',
                      'trend-alerts',
                    ].includes(path),
                )
                .map(({ path, title }) => ({
                  path,
                  lazy: async () => {
                    const { ScreenInProgress } = await import('./routes/app/screen-in-progress');
                    return { element: <ScreenInProgress title={title} /> };
                  },
                })),
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(appRoutes));
  return <RouterProvider router={router} />;
}
