// @vitest-environment jsdom
/**
 * The Account page while e-mail is off after a bounce or a complaint (issue 25): it says why and
 * since when, and "Turn e-mail back on" clears the mark; no notice without a mark, or with one for
 * an address the account no longer has.
 */
import { cleanup, configure, screen, waitFor } from '@testing-library/react';
import { fetchMFAPreference, signOut } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { profile } from '../../fixtures/api-responses';
import { apiServer, requestsTo, serve, useApiServer } from '../../helpers/api-server';
import { mockSignedIn } from '../../helpers/signed-in';
import { renderApp } from '../../helpers/render-app';

// The first render loads the lazy Account route: slow on a loaded machine.
configure({ asyncUtilTimeout: 30_000 });

vi.mock('aws-amplify/auth', async () => ({
  ...(await import('../../helpers/amplify-auth-mock')).amplifyAuthMock(),
  fetchMFAPreference: vi.fn(async () => ({ enabled: [] })),
  updatePassword: vi.fn(async () => undefined),
  setUpTOTP: vi.fn(),
  verifyTOTPSetup: vi.fn(),
  updateMFAPreference: vi.fn(),
}));

const bounced = {
  address: 'trader@example.com',
  reason: 'bounce' as const,
  at: '2026-03-05T10:00:00.000Z',
  detail: 'NoEmail',
};

useApiServer(
  serve('getProfile', () => profile({ email_suppression: bounced })),
  serve('getBilling', () => ({ enabled: true })),
  serve('getAccountStats', () => ({
    total_trades: 0,
    closed_trades: 0,
    win_rate: 0,
    ai_questions_this_month: 0,
    member_since: profile().created_at,
    member_days: 2,
  })),
);

beforeEach(() => {
  mockSignedIn();
  vi.mocked(signOut).mockResolvedValue(undefined);
  vi.mocked(fetchMFAPreference).mockResolvedValue({ enabled: [] });
  vi.stubGlobal('scrollTo', vi.fn());
  localStorage.setItem('onboardingCompleted', 'true');
  localStorage.setItem('lastSeenNewsDate', new Date().toLocaleDateString('en-CA'));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('E-mail is off (Account page)', () => {
  it('says why and since when, and turns e-mail back on', async () => {
    apiServer.use(serve('updateProfile', () => profile({ email_suppression: null })));
    const { user } = renderApp('/dashboard/account');
    const notice = await screen.findByRole('region', { name: 'E-mail is off' });
    expect(notice).toHaveTextContent(
      'E-mail is off: messages to trader@example.com bounced on Mar 5, 2026 (NoEmail).',
    );
    await user.click(screen.getByRole('button', { name: 'Turn e-mail back on' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'E-mail is off' })).toBeNull());
    expect(requestsTo('updateProfile').map((request) => request.body)).toEqual([{ email_suppression: null }]);
  });

  it('shows nothing without a mark, or with a mark for an address the account no longer has', async () => {
    apiServer.use(
      serve('getProfile', () => profile({ email_suppression: { ...bounced, address: 'old@example.com' } })),
    );
    renderApp('/dashboard/account');
    await screen.findByRole('region', { name: 'Notification Preferences' });
    expect(screen.queryByRole('region', { name: 'E-mail is off' })).toBeNull();
  });
});
