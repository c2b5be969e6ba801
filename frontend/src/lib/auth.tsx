import { useQueryClient } from '@tanstack/react-query';
import { fetchAuthSession, getCurrentUser, signOut as amplifySignOut } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { outsideProviderError } from '@shared/constants/texts';
import { FullScreenSpinner } from '../components/ui/spinner';

export type AuthStatus = 'loading' | 'signedOut' | 'signedIn';

export type AuthUser = { sub: string; email: string };

export type AuthContextValue = {
  status: AuthStatus;
  user: AuthUser | null;
  /** Re-reads the session (after a sign-in); resolves once `status` reflects it. */
  refresh: () => Promise<void>;
  signOut: () => Promise<void>;
};

const AuthContext = createContext<AuthContextValue | null>(null);

/** The signed-in user from Amplify's stored tokens, or null when there is no valid session. */
async function readCurrentUser(): Promise<AuthUser | null> {
  try {
    const { userId, signInDetails } = await getCurrentUser();
    const { tokens } = await fetchAuthSession();
    if (!tokens?.accessToken) return null;
    const email = tokens.idToken?.payload.email;
    return { sub: userId, email: typeof email === 'string' ? email : (signInDetails?.loginId ?? '') };
  } catch {
    return null;
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ status: AuthStatus; user: AuthUser | null }>({
    status: 'loading',
    user: null,
  });
  const latestRead = useRef(0);

  const refresh = useCallback(async () => {
    const read = ++latestRead.current;
    const user = await readCurrentUser();
    if (read !== latestRead.current) return;
    setState(user ? { status: 'signedIn', user } : { status: 'signedOut', user: null });
  }, []);

  const markSignedOut = useCallback(() => {
    latestRead.current++;
    setState({ status: 'signedOut', user: null });
    queryClient.clear();
  }, [queryClient]);

  const signOut = useCallback(async () => {
    try {
      await amplifySignOut();
    } catch (error) {
      console.warn('Sign out did not complete cleanly', error);
    }
    markSignedOut();
  }, [markSignedOut]);

  useEffect(() => {
    void refresh();
    return Hub.listen('auth', ({ payload }) => {
      switch (payload.event) {
        case 'signedIn':
          void refresh();
          break;
        case 'signedOut':
          markSignedOut();
          break;
        case 'tokenRefresh_failure':
          void signOut();
          break;
      }
    });
  }, [refresh, markSignedOut, signOut]);

  const value = useMemo(() => ({ ...state, refresh, signOut }), [state, refresh, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error(outsideProviderError('useAuth'));
  return value;
}

export type RedirectState = { from?: { pathname: string; search?: string; hash?: string } };

/** Where to go after signing in: the protected page the visitor asked for, else the dashboard. */
export function redirectTarget(state: unknown): string {
  const from = (state as RedirectState | null)?.from;
  if (
    !from ||
    typeof from.pathname !== 'string' ||
    !from.pathname.startsWith('/') ||
    from.pathname.startsWith('//')
  ) {
    return '/dashboard';
  }
  if (from.pathname === '/login' || from.pathname === '/signup') return '/dashboard';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/** Route element for signed-in pages: spinner while loading, /login (remembering the page) when signed out. */
export function ProtectedRoute() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <FullScreenSpinner />;
  if (status === 'signedOut') {
    const state: RedirectState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}
