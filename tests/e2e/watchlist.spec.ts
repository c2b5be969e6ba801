/**
 * The watchlist against the real local runtime: a ticker added from the dashboard's Watchlist
 * card (with its simulated quote), another watched from a scanner position's Watch toggle, both
 * on the card after a reload, one removed; and an Alerts-page rule on "my watchlist".
 */
import { expect, test } from '@playwright/test';
import { FIRST_SCAN_MS, signUpThroughUi } from './support';

test('watch tickers from the dashboard and a scanner position, and make a rule on the watchlist', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUpThroughUi(page, request, 'watchlist');

  const card = page.getByRole('region', { name: 'Watchlist' });
  await expect(card.getByText(/No tickers yet/)).toBeVisible();
  await card.getByLabel('Add a ticker').fill('nvda');
  await card.getByRole('button', { name: 'Add' }).click();
  const list = card.getByRole('list', { name: 'Watched tickers' });
  await expect(list.getByRole('listitem').filter({ hasText: 'NVDA' })).toContainText(/\$\d/);
  await expect(card.getByText('Simulated data')).toBeVisible();

  await page.getByRole('link', { name: 'Scanner' }).click();
  await page.getByRole('combobox', { name: 'Ticker' }).fill('spy');
  await page.getByRole('button', { name: 'Run Scan' }).click();
  const view = page.getByRole('button', { name: /^View SPY / }).first();
  await expect(view).toBeVisible({ timeout: FIRST_SCAN_MS });
  await view.click();
  const watch = page.getByRole('dialog').getByRole('button', { name: 'Watch SPY' });
  await expect(watch).toHaveAttribute('aria-pressed', 'false');
  await watch.click();
  await expect(watch).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Escape');

  await page.goto('/dashboard');
  await expect(list.getByRole('listitem')).toHaveText([/NVDA/, /SPY/]);
  await card.getByRole('button', { name: 'Remove NVDA from watchlist' }).click();
  await expect(list.getByRole('listitem')).toHaveText([/SPY/]);
  await page.reload();
  await expect(list.getByRole('listitem')).toHaveText([/SPY/]);

  await page.goto('/dashboard/alerts');
  await page.getByLabel('Rule name').fill('Watchlist highs');
  await page.getByRole('checkbox', { name: "On my watchlist's tickers" }).check();
  await page.getByRole('button', { name: 'Add rule' }).click();
  await expect(
    page.getByRole('list', { name: 'Your notification rules' }).getByText(/on my watchlist/),
  ).toBeVisible();
});
