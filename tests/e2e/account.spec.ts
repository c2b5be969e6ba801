/**
 * Account Settings in the browser: edit the name and a notification preference (kept after a
 * reload), export everything as a JSON file, upgrade through the local Stripe stub's checkout
 * page and see the Subscription card change (and the billing history), and delete the account,
 * after which signing in fails. Screenshots at 1440 and 390 px go with the run's artifacts.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { accountExportSchema } from '@shared/account/schemas';
import { RECENT_SIGN_IN_MINUTES } from '@shared/auth/sessions';
import { DELETE_ACCOUNT_CONFIRMATION } from '@shared/constants/texts';
import { FIRST_VISIT_MS, signInThroughUi, signUpThroughUi } from './support';

/** Calls the API as the signed-in page does, with its access token (from Amplify's storage). */
async function apiAsPage(page: Page, path: string, init: { method: string; body?: unknown }) {
  return page.evaluate(
    async ({ path, init }) => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('.accessToken'));
      const response = await fetch(path, {
        method: init.method,
        headers: {
          authorization: `Bearer ${key ? localStorage.getItem(key) : ''}`,
          'content-type': 'application/json',
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      return response.status;
    },
    { path, init },
  );
}

const subscriptionCard = (page: Page) => page.getByRole('region', { name: 'Subscription' });

test.describe('Account Settings', () => {
  test('edit the name and a notification preference; both are kept after a reload', async ({
    page,
    request,
  }) => {
    await signUpThroughUi(page, request, 'account-edit');
    await page.goto('/dashboard/account');
    const profile = page.getByRole('region', { name: 'Profile Information' });
    // Perhaps the Account screen's first visit on the instance (the spec runs first): FIRST_VISIT_MS.
    await expect(profile.getByText('Not set')).toBeVisible({ timeout: FIRST_VISIT_MS });
    await expect(profile.getByText('Contact support to change your email address')).toBeVisible();
    await expect(subscriptionCard(page).getByText('Trial (7 days left)').first()).toBeVisible();

    await profile.getByRole('button', { name: 'Edit' }).click();
    await profile.getByLabel('Full name').fill('  Ada Lovelace ');
    await profile.getByRole('button', { name: 'Save' }).click();
    await expect(profile.getByText('Ada Lovelace')).toBeVisible();

    const marketUpdates = page.getByRole('switch', { name: 'Market updates' });
    await expect(marketUpdates).toHaveAttribute('aria-checked', 'true');
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/profile') && response.request().method() === 'PATCH',
    );
    await marketUpdates.click();
    expect((await saved).status()).toBe(200);
    await expect(marketUpdates).toHaveAttribute('aria-checked', 'false');

    await page.reload();
    await expect(
      page.getByRole('region', { name: 'Profile Information' }).getByText('Ada Lovelace'),
    ).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Market updates' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await expect(page.getByRole('switch', { name: 'Email alerts' })).toHaveAttribute('aria-checked', 'true');

    const statistics = page.getByRole('region', { name: 'Account Statistics' });
    await expect(statistics.getByText('Member for')).toBeVisible();
    await expect(statistics.getByText('0 days')).toBeVisible();
  });

  test('export downloads one JSON file with the profile and the journal', async ({ page, request }) => {
    const { email } = await signUpThroughUi(page, request, 'account-export');
    await page.goto('/dashboard/account');
    // Perhaps the Account screen's first visit on the instance (the spec runs first): FIRST_VISIT_MS.
    await expect(page.getByRole('button', { name: 'Export my data' })).toBeVisible({
      timeout: FIRST_VISIT_MS,
    });
    expect(
      await apiAsPage(page, '/api/trades', {
        method: 'POST',
        body: { ticker: 'SPY', strategy: 'Long Call', entry_price: 2.5, notes: 'exported' },
      }),
    ).toBe(201);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export my data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^edge-options-account-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = accountExportSchema.parse(JSON.parse(await readFile((await download.path())!, 'utf8')));
    expect(exported.account.email).toBe(email);
    expect(exported.tables.profiles).toEqual([expect.objectContaining({ email })]);
    expect(exported.tables.trades).toEqual([expect.objectContaining({ ticker: 'SPY', notes: 'exported' })]);
    await expect(page.getByRole('status').filter({ hasText: 'Downloaded' })).toBeVisible();
  });

  test('upgrade through the local checkout and see the Subscription card change', async ({
    page,
    request,
  }) => {
    await signUpThroughUi(page, request, 'account-upgrade');
    await page.goto('/dashboard/account');
    const card = subscriptionCard(page);
    await expect(card.getByText('Trial (7 days left)').first()).toBeVisible();

    await card.getByRole('button', { name: 'Upgrade Plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upgrade Plan' });
    await expect(dialog.getByText('$99')).toBeVisible();
    await dialog.getByText('Annual').click();
    await expect(dialog.getByText('$988')).toBeVisible();
    await dialog.getByText('Monthly').click();
    await dialog.getByRole('button', { name: 'Choose Pro, monthly' }).click();

    // The provider's checkout page (the local Stripe stub).
    await expect(page.getByRole('heading', { name: 'Subscribe to Edge Options Pro' })).toBeVisible();
    await expect(page.getByText('$99.00 per month')).toBeVisible();
    await page.getByRole('button', { name: 'Pay and subscribe' }).click();

    await expect(page).toHaveURL(/\/dashboard\/account\?checkout=success$/);
    await expect(card.getByText('Pro Plan').first()).toBeVisible({ timeout: 30_000 });
    await expect(card.getByText('Payment received: you are on the Pro Plan.')).toBeVisible();
    await expect(card.getByText('Monthly')).toBeVisible();
    await expect(card.getByText('Renews on')).toBeVisible();
    await expect(card.getByText('Trial ended')).toBeVisible();

    await card.getByRole('button', { name: 'Billing History' }).click();
    await expect(page.getByRole('heading', { name: 'Billing history' })).toBeVisible();
    await expect(page.getByRole('cell', { name: '$99.00' })).toBeVisible();
    await page.getByRole('link', { name: 'Return to Edge Options' }).click();
    await expect(page).toHaveURL(/\/dashboard\/account$/);
    await expect(card.getByText('Pro Plan').first()).toBeVisible();
  });

  test('delete the account, after the confirmation, and be unable to sign in', async ({ page, request }) => {
    const { email, password } = await signUpThroughUi(page, request, 'account-delete');
    await page.goto('/dashboard/account');
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete account' });
    await expect(dialog.getByText(DELETE_ACCOUNT_CONFIRMATION)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Delete account' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete account' })
      .getByRole('button', { name: 'Delete my account' })
      .click();
    await expect(page).toHaveURL(/\/login$/, { timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();

    await signInThroughUi(page, email, password);
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a deletion refused for an old sign-in: sign in again, come back to the page, and delete', async ({
    page,
    request,
  }) => {
    const { email, password } = await signUpThroughUi(page, request, 'account-reauth');
    await page.goto('/dashboard/account');
    // A sign-in older than RECENT_SIGN_IN_MINUTES cannot be had in a run (the server's rule is in
    // the integration tests): the browser answers the first deletion with the server's refusal.
    await page.route(
      (url) => url.pathname === '/api/account',
      (route) =>
        route.fulfill({
          status: 403,
          json: {
            error: {
              code: 'reauthentication_required',
              message: `For your security, sign in again to do this: it needs a sign-in from the last ${RECENT_SIGN_IN_MINUTES} minutes.`,
              details: { withinMinutes: RECENT_SIGN_IN_MINUTES },
            },
          },
        }),
      { times: 1 },
    );
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete account' });
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    const notice = dialog.getByRole('alert');
    await expect(notice).toContainText('For your security, sign in again to delete your account.');
    await notice.getByRole('button', { name: 'Sign in again' }).click();

    // The sign-in screen, in place (a fresh page load would forget the way back).
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/dashboard\/account$/);

    await page.getByRole('button', { name: 'Delete account' }).click();
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page).toHaveURL(/\/login$/, { timeout: 30_000 });
    await signInThroughUi(page, email, password);
    await expect(page.getByRole('alert')).toBeVisible();
  });

  test('the page at 1440 and 390 px', async ({ page, request }, testInfo) => {
    await signUpThroughUi(page, request, 'account-shots');
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/dashboard/account');
      await expect(
        page.getByRole('region', { name: 'Account Statistics' }).getByText('Member for'),
      ).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Account Statistics' }).getByText('0 days'),
      ).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`account-${width}.png`), fullPage: true });
      await subscriptionCard(page).getByRole('button', { name: 'Upgrade Plan' }).click();
      await expect(page.getByRole('dialog', { name: 'Upgrade Plan' })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`account-upgrade-${width}.png`) });
      await page.keyboard.press('Escape');
    }
  });
});
