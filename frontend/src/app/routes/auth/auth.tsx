import { Navigate, useLocation } from 'react-router-dom';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { FullScreenSpinner } from '../../../components/ui/spinner';
import { AuthForm } from '../../../features/auth/components/auth-form';
import { useAppConfig } from '../../../lib/app-config';
import { redirectTarget, useAuth } from '../../../lib/auth';

/** /login and /signup: one screen, mode chosen by the path (spec 2). */
export function AuthRoute() {
  const location = useLocation();
  const { status, refresh } = useAuth();
  const { features } = useAppConfig();
  const mode = location.pathname === '/signup' ? 'signup' : 'login';

  if (status === 'loading') return <FullScreenSpinner />;
  if (status === 'signedIn') return <Navigate to={redirectTarget(location.state)} replace />;

  return (
    <AuthLayout>
      <AuthForm
        key={mode}
        mode={mode}
        onSignedIn={refresh}
        linkState={location.state}
        federatedSignIn={features.federatedSignIn}
      />
    </AuthLayout>
  );
}
