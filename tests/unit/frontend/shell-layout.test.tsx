// @vitest-environment jsdom
/**
 * The signed-in shell: navigation, top bar, full screen, News, the tour, titles (spec 2 and 4).
 * The API is answered by Mock Service Worker (tests/helpers/api-server.ts); routes a page calls
 * that a test does not serve answer 404.
 */
import { ONBOARDING_AUTO_SHOW_DELAY_MS } from '@shared/constants/timings';
import { newsDateKey } from '@shared/market/summary-seen';
import type { Profile } from '@shared/profiles/schemas';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { fetchAuthSession, getCurrentUser } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
// The tour is loaded when first shown; loaded with the test file, it shows in the act that opens it.
import '../../../frontend/src/features/onboarding/components/onboarding-tour';
import { profile } from '../../fixtures/api-responses';
import { apiServer, requestsTo, serve, useApiServer } from '../../helpers/api-server';
import { mockSignedIn } from '../../helpers/signed-in';
import { renderApp } from '../../helpers/render-app';

vi.mock('aws-amplify/auth', async () => (await import('../../helpers/amplify-auth-mock')).amplifyAuthMock());

const DAY_MS = 24 * 60 * 60 * 1000;
const LOAD_MS = 10_000;

/**
 * Waits until the tour's dialog of that name is gone; unlike waitForElementToBeRemoved it also
 * passes when it is gone already (on a busy machine, by the time the route has changed).
 */
const dialogGone = (name: string) =>
  waitFor(() => expect(screen.queryByRole('dialog', { name })).toBeNull(), { timeout: LOAD_MS });
const EMAIL = 'trader@example.com';

/** A profile created `ago` ms before now, in a seven-day trial from then. */
function profileCreated(ago: number, extra: Partial<Profile> = {}): Profile {
  const created = Date.now() - ago;
  return profile(
    {
      email: EMAIL,
      updated_at: new Date(created).toISOString(),
      trial_end_date: new Date(created + 7 * DAY_MS).toISOString(),
      ...extra,
    },
    created + 2 * DAY_MS,
  );
}

/** The profile the API answers with for the rest of the test. */
const serveProfile = (profile: Profile) => apiServer.use(serve('getProfile', () => profile));

/** What the tour recorded on the profile (PATCH /api/profile bodies), in order. */
const patches = () => requestsTo('updateProfile').map((request) => request.body);

useApiServer(
  serve('getProfile', () => profileCreated(30 * DAY_MS)),
  serve('updateProfile', () => profileCreated(30 * DAY_MS)),
);

function givenSignedIn() {
  mockSignedIn('sub-1', EMAIL);
}

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

