/**
 * Position targets: the trader sets their own figures on the Account page, tracks a condor, and the
 * positions job (the runtime's minute timer, the market clock in session) records the target it
 * reached under "Your positions" on the Alerts page, linking back to the journal's row.
 */
import { expect, test } from '@playwright/test';
import { FIRST_SCAN_MS, signUpThroughUi } from './support';

const PAGE_LOAD_TIMEOUT = 30_000;

test('own targets on the Account page → a tracked condor reaches one → the Alerts page lists it, linked to the journal', async ({
  page,
  request,
}) => {
  test.setTimeout(480_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUpThroughUi(page, request, 'targets');

  // A year's DTE rule: any condor the scanner offers is within it.
  await page.goto('/dashboard/account');
  const targets = page.getByRole('form', { name: 'Position targets' });
  await expect(targets).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
  await expect(targets.getByLabel('Flag at days to expiry')).toHaveValue('21');
  await targets.getByLabel('Flag at days to expiry').fill('400');
  await targets.getByRole('button', { name: 'Save targets' }).click();
  await expect(targets.getByRole('alert')).toContainText('whole number 0–365');
  await targets.getByLabel('Flag at days to expiry').fill('365');
  await targets.getByRole('button', { name: 'Save targets' }).click();
  await expect(targets.getByRole('status')).toHaveText('Targets saved.');

  await page.goto('/dashboard/scanner');
  await page.getByLabel('Strategy').first().selectOption('iron-condor');
  await page.getByRole('button', { name: 'Run Scan' }).click();
  const results = page.getByRole('table', { name: /Scan results/ });
  await expect(results.getByRole('row').nth(1)).toBeVisible({ timeout: FIRST_SCAN_MS });
  const first = results.getByRole('row').nth(1);
  const ticker = (await first.getByRole('cell').first().innerText()).trim();
  await first.getByRole('button', { name: /^View / }).click();
  await page
    .getByRole('dialog', { name: `${ticker} Iron Condor` })
    .getByRole('button', { name: `Track ${ticker} Iron Condor in Journal` })
    .click();
  const add = page.getByRole('dialog', { name: 'Add Trade' });
  await expect(add).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
  await add.getByRole('button', { name: 'Add Trade' }).click();
  await expect(add).toBeHidden();

  // The journal's badge follows the saved figure at once.
  const marked = page.getByRole('region', { name: 'Open positions' }).getByRole('row', {
    name: `${ticker} Iron Condor`,
  });
  await expect(marked.getByRole('list', { name: `Targets reached: ${ticker} Iron Condor` })).toContainText(
    '365 DTE reached',
    { timeout: PAGE_LOAD_TIMEOUT },
  );

  // The job runs each minute of the session (a few on a loaded machine): the alert comes to the Alerts page.
  await page.goto('/dashboard/alerts');
  const yours = page.getByRole('region', { name: 'Your positions' });
  const alert = yours
    .getByRole('list', { name: 'Your position alerts' })
    .getByRole('listitem')
    .filter({ hasText: '365 DTE reached' });
  await expect(async () => {
    await page.reload();
    await expect(alert).toHaveCount(1, { timeout: 5_000 });
  }).toPass({ timeout: 300_000, intervals: [10_000] });
  await expect(alert).toContainText(`${ticker} Iron Condor`);
  await expect(alert).toContainText('quotes: simulated market');

  await alert.getByRole('link', { name: `${ticker} Iron Condor` }).click();
  await expect(page).toHaveURL(/\/dashboard\/journal#position-/);
  await expect(marked).toBeFocused({ timeout: PAGE_LOAD_TIMEOUT });
});
