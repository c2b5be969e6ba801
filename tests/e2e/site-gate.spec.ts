/** A stage with the site gate on: nothing is shown, and no user route answers, before the password. */
import { expect, request as playwrightRequest, test } from '@playwright/test';
import { E2E_SITE_PASSWORD } from '../../playwright.config';
import { accessToken, signOutThroughUi, signUpThroughUi } from './support';

test('the gate refuses a wrong password, then lets the right one in and remembers it', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Access Required' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'The AI Edge for Options Trading' })).toHaveCount(0);

  const field = page.getByLabel('Password', { exact: true });
  await field.fill('not it');
  await expect(field).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(field).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Enter Site' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect password. Please try again.');
  await expect(field).toHaveValue('');

  await field.fill(E2E_SITE_PASSWORD);
  await page.getByRole('button', { name: 'Enter Site' }).click();
  await expect(page.getByRole('heading', { name: 'The AI Edge for Options Trading' })).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'site_gate')).toMatchObject({ httpOnly: true, sameSite: 'Strict' });

  await page.reload();
  await expect(page.getByRole('heading', { name: 'The AI Edge for Options Trading' })).toBeVisible();
});

test('user routes refuse a signed-in user without the gate cookie, and signing out locks the gate', async ({
  page,
  request,
  baseURL,
}) => {
  await page.goto('/');
  await page.getByLabel('Password', { exact: true }).fill(E2E_SITE_PASSWORD);
  await page.getByRole('button', { name: 'Enter Site' }).click();
  await expect(page.getByRole('heading', { name: 'The AI Edge for Options Trading' })).toBeVisible();
  const { email } = await signUpThroughUi(page, request, 'gated');
  await expect(page.getByRole('group', { name: 'Portfolio Value' })).toContainText('$0.00');

  const token = await accessToken(page);
  const withoutCookie = await playwrightRequest.newContext({ baseURL });
  const refused = await withoutCookie.get('/api/profile', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ error: { code: 'site_locked' } });
  await withoutCookie.dispose();

  await signOutThroughUi(page, email);
  await expect(page.getByRole('heading', { name: 'Access Required' })).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === 'site_gate')).toBeUndefined();
});
