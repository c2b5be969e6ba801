/** A new user signs up, confirms with the emailed code, lands on the dashboard, and signs out. */
import { expect, test } from '@playwright/test';
import {
  latestCode,
  markNewsSeen,
  markTourDone,
  newEmail,
  newPassword,
  signInThroughUi,
  signOutThroughUi,
  signUpThroughUi,
} from './support';

test('a new user signs up, confirms, reaches the dashboard and signs out', async ({ page, request }) => {
  const email = newEmail('e2e');
  const password = newPassword();
  // The tour and the day's market summary would open over the dashboard; other specs test them.
  await markTourDone(page);
  await markNewsSeen(page);

  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page.getByLabel('Confirmation code')).toBeVisible();
  await page.getByLabel('Confirmation code').fill(await latestCode(request, email));
  await page.getByRole('button', { name: 'Confirm' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText("Welcome back! Here's what's happening with your trades.")).toBeVisible();
  // The stat cards come from GET /api/trades/stats with the user's own token.
  await expect(page.getByRole('group', { name: 'Portfolio Value' })).toContainText('$0.00');

  await page.getByRole('button', { name: email }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();

  // Signed out, the dashboard sends the visitor back to sign in.
  await page.goto('/dashboard/journal');
  await expect(page).toHaveURL(/\/login$/);
});

test('a returning user signs in, and a wrong password shows the pool message', async ({ page, request }) => {
  const { email, password } = await signUpThroughUi(page, request, 'return');
  await signOutThroughUi(page, email);
  await expect(page).toHaveURL(/\/login$/);

  await signInThroughUi(page, email, 'Wrong-password-1');
  await expect(page.getByRole('alert')).toContainText(/password/i);
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a weak password is refused with its reasons, and unknown paths go home', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('Email address').fill(newEmail('weak'));
  await page.getByLabel('Password', { exact: true }).fill('weakpass');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert')).toContainText(/uppercase/i);

  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'The AI Edge for Options Trading' })).toBeVisible();
});
