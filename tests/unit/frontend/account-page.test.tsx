// @vitest-environment jsdom
/**
 * Account Settings in jsdom, the API answered by Mock Service Worker (tests/helpers/api-server.ts,
 * every answer and request checked against the shared contract): the Subscription card's display
 * rules and colours, Upgrade Plan (checkout, or how to reach sales when payments are off),
 * Billing History, the profile's name and preferences, statistics, delete with the spec's
 * confirmation, and the plan-limit notice other screens show.
 */
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import { fetchMFAPreference, signIn, signOut, updatePassword } from 'aws-amplify/auth';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECENT_SIGN_IN_MINUTES } from '@shared/auth/sessions';
import { DELETE_ACCOUNT_CONFIRMATION } from '@shared/constants/texts';
import type { Profile } from '@shared/profiles/schemas';
import { PlanLimitNotice } from '../../../frontend/src/components/ui/plan-limit-notice';
import { profile } from '../../fixtures/api-responses';
import { apiError, apiServer, requestsTo, serve, useApiServer } from '../../helpers/api-server';
import { mockSignedIn } from '../../helpers/signed-in';
import { renderApp } from '../../helpers/render-app';

configure({ asyncUtilTimeout: 10_000 });

vi.mock('aws-amplify/auth', async () => ({
  ...(await import('../../helpers/amplify-auth-mock')).amplifyAuthMock(),
  fetchMFAPreference: vi.fn(async () => ({ enabled: [] })),
  updatePassword: vi.fn(async () => undefined),
  setUpTOTP: vi.fn(),
  verifyTOTPSetup: vi.fn(),
  updateMFAPreference: vi.fn(),
}));

const DAY_MS = 86_400_000;
const now = Date.now();
const assign = vi.fn();

/** The profile these tests start from: a trial with a minute short of five days left. */
const baseProfile = (overrides: Partial<Profile> = {}): Profile =>
  profile({ trial_end_date: new Date(now + 5 * DAY_MS - 60_000).toISOString(), ...overrides }, now);

/** The profile the API answers with for the rest of the test. */
const serveProfile = (profile: Profile) => apiServer.use(serve('getProfile', () => profile));

useApiServer(
  serve('getProfile', () => baseProfile()),
  serve('getBilling', () => ({ enabled: true })),
  serve('createCheckout', () => ({ url: 'https://checkout.stripe.test/c/pay_123' })),
  serve('openBillingPortal', () => ({ url: 'https://billing.stripe.test/p/session_1' })),
  serve('getAccountStats', () => ({
    total_trades: 12,
    closed_trades: 10,
    win_rate: 60,
    ai_questions_this_month: 7,
    member_since: baseProfile().created_at,
    member_days: 2,
  })),
  serve('deleteAccount', () => undefined),
  serve('signOutEverywhere', () => undefined),
);

beforeEach(() => {
  mockSignedIn();
  vi.mocked(signOut).mockResolvedValue(undefined);
  vi.mocked(fetchMFAPreference).mockResolvedValue({ enabled: [] });
  vi.stubGlobal('scrollTo', vi.fn());
  vi.stubGlobal('location', { ...window.location, assign });
  localStorage.setItem('onboardingCompleted', 'true');
  localStorage.setItem('lastSeenNewsDate', new Date().toLocaleDateString('en-CA'));
});

