import { Outlet, ScrollRestoration, isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { FullScreenError } from '../../components/ui/full-screen-error';

export function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
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