beforeEach(() => {
  window.localStorage.clear();
  givenSignedIn();
  vi.stubGlobal('scrollTo', vi.fn());
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function openShell(path = '/dashboard/research') {
  const rendered = renderApp(path);
  await screen.findByRole('navigation', { name: 'Main' }, { timeout: LOAD_MS });
  return rendered;
}

describe('navigation', () => {
  it('lists every screen in the sidebar, plus Tutorial & Help, and each link opens its screen', async () => {
    const { user, router } = await openShell();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/dashboard'],
      ['Scanner', '/dashboard/scanner'],
      ['Research Assistant', '/dashboard/research'],
      ['Dark Pool Flow', '/dashboard/darkpool'],
      ['Trend Alerts', '/dashboard/trend-alerts'],
      ['Alerts', '/dashboard/alerts'],
      ['Risky Chatter', '/dashboard/risky-chatter'],
      ['Journal', '/dashboard/journal'],
      ['Account', '/dashboard/account'],
    ]);
    expect(within(nav).getByRole('button', { name: 'Tutorial & Help' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Research Assistant' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await user.click(within(nav).getByRole('link', { name: 'Trend Alerts' }));
    expect(
      await screen.findByRole('heading', { name: 'Trend Alerts', level: 1 }, { timeout: LOAD_MS }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/trend-alerts');
  });

  it('opens a drawer with the same entries from the menu button; it closes on navigating and on Escape', async () => {
    const { user, router } = await openShell();
    const menu = screen.getByRole('button', { name: 'Open navigation' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');

    await user.click(menu);
    const drawer = screen.getByRole('dialog', { name: 'Navigation' });
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    const drawerNav = within(drawer).getByRole('navigation', { name: 'Main' });
    expect(
      within(drawerNav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Dashboard',
      'Scanner',
      'Research Assistant',
      'Dark Pool Flow',
      'Trend Alerts',
      'Alerts',
      'Risky Chatter',
      'Journal',
      'Account',
    ]);
    expect(within(drawerNav).getByRole('link', { name: 'Research Assistant' })).toHaveFocus();
    expect(within(drawerNav).getByRole('button', { name: 'Tutorial & Help' })).toBeInTheDocument();

    await user.click(within(drawerNav).getByRole('link', { name: 'Alerts' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/alerts'), {
      timeout: LOAD_MS,
    });
    expect(screen.queryByRole('dialog', { name: 'Navigation' })).not.toBeInTheDocument();

    await user.click(menu);
    expect(screen.getByRole('dialog', { name: 'Navigation' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Navigation' })).not.toBeInTheDocument();
    expect(menu).toHaveFocus();

    // The browser's back button closes it too.
    await user.click(menu);
    expect(screen.getByRole('dialog', { name: 'Navigation' })).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.queryByRole('dialog', { name: 'Navigation' })).not.toBeInTheDocument();
  });

  it('stays open when reopened while the page it navigated to is still loading', async () => {
    const { user, router } = await openShell();
    const menu = screen.getByRole('button', { name: 'Open navigation' });
    await user.click(menu);
    await user.click(
      within(screen.getByRole('dialog', { name: 'Navigation' })).getByRole('link', { name: 'Journal' }),
    );
    // Reopened at once, before the journal's code and data have arrived.
    await user.click(menu);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/journal'), {
      timeout: LOAD_MS,
    });
    await screen.findByRole('heading', { level: 1, name: 'Trading Journal' }, { timeout: LOAD_MS });
    expect(screen.getByRole('dialog', { name: 'Navigation' })).toBeInTheDocument();
  });

  it('gives every screen its document title', async () => {
    const { router } = await openShell('/dashboard/scanner');
    await waitFor(() => expect(document.title).toBe('Scanner · Edge Options'));
    await act(() => router.navigate('/dashboard'));
    await waitFor(() => expect(document.title).toBe('Dashboard · Edge Options'));
    await act(() => router.navigate('/dashboard/journal'));
    await waitFor(() => expect(document.title).toBe('Journal · Edge Options'));
  });
});

describe('top bar', () => {
  it('toggles full-screen view, which replaces the page and hides the sidebar', async () => {
    const { user } = await openShell();
    await user.click(screen.getByRole('button', { name: 'Enter Full Screen View' }));

    expect(
      await screen.findByRole('region', { name: /full screen/i }, { timeout: LOAD_MS }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Research Assistant', level: 1 })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Exit Full Screen View' }));
    expect(screen.getByRole('heading', { name: 'Research Assistant', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('has Help, and News only once today’s summary was seen', async () => {
    await openShell();
    expect(screen.getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/help');
    expect(screen.queryByRole('button', { name: 'News' })).not.toBeInTheDocument();

    // Another tab's write, announced by a storage event, is read at once: an old date hides News.
    act(() => {
      window.localStorage.setItem('lastSeenNewsDate', '2001-01-01');
      window.dispatchEvent(new StorageEvent('storage', { key: 'lastSeenNewsDate' }));
    });
    expect(screen.queryByRole('button', { name: 'News' })).not.toBeInTheDocument();

    // This tab's own write (the summary's dismissal) is picked up by the once-a-second read.

    act(() => window.localStorage.setItem('lastSeenNewsDate', today()));
    expect(await screen.findByRole('button', { name: 'News' }, { timeout: 3000 })).toBeInTheDocument();
  });

  it('News forgets the seen date and loads the dashboard again', async () => {
    window.localStorage.setItem('lastSeenNewsDate', today());
    const assign = vi.fn();
    vi.stubGlobal('location', {
      ...window.location,
      pathname: '/dashboard/research',
      assign,
      reload: vi.fn(),
    });
    const { user } = await openShell();
    await user.click(await screen.findByRole('button', { name: 'News' }));
    expect(window.localStorage.getItem('lastSeenNewsDate')).toBeNull();
    expect(assign).toHaveBeenCalledWith('/dashboard');
  });

  it('user menu shows the email, Account Settings, View Tutorial and Sign Out', async () => {
    const { user } = await openShell();
    await user.click(screen.getByRole('button', { name: EMAIL }));
    const menu = screen.getByRole('menu', { name: EMAIL });
    expect(within(menu).getByText(EMAIL)).toBeInTheDocument();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Account Settings', 'View Tutorial', 'Sign Out']);
    await user.click(within(menu).getByRole('menuitem', { name: 'View Tutorial' }));
    expect(
      await screen.findByRole('dialog', { name: 'Welcome to Edge Options' }, { timeout: LOAD_MS }),
    ).toBeInTheDocument();
  });
});

describe('onboarding tour', () => {
  it('opens by itself for a new account and walks the six steps in order', async () => {
    serveProfile(profileCreated(2 * 60 * 60 * 1000));
    const { user } = await openShell();
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Welcome to Edge Options' },
      { timeout: LOAD_MS },
    );

    expect(within(dialog).getByText('Step 1 of 6')).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar', { name: 'Tour progress' })).toHaveAttribute(
      'aria-valuenow',
      '1',
    );
    expect(within(dialog).getByRole('heading', { name: 'Key Features' })).toBeInTheDocument();
    expect(within(dialog).getByText(/Illustrative preview/i)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Try Feature' })).not.toBeInTheDocument();

    const titles = [];
    for (let step = 1; step <= 6; step++) {
      titles.push(within(dialog).getByRole('heading', { level: 2 }).textContent);
      expect(within(dialog).getByText(`Step ${step} of 6`)).toBeInTheDocument();
      if (step > 1) expect(within(dialog).getByRole('button', { name: 'Previous' })).toBeInTheDocument();
      if (step < 6) await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    }
    expect(titles).toEqual([
      'Welcome to Edge Options',
      'Options Scanner',
      'Dark Pool Flow',
      'AI Research Assistant',
      'Market Alerts',
      'Trading Journal',
    ]);
    expect(within(dialog).getByText('72%')).toBeInTheDocument();
    expect(within(dialog).getByText('+$2,450')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Previous' }));
    expect(within(dialog).getByText('Step 5 of 6')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    await user.click(within(dialog).getByRole('button', { name: 'Start Trading' }));
    await dialogGone('Trading Journal');
    expect(window.localStorage.getItem('onboardingCompleted')).toBe('true');
    expect(Date.parse(window.localStorage.getItem('onboardingCompletedAt')!)).toBeGreaterThan(
      Date.now() - 60_000,
    );
    expect(patches()).toEqual([
      { onboarding_completed_at: window.localStorage.getItem('onboardingCompletedAt') },
    ]);
  });

  it('Skip Tour records a skip on the device and the profile, and fades out', async () => {
    serveProfile(profileCreated(60 * 1000));
    const { user } = await openShell();
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Welcome to Edge Options' },
      { timeout: LOAD_MS },
    );
    await user.click(within(dialog).getByRole('button', { name: 'Skip Tour' }));

    expect(dialog.parentElement).toHaveAttribute('data-leaving', 'true');
    expect(dialog.parentElement).toHaveStyle({ opacity: '0' });
    await dialogGone('Welcome to Edge Options');
    expect(window.localStorage.getItem('onboardingCompleted')).toBe('true');
    const skippedAt = window.localStorage.getItem('onboardingSkippedAt');
    expect(skippedAt).not.toBeNull();
    expect(patches()).toEqual([{ onboarding_skipped_at: skippedAt }]);
  });

  it('Try Feature finishes the tour and opens the step’s screen', async () => {
    serveProfile(profileCreated(60 * 1000));
    const { user, router } = await openShell();
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Welcome to Edge Options' },
      { timeout: LOAD_MS },
    );
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Try Feature' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/darkpool'), {
      timeout: LOAD_MS,
    });
    await dialogGone('Dark Pool Flow');
    expect(patches()).toEqual([{ onboarding_completed_at: expect.any(String) }]);
  });

  it('stays closed for an account 7 days old, or once the profile or this device records it', async () => {
    const cases: [string, () => void, { opens: boolean }][] = [
      // The control: the same steps show the tour to a new account.
      ['new account', () => serveProfile(profileCreated(1000)), { opens: true }],
      ['old account', () => serveProfile(profileCreated(7 * DAY_MS + 1000)), { opens: false }],
      [
        'skipped on another browser',
        () => serveProfile(profileCreated(1000, { onboarding_skipped_at: new Date().toISOString() })),
        { opens: false },
      ],
      [
        'completed on this device',
        () => {
          serveProfile(profileCreated(1000));
          window.localStorage.setItem('onboardingCompleted', 'true');
        },
        { opens: false },
      ],
    ];
    for (const [name, given, { opens }] of cases) {
      window.localStorage.clear();
      // Today's market summary, which also opens by itself after 1.5 s, is not what this is about.
      window.localStorage.setItem('lastSeenNewsDate', newsDateKey(new Date()));
      given();
      // The tour's delay on a clock the test moves (it also runs on as real time passes).
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
      renderApp('/dashboard/account');
      // The profile on the page is the profile the shell's tour decides on (one query).
      await screen.findByRole('region', { name: 'Profile Information' }, { timeout: LOAD_MS });
      await act(() => vi.advanceTimersByTimeAsync(ONBOARDING_AUTO_SHOW_DELAY_MS));
      const tour = screen.queryByRole('dialog', { name: 'Welcome to Edge Options' });
      expect(tour !== null, name).toBe(opens);
      cleanup();
      vi.useRealTimers();
    }
  });

  it("'Tutorial & Help' restarts the tour at step 1 whatever was recorded", async () => {
    window.localStorage.setItem('onboardingCompleted', 'true');
    const { user } = await openShell();
    await user.click(screen.getByRole('button', { name: 'Tutorial & Help' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Welcome to Edge Options' },
      { timeout: LOAD_MS },
    );
    expect(within(dialog).getByText('Step 1 of 6')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await dialogGone('Welcome to Edge Options');
    expect(patches()).toEqual([{ onboarding_skipped_at: expect.any(String) }]);
  });
});

describe('public pages for a signed-in visitor', () => {
  it("show 'Dashboard' instead of Login and Start Free Trial", async () => {
    renderApp('/about');
    const account = await screen.findByRole('navigation', { name: 'Account' }, { timeout: LOAD_MS });
    expect(await within(account).findByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(within(account).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(within(account).queryByRole('link', { name: 'Start Free Trial' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('About · Edge Options'));
  });

  it('show Login and Start Free Trial to a signed-out visitor', async () => {
    vi.mocked(getCurrentUser).mockRejectedValue(new Error('not signed in'));
    vi.mocked(fetchAuthSession).mockResolvedValue({ tokens: undefined } as never);
    renderApp('/');
    const account = await screen.findByRole('navigation', { name: 'Account' }, { timeout: LOAD_MS });
    await waitFor(() =>
      expect(within(account).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login'),
    );
    expect(within(account).getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute(
      'href',
      '/signup',
    );
    expect(within(account).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });
});
