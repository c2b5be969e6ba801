/**
 * The scorecard on the Market Alerts page against the real local runtime: its scheduled
 * scoreSignals job (first run at start) replays the newest sessions of the simulated feed, and the
 * panel shows the table, found by its caption, with a sample size on every row, a rate or "Too few
 * to judge", the simulated label, and the 30/90-day toggle.
 */
import { expect, test } from '@playwright/test';
import { signUpThroughUi } from './support';

// The job's first run starts with the server and takes up to 45 s on a busy machine.
test.describe.configure({ timeout: 300_000 });

test('Market Alerts: the scorecard of the feed, per type and severity, 30 and 90 days', async ({
  page,
  request,
}) => {
  await signUpThroughUi(page, request, 'scorecards');
  await page.goto('/dashboard/alerts');
  const panel = page.getByRole('region', { name: 'How these market alerts did' });
  const table = panel.getByRole('table', {
    name: /Scorecard of market alerts, last 30 days, valued after 1 day/,
  });
  await expect(async () => {
    await page.reload();
    await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 240_000 });

  await expect(table.getByRole('columnheader')).toHaveText([
    'Type',
    'Severity',
    'Signals',
    'Hit rate',
    'Mean move',
  ]);
  const rows = table.getByRole('row');
  const count = await rows.count();
  expect(count).toBeGreaterThan(1);
  for (let i = 1; i < count; i += 1) {
    const cells = rows.nth(i).getByRole('cell');
    // Severity, then the sample size, then a rate and a move, or "Too few to judge".
    await expect(cells.nth(1)).toHaveText(/^\d[\d,]*$/);
    await expect(cells.nth(2)).toHaveText(/^(\d+\.\d%|No direction|Too few to judge)$/);
  }
  await expect(
    panel.getByText(/Simulated: the market model's past sessions replayed and valued since \d{4}-\d\d-\d\d/),
  ).toBeVisible();
  await expect(panel.getByText(/A hit: the stock moved the way the alert leaned/)).toBeVisible();

  await panel.getByRole('combobox', { name: 'Valued after' }).selectOption({ label: '1 hour' });
  await expect(panel.getByRole('table', { name: /last 30 days, valued after 1 hour/ })).toBeVisible();
  await panel.getByRole('button', { name: '90 days' }).click();
  await expect(panel.getByRole('button', { name: '90 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(panel.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'false');
  await expect(panel.getByRole('table', { name: /last 90 days, valued after 1 hour/ })).toBeVisible();
});
