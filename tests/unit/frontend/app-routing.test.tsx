// @vitest-environment jsdom
/**
 * The app's routes and the session: protected pages send a signed-out visitor to /login and back,
 * the signed-in shell calls the API with the access token, signing out (from the menu or when
 * Amplify cannot refresh) lands on /login, public routes for a signed-in visitor. The API is
 * answered by Mock Service Worker (tests/helpers/api-server.ts); routes a page calls that a test
 * does not serve answer 404.
 */
import { act, cleanup, configure, renderHook, screen, waitFor } from '@testing-library/react';
import { Hub } from 'aws-amplify/utils';
import { fetchAuthSession, getCurrentUser, signIn, signOut } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '@shared/profiles/schemas';
import { useAuth } from '../../../frontend/src/lib/auth';
import { profile, tradeStats } from '../../fixtures/api-responses';
import { requestsTo, serve, useApiServer } from '../../helpers/api-server';
import { renderApp } from '../../helpers/render-app';

configure({ asyncUtilTimeout: 10_000 });

vi.mock('aws-amplify/auth', async () => (await import('../../helpers/amplify-auth-mock')).amplifyAuthMock());

const USER = { userId: 'sub-123', username: 'sub-123' };
const EMAIL = 'trader@example.com';
const DAY_MS = 24 * 60 * 60 * 1000;

function tokens() {
  return {
    accessToken: { payload: { sub: USER.userId }, toString: () => 'access-token' },
    idToken: { payload: { sub: USER.userId, email: EMAIL }, toString: () => 'id-token' },
  };
}

function givenSignedIn() {
  vi.mocked(getCurrentUser).mockResolvedValue(USER);
  vi.mocked(fetchAuthSession).mockResolvedValue({ tokens: tokens() } as never);
}

function givenSignedOut() {
  vi.mocked(getCurrentUser).mockRejectedValue(new Error('User needs to be authenticated to call this API.'));
  vi.mocked(fetchAuthSession).mockResolvedValue({ tokens: undefined } as never);
}

const NOW = Date.now();
const PROFILE: Profile = profile(
  {
    id: USER.userId,
    email: EMAIL,
    created_at: new Date(NOW).toISOString(),
    updated_at: new Date(NOW).toISOString(),
    trial_end_date: new Date(NOW + 7 * DAY_MS).toISOString(),
  },
  NOW,
);

useApiServer(
  serve('getProfile', () => PROFILE),
  serve('getTradeStats', () => tradeStats()),
  serve('listTrades', () => ({ trades: [], cursor: null })),
  serve('signOutEverywhere', () => undefined),
);

beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn());
});

afterEach(() => {
  cleanup();
  vi.resetAllMocks();
  vi.unstubAllGlobals();
});

describe('protected routes', () => {
  it('show a full-screen spinner while authentication is loading', async () => {
    vi.mocked(getCurrentUser).mockReturnValue(new Promise(() => {}));
    renderApp('/dashboard/scanner');

    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Options Scanner' })).not.toBeInTheDocument();
  });

  it('send signed-out visitors to /login, then back to the page they wanted after sign-in', async () => {
    givenSignedOut();
    const { router, user } = renderApp('/dashboard/journal');

    expect(await screen.findByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');

    vi.mocked(signIn).mockImplementation(async () => {
      givenSignedIn();
      return { isSignedIn: true, nextStep: { signInStep: 'DONE' } };
    });
    await user.type(screen.getByLabelText('Email address'), EMAIL);
    await user.type(screen.getByLabelText('Password'), 'Str0ngPassword');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { name: 'Trading Journal' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/journal');
  });

  it('render the signed-in shell and the dashboard with the profile from GET /api/profile', async () => {
    givenSignedIn();
    renderApp('/dashboard');

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText("Welcome back! Here's what's happening with your trades.")).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav).toHaveTextContent(
      'DashboardScannerResearch AssistantDark Pool FlowTrend AlertsAlertsRisky ChatterJournalAccount',
    );
    expect(await screen.findByRole('group', { name: 'Portfolio Value' })).toBeInTheDocument();
    await waitFor(() => expect(requestsTo('getProfile').length).toBeGreaterThan(0));
    for (const request of requestsTo('getProfile'))
      expect(request.headers.get('authorization')).toBe('Bearer access-token');
  });

  it('sign out from the user menu and land on /login', async () => {
    givenSignedIn();
    vi.mocked(signOut).mockResolvedValue();
    const { router, user } = renderApp('/dashboard/account');

    await user.click(await screen.findByRole('button', { name: EMAIL }));
    expect(screen.getByRole('menuitem', { name: 'Account Settings' })).toHaveAttribute(
      'href',
      '/dashboard/account',
    );
    givenSignedOut();
    await user.click(screen.getByRole('menuitem', { name: 'Sign Out' }));

    expect(await screen.findByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();
    expect(signOut).toHaveBeenCalledOnce();
    expect(requestsTo('signOutEverywhere')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sign the user out to /login when Amplify cannot refresh the session', async () => {
    givenSignedIn();
    vi.mocked(signOut).mockResolvedValue();
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();

    givenSignedOut();
    act(() => Hub.dispatch('auth', { event: 'tokenRefresh_failure' }));

    expect(await screen.findByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();
    expect(signOut).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('public routes', () => {
  it('send already signed-in visitors on /signup to /dashboard', async () => {
    givenSignedIn();
    const { router } = renderApp('/signup');

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('redirect an unknown path to the landing page', async () => {
    givenSignedOut();
    const { router } = renderApp('/no-such-page');

    expect(
      await screen.findByRole('heading', { name: 'The AI Edge for Options Trading' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    for (const link of screen.getAllByRole('link', { name: 'Start 7-Day Free Trial' })) {
      expect(link).toHaveAttribute('href', '/signup');
    }
    expect(screen.getAllByRole('link', { name: 'Login' })[0]).toHaveAttribute('href', '/login');
  });
});

describe('useAuth', () => {
  it('throws outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useAuth())).toThrow('must be used within a Provider');
  });
});