afterEach(() => {
  cleanup();
  assign.mockClear();
  vi.mocked(signOut).mockClear();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const card = () => screen.findByRole('region', { name: 'Subscription' });

describe('the Subscription card', () => {
  it.each([
    ['a running trial', {}, 'Trial (5 days left)', 'yellow'],
    [
      'Starter',
      { trial_end_date: new Date(now - DAY_MS).toISOString(), subscription_tier: 'starter' },
      'Starter Plan',
      'blue',
    ],
    [
      'Pro',
      { trial_end_date: new Date(now - DAY_MS).toISOString(), subscription_tier: 'pro' },
      'Pro Plan',
      'green',
    ],
    [
      'Elite',
      { trial_end_date: new Date(now - DAY_MS).toISOString(), subscription_tier: 'elite' },
      'Elite Plan',
      'purple',
    ],
    [
      'an ended trial',
      { trial_end_date: new Date(now - DAY_MS).toISOString(), subscription_tier: null },
      'Free Trial Expired',
      'red',
    ],
  ] as const)('shows %s (%o) as %s in %s', async (_name, overrides, label, colour) => {
    serveProfile(baseProfile(overrides));
    renderApp('/dashboard/account');
    const badge = within(await card()).getAllByText(label)[0]!;
    expect(badge.className).toContain(`text-${colour}-300`);
  });

  it('shows the billing period and renewal date of a subscription', async () => {
    serveProfile(
      baseProfile({
        trial_end_date: new Date(now - DAY_MS).toISOString(),
        subscription_tier: 'pro',
        billing: {
          provider: 'stripe',
          customer_id: 'cus_1',
          subscription_id: 'sub_1',
          status: 'active',
          plan: 'pro',
          period: 'year',
          renews_at: '2027-11-23T00:00:00.000Z',
          cancel_at_period_end: false,
          updated_at: new Date(now).toISOString(),
        },
      }),
    );
    renderApp('/dashboard/account');
    const subscription = await card();
    expect(within(subscription).getByText('Annual')).toBeInTheDocument();
    expect(within(subscription).getByText('Renews on')).toBeInTheDocument();
    expect(within(subscription).getByText('November 23, 2027')).toBeInTheDocument();
    expect(within(subscription).getByText('Trial ended')).toBeInTheDocument();
  });

  it('Upgrade Plan: annual Pro starts a checkout for {plan: pro, period: year} and goes to its page', async () => {
    const { user } = renderApp('/dashboard/account');
    await user.click(within(await card()).getByRole('button', { name: 'Upgrade Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade Plan' });
    await user.click(within(dialog).getByText('Annual'));
    expect(within(dialog).getByText('$988')).toBeInTheDocument();
    expect(within(dialog).getByText('Save $200/year')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Choose Pro, annual' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay_123'));
    expect(requestsTo('createCheckout').map((request) => request.body)).toEqual([
      { plan: 'pro', period: 'year' },
    ]);
  });

  it('with payments off, Upgrade Plan says how to reach sales and starts no checkout', async () => {
    apiServer.use(serve('getBilling', () => ({ enabled: false })));
    const { user } = renderApp('/dashboard/account');
    await user.click(within(await card()).getByRole('button', { name: 'Upgrade Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade Plan' });
    await user.click(within(dialog).getByRole('button', { name: 'Choose Elite, monthly' }));
    const note = within(dialog).getByRole('note');
    expect(note).toHaveTextContent('Online payments are not enabled here yet');
    const mail = within(note).getByRole('link', { name: 'sales@edgeoptions.app' });
    expect(mail.getAttribute('href')).toBe(
      `mailto:sales@edgeoptions.app?subject=${encodeURIComponent('Subscribe to Elite (monthly)')}`,
    );
    expect(within(note).getByRole('link', { name: '+1 (800) 555-0199' })).toBeInTheDocument();
    expect(requestsTo('createCheckout')).toEqual([]);
  });

  it('opens the dialog on the plan a plan-limit link names (?upgrade=pro)', async () => {
    renderApp('/dashboard/account?upgrade=pro');
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade Plan' });
    const pro = within(dialog).getByRole('button', { name: 'Choose Pro, monthly' });
    expect(pro.className).toContain('bg-emerald-500');
  });

  it('Billing History opens the portal, or says there is none yet', async () => {
    const { user } = renderApp('/dashboard/account');
    await user.click(within(await card()).getByRole('button', { name: 'Billing History' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.stripe.test/p/session_1'));
    apiServer.use(
      serve('openBillingPortal', () =>
        apiError(404, 'not_found', 'No billing history yet: you have not subscribed to a plan.'),
      ),
    );
    await user.click(within(await card()).getByRole('button', { name: 'Billing History' }));
    expect(await within(await card()).findByText(/No billing history yet/)).toBeInTheDocument();
  });

  it('after a paid checkout, asks for the profile again until the plan shows', async () => {
    const { router } = renderApp('/dashboard/account?checkout=success');
    expect(await within(await card()).findByText(/Confirming your plan/)).toBeInTheDocument();
    serveProfile(
      baseProfile({
        trial_end_date: new Date(now).toISOString(),
        subscription_tier: 'pro',
        billing: {
          provider: 'stripe',
          customer_id: 'cus_1',
          subscription_id: 'sub_1',
          status: 'active',
          plan: 'pro',
          period: 'month',
          renews_at: new Date(now + 30 * DAY_MS).toISOString(),
          cancel_at_period_end: false,
          updated_at: new Date(now).toISOString(),
        },
      }),
    );
    expect(
      await within(await card()).findByText(
        'Payment received: you are on the Pro Plan.',
        {},
        { timeout: 8_000 },
      ),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe('?checkout=success');
  });
});

describe('profile, preferences and statistics', () => {
  it('edits the full name with Edit and Save', async () => {
    apiServer.use(serve('updateProfile', () => baseProfile({ full_name: 'Grace Hopper' })));
    const { user } = renderApp('/dashboard/account');
    const section = await screen.findByRole('region', { name: 'Profile Information' });
    expect(within(section).getByText('Contact support to change your email address')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Edit' }));
    await user.clear(within(section).getByLabelText('Full name'));
    await user.type(within(section).getByLabelText('Full name'), 'Grace Hopper');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText('Grace Hopper')).toBeInTheDocument();
    expect(requestsTo('updateProfile').map((request) => request.body)).toEqual([
      { full_name: 'Grace Hopper' },
    ]);
  });

  it('saves a notification switch on the profile at once', async () => {
    const saved = baseProfile();
    saved.notification_prefs.push_notifications = false;
    apiServer.use(serve('updateProfile', () => saved));
    const { user } = renderApp('/dashboard/account');
    const push = await screen.findByRole('switch', { name: 'Push notifications' });
    expect(push).toHaveAttribute('aria-checked', 'true');
    await user.click(push);
    await waitFor(() => expect(push).toHaveAttribute('aria-checked', 'false'));
    expect(requestsTo('updateProfile').map((request) => request.body)).toEqual([
      { notification_prefs: { push_notifications: false } },
    ]);
  });

  it('shows the real statistics', async () => {
    renderApp('/dashboard/account');
    const stats = await screen.findByRole('region', { name: 'Account Statistics' });
    const value = (label: string) => within(stats).getByText(label).nextElementSibling?.textContent;
    await waitFor(() => expect(value('Trades')).toBe('12'));
    expect(value('Closed trades')).toBe('10');
    expect(value('Win rate')).toBe('60.0%');
    expect(value('AI questions this month')).toBe('7');
    expect(value('Member for')).toBe('2 days');
  });

  it('shows no win rate before the first closed trade (not a 0.0% that reads as all losses)', async () => {
    apiServer.use(
      serve('getAccountStats', () => ({
        total_trades: 2,
        closed_trades: 0,
        win_rate: 0,
        ai_questions_this_month: 0,
        member_since: baseProfile().created_at,
        member_days: 2,
      })),
    );
    renderApp('/dashboard/account');
    const stats = await screen.findByRole('region', { name: 'Account Statistics' });
    const value = (label: string) => within(stats).getByText(label).nextElementSibling?.textContent;
    await waitFor(() => expect(value('Trades')).toBe('2'));
    expect(value('Win rate')).toBe('— (no closed trades)');
  });

  it('changes the password with the current one', async () => {
    const { user } = renderApp('/dashboard/account');
    const section = await screen.findByRole('region', { name: 'Change password' });
    await user.type(within(section).getByLabelText('Current password'), 'Old-pass1');
    await user.type(within(section).getByLabelText('New password'), 'New-pass22');
    await user.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(await within(section).findByText('Your password was changed.')).toBeInTheDocument();
    expect(updatePassword).toHaveBeenCalledWith({ oldPassword: 'Old-pass1', newPassword: 'New-pass22' });
  });
});

describe('delete account', () => {
  it('asks with the spec’s text; Cancel deletes nothing; a failure keeps the dialog to try again', async () => {
    const { user } = renderApp('/dashboard/account');
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete account' });
    expect(dialog).toHaveTextContent(DELETE_ACCOUNT_CONFIRMATION);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requestsTo('deleteAccount')).toEqual([]);

    apiServer.use(
      serve('deleteAccount', () =>
        apiError(503, 'service_unavailable', 'Your account could not be deleted completely.'),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Delete account' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('could not be deleted completely');
    expect(signOut).not.toHaveBeenCalled();

    apiServer.use(serve('deleteAccount', () => undefined));
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(signOut).toHaveBeenCalled());
    expect(requestsTo('deleteAccount')).toHaveLength(2);
  });
});

describe('re-authentication (a sign-in older than RECENT_SIGN_IN_MINUTES)', () => {
  /** The API's answer to a deletion or MFA change with a sign-in older than the window. */
  const reauthenticationRequired = () =>
    apiError(
      403,
      'reauthentication_required',
      `For your security, sign in again to do this: it needs a sign-in from the last ${RECENT_SIGN_IN_MINUTES} minutes.`,
      { withinMinutes: RECENT_SIGN_IN_MINUTES },
    );

  it('a refused deletion says why and offers Sign in again, which signs in here only and comes back to retry', async () => {
    apiServer.use(serve('deleteAccount', reauthenticationRequired));
    const { router, user } = renderApp('/dashboard/account');
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete account' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    const notice = await within(dialog).findByRole('alert');
    expect(notice).toHaveTextContent('For your security, sign in again to delete your account.');
    expect(notice).toHaveTextContent(`a sign-in from the last ${RECENT_SIGN_IN_MINUTES} minutes`);
    expect(within(dialog).queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(signOut).not.toHaveBeenCalled();

    await user.click(within(notice).getByRole('button', { name: 'Sign in again' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(signOut).toHaveBeenCalledTimes(1);
    // This browser's session only: other devices stay signed in.
    expect(requestsTo('signOutEverywhere')).toEqual([]);

    vi.mocked(signIn).mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    await user.type(screen.getByLabelText('Email address'), 'trader@example.com');
    await user.type(screen.getByLabelText('Password'), 'Str0ngPassword');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Account Settings' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/account');

    apiServer.use(serve('deleteAccount', () => undefined));
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Delete account' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(requestsTo('signOutEverywhere')).toHaveLength(1));
    expect(requestsTo('deleteAccount')).toHaveLength(2);
  });

  it('a refused MFA switch-off says why and offers Sign in again, back to this page', async () => {
    vi.mocked(fetchMFAPreference).mockResolvedValue({ enabled: ['TOTP'] });
    apiServer.use(serve('disableMfa', reauthenticationRequired));
    const { router, user } = renderApp('/dashboard/account?upgrade=pro');
    await user.click(await screen.findByRole('button', { name: 'Close dialog' }));
    const section = await screen.findByRole('region', { name: 'Two-factor authentication' });
    await user.click(
      await within(section).findByRole('button', { name: 'Turn off two-factor authentication' }),
    );

    const notice = await within(section).findByRole('alert');
    expect(notice).toHaveTextContent(
      'For your security, sign in again to turn off two-factor authentication.',
    );
    await user.click(within(notice).getByRole('button', { name: 'Sign in again' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();
    expect(router.state.location).toMatchObject({
      pathname: '/login',
      state: { from: { pathname: '/dashboard/account' } },
    });
    expect(requestsTo('signOutEverywhere')).toEqual([]);
  });
});

describe('the plan-limit notice', () => {
  it('says what the API said and links to the plan that lifts the limit', () => {
    const router = createMemoryRouter([
      {
        path: '/',
        element: (
          <PlanLimitNotice
            error={{
              code: 'plan_limit',
              message: 'This feature is not included in the Starter plan. Upgrade to Pro to use it.',
              details: { limit: 'darkpool', max: null, plan: 'starter', unlockedBy: 'pro' },
            }}
          />
        ),
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('alert')).toHaveTextContent('not included in the Starter plan');
    expect(screen.getByRole('link', { name: 'See the Pro plan' }).getAttribute('href')).toBe(
      '/dashboard/account?upgrade=pro',
    );
  });

  it('renders nothing for another error', () => {
    const router = createMemoryRouter([
      { path: '/', element: <PlanLimitNotice error={{ code: 'not_found', message: 'x' }} /> },
    ]);
    render(<RouterProvider router={router} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
