import { apiPath } from '@shared/routes';
import { useQueryClient } from '@tanstack/react-query';
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
import { undefined as undefinedSchema } from 'zod/mini';
import { FullScreenSpinner } from '../components/ui/spinner';
import { loadAmplify, type AmplifyAuth } from './amplify';
import { apiRequest } from './api-client';
import { useAppConfig } from './app-config';

export type AuthStatus = 'loading' | 'signedOut' | 'signedIn';

export type AuthUser = { sub: string; email: string };

export type AuthContextValue = {
  status: AuthStatus;
  user: AuthUser | null;
  /** Re-reads the session (after a sign-in); resolves once `status` reflects it. */
  refresh: () => Promise<void>;
  /** Signs out everywhere: every session ends on the server, and the site gate locks. */
  signOut: () => Promise<void>;
  /**
   * Ends this browser's session only, to sign in again (a re-authentication): other devices
   * stay signed in and the site gate stays open.
   */
  signOutThisDevice: () => Promise<void>;
};

/** The site gate's query key (its query lives in features/site-gate; the key is shared). */
export const SITE_GATE_QUERY_KEY = ['site-gate'] as const;

const AuthContext = createContext<AuthContextValue | null>(null);

/** The signed-in user from Amplify's stored tokens, or null when there is no valid session. */
async function readCurrentUser(auth: AmplifyAuth): Promise<AuthUser | null> {
  try {
    const { userId, signInDetails } = await auth.getCurrentUser();
    const { tokens } = await auth.fetchAuthSession();
    if (!tokens?.accessToken) return null;
    const email = tokens.idToken?.payload.email;
    return { sub: userId, email: typeof email === 'string' ? email : (signInDetails?.loginId ?? '') };
  } catch {
    return null;
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const config = useAppConfig();
  const siteGate = config.features.siteGate;
  const [state, setState] = useState<{ status: AuthStatus; user: AuthUser | null }>({
    status: 'loading',
    user: null,
  });
  const latestRead = useRef(0);

  const refresh = useCallback(async () => {
    const read = ++latestRead.current;
    let user: AuthUser | null = null;
    try {
      user = await readCurrentUser((await loadAmplify(config)).auth);
    } catch (error) {
      // Amplify could not be downloaded: nobody can be signed in on this page load.
      console.warn('Authentication could not be loaded', error);
    }
    if (read !== latestRead.current) return;
    setState(user ? { status: 'signedIn', user } : { status: 'signedOut', user: null });
  }, [config]);

  const markSignedOut = useCallback(() => {
    latestRead.current++;
    setState({ status: 'signedOut', user: null });
    // The signed-out visitor keeps nothing of the user's data; only the site gate's state survives.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SITE_GATE_QUERY_KEY[0] });
  }, [queryClient]);

  const signOut = useCallback(async () => {
    // The server first: it ends every session (Cognito's global sign-out) and records the
    // revocation the API checks; then this browser forgets its tokens.
    await apiRequest(apiPath('signOutEverywhere'), undefinedSchema(), { method: 'POST' }).catch(
      (error: unknown) => console.warn('The sessions could not be ended on the server', error),
    );
    try {
      await (await loadAmplify(config)).auth.signOut();
    } catch (error) {
      console.warn('Sign out did not complete cleanly', error);
    }
    // Spec: logging out also clears the site gate (its HttpOnly cookie only the server can clear).
    if (siteGate) {
      await apiRequest(apiPath('lockSiteGate'), undefinedSchema(), { method: 'DELETE' })
        .then(() => queryClient.setQueryData(SITE_GATE_QUERY_KEY, { required: true, unlocked: false }))
        .catch((error: unknown) => console.warn('The site gate could not be locked', error));
    }
    markSignedOut();
  }, [markSignedOut, siteGate, queryClient, config]);

  const signOutThisDevice = useCallback(async () => {
    try {
      await (await loadAmplify(config)).auth.signOut();
    } catch (error) {
      console.warn('Sign out did not complete cleanly', error);
    }
    markSignedOut();
  }, [markSignedOut, config]);

  useEffect(() => {
    let active = true;
    let stopListening: (() => void) | undefined;
    void refresh();
    loadAmplify(config)
      .then(({ Hub }) => {
        if (!active) return;
        stopListening = Hub.listen('auth', ({ payload }) => {
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
      })
      .catch(() => undefined);
    return () => {
      active = false;
      stopListening?.();
    };
  }, [refresh, markSignedOut, signOut, config]);

  const value = useMemo(
    () => ({ ...state, refresh, signOut, signOutThisDevice }),
    [state, refresh, signOut, signOutThisDevice],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error(outsideProviderError('useAuth'));
  return value;
}

export type RedirectState = { from?: { pathname: string; search?: string; hash?: string } };

/** A base no path can leave: a target that resolves elsewhere names another origin. */
const SAME_ORIGIN = 'https://same-origin.invalid';

/**
 * Where to go after signing in: the signed-in page the visitor asked for (or was sent from to
 * sign in again), else the dashboard. Only a relative path that stays on this origin is taken.
 */
export function redirectTarget(state: unknown): string {
  const from = (state as RedirectState | null)?.from;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/')) return '/dashboard';
  const { search = '', hash = '' } = from;
  if (typeof search !== 'string' || typeof hash !== 'string') return '/dashboard';
  const target = `${from.pathname}${search}${hash}`;
  // '//host' and '/\host' are relative to the scheme only: browsers read both as another origin.
  let url: URL;
  try {
    url = new URL(target, SAME_ORIGIN);
  } catch {
    return '/dashboard';
  }
  if (url.origin !== SAME_ORIGIN || url.pathname === '/login' || url.pathname === '/signup') {
    return '/dashboard';
  }
  return target;
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
