/**
 * The watchlist against the real local runtime: a ticker added from the dashboard's Watchlist
 * card (with its simulated quote), another watched from a scanner position's Watch toggle, both
 * on the card after a reload, one removed; an Alerts-page rule on "my watchlist", edited into one
 * on the tickers held, and the same rule on the Account page, edited there.
 */
import { expect, test } from '@playwright/test';
import { FIRST_SCAN_MS, signUpThroughUi } from './support';

test('watch tickers from the dashboard and a scanner position, and make a rule on the watchlist', async ({
  page,
  request,
}) => {
  // A first scan, then the rule's edits on two pages: past the default minute on a busy machine.
  test.setTimeout(150_000);
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
  const newRule = page.getByRole('form', { name: 'New notification rule' });
  await newRule.getByLabel('Rule name').fill('Watchlist highs');
  await newRule.getByRole('radio', { name: "On my watchlist's tickers" }).check();
  await newRule.getByRole('button', { name: 'Add rule' }).click();
  const rules = page.getByRole('list', { name: 'Your notification rules' });
  await expect(rules.getByText(/alerts of severity high\+ on my watchlist/)).toBeVisible();

  // Edit it into "chatter risk high on tickers I hold": the form holds the rule's values, PATCH saves.
  await rules.getByRole('button', { name: 'Edit Watchlist highs' }).click();
  const edit = rules.getByRole('form', { name: 'Edit Watchlist highs' });
  await expect(edit.getByLabel('Rule name')).toHaveValue('Watchlist highs');
  await expect(edit.getByRole('radio', { name: "On my watchlist's tickers" })).toBeChecked();
  await edit.getByLabel('Rule name').fill('Chatter on my positions');
  await edit.getByLabel('Notify me about').selectOption('chatter');
  await edit.getByRole('radio', { name: 'Tickers I hold' }).check();
  const patched = page.waitForResponse(
    (response) =>
      response.url().includes('/api/notification-rules/') && response.request().method() === 'PATCH',
  );
  await edit.getByRole('button', { name: 'Save changes' }).click();
  expect((await patched).status()).toBe(200);
  await expect(rules.getByText(/chatter of risk high\+ on the tickers I hold/)).toBeVisible();
  await expect(rules.getByRole('listitem')).toHaveCount(1);

  // The same rules on the Account page, in their own section, editable there too.
  await page.goto('/dashboard/account');
  const section = page.getByRole('region', { name: 'Notification rules' });
  const accountRules = section.getByRole('list', { name: 'Your notification rules' });
  await expect(accountRules.getByText('Chatter on my positions')).toBeVisible();
  await accountRules.getByRole('button', { name: 'Edit Chatter on my positions' }).click();
  const accountEdit = accountRules.getByRole('form', { name: 'Edit Chatter on my positions' });
  await expect(accountEdit.getByRole('radio', { name: 'Tickers I hold' })).toBeChecked();
  await accountEdit.getByLabel('At most this many a day').fill('5');
  await accountEdit.getByRole('button', { name: 'Save changes' }).click();
  await expect(accountRules.getByText(/on the tickers I hold; in-app; at most 5 a day/)).toBeVisible();
  await page.reload();
  await expect(
    page
      .getByRole('region', { name: 'Notification rules' })
      .getByText(/on the tickers I hold; in-app; at most 5 a day/),
  ).toBeVisible();
});
