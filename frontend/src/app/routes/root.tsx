import { Outlet, ScrollRestoration, isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { FullScreenError } from '../../components/ui/full-screen-error';
import { SiteGate } from '../../features/site-gate/components/site-gate';
import { useDocumentTitle } from '../../lib/document-title';

/** Every page sits behind the site gate (when the stage has one). */
export function RootLayout() {
  useDocumentTitle();
  return (
    <SiteGate>
      <Outlet />
      <ScrollRestoration />
    </SiteGate>
  );
}

/** Last-resort screen for an error thrown while rendering or loading a route. */
export function RootErrorBoundary() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'An unexpected error occurred';
  return (
    <FullScreenError
      title="Something went wrong"
      message={message}
      onRetry={() => window.location.reload()}
    />
  );
}
