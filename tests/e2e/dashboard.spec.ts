/**
 * The Dashboard against the real local runtime: the Daily Market Summary once a day and its
 * category filter, the dashboard's figures after trades are added through the API, the
 * full-screen grid's scanner panel, and screenshots at 1440 and 390 px.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { DAILY_NEWS_POPUP_DELAY_MS } from '@shared/constants/timings';
import { dailyMarketSummarySchema } from '@shared/market/summary-schemas';
import { accessToken, signUpThroughUi } from './support';

const summaryDialog = (page: Page) => page.getByRole('dialog', { name: 'Daily Market Summary' });

/** A new account sees the onboarding tour first; the summary waits until it is skipped. */
async function skipTourIfShown(page: Page) {
  const skip = page.getByRole('button', { name: 'Skip Tour' });
  await expect(skip.or(summaryDialog(page))).toBeVisible({ timeout: 15_000 });
  if (await skip.isVisible()) await skip.click();
}

test('the Daily Market Summary opens once a day, filters its news, and stays closed after a reload', async ({
  page,
  request,
}) => {
  await signUpThroughUi(page, request, 'summary', { news: true });
  await skipTourIfShown(page);

  const dialog = summaryDialog(page);
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByRole('heading', { name: 'Daily Market Summary' })).toBeVisible();
  const summary = dailyMarketSummarySchema.parse(
    await (
      await request.get('/api/market-summary', {
        headers: { authorization: `Bearer ${await accessToken(page)}` },
      })
    ).json(),
  );
  await expect(dialog.getByRole('article')).toHaveCount(summary.news.length);
  await expect(dialog.getByRole('region', { name: 'SPY Levels' })).toContainText(
    summary.levels.SPY.current.toLocaleString('en-US', { style: 'currency', currency: 'USD' }),
  );
  await expect(dialog).toContainText(`${summary.news.length} news items`);
  await expect(dialog).toContainText('Simulated data');

  // The category filter: only that category's stories, then all of them again.
  const filters = dialog.getByRole('group', { name: 'News category' });
  await filters.getByRole('button', { name: 'Technical' }).click();
  await expect(filters.getByRole('button', { name: 'Technical' })).toHaveAttribute('aria-pressed', 'true');
  const technical = summary.news.filter((item) => item.category === 'technical');
  await expect(dialog.getByRole('article')).toHaveCount(technical.length);
  await expect(dialog.getByRole('article').first()).toContainText(technical[0]!.title);
  await filters.getByRole('button', { name: 'All' }).click();
  await expect(dialog.getByRole('article')).toHaveCount(summary.news.length);

  await page.getByRole('button', { name: 'Close daily market summary' }).click();
  await expect(dialog).toBeHidden();
  const seen = await page.evaluate(() => localStorage.getItem('lastSeenNewsDate'));
  expect(seen).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  // Reload with a controlled clock: well past the popup delay, it still does not open.
  await page.clock.install();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Market quotes' })).toBeVisible();
  await page.clock.runFor(DAILY_NEWS_POPUP_DELAY_MS * 3);
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('lastSeenNewsDate'))).toBe(seen);
});

test("the dashboard's figures follow trades added through the API", async ({ page, request }) => {
  await signUpThroughUi(page, request, 'dashboard', { news: true });
  await skipTourIfShown(page);
  await expect(summaryDialog(page)).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Close daily market summary' }).click();
  await expect(page.getByText('No Recent Activity')).toBeVisible();

  const headers = { authorization: `Bearer ${await accessToken(page)}` };
  const trades = [
    { ticker: 'NVDA', strategy: 'Long Put', entry_price: 4, exit_price: 3.1 }, // -90
    { ticker: 'TSLA', strategy: 'Iron Condor', entry_price: 1.2 }, // open
    { ticker: 'AAPL', strategy: 'Long Call', entry_price: 2.5, exit_price: 3.75 }, // +125
  ];
  for (const data of trades)
    expect((await request.post('/api/trades', { data, headers })).status()).toBe(201);

  await page.reload();
  const card = (label: string) => page.getByRole('group', { name: label });
  // Total -90 + 125 = 35; one win in two closed trades; one open; both closed today.
  await expect(card('Portfolio Value')).toContainText('$35.00');
  await expect(card('Today P&L')).toContainText('+$35.00');
  await expect(card('Win Rate')).toContainText('50.0%');
  await expect(card('Open Positions')).toContainText('1');
  const activity = page.getByRole('list', { name: 'Recent trades' }).getByRole('listitem');
  await expect(activity).toHaveText([
    /AAPL Closed Long Call.*\+\$125\.00/,
    /TSLA Opened Iron Condor.*Open/,
    /NVDA Closed Long Put.*-\$90\.00/,
  ]);
  await expect(activity.first()).toContainText(/Just now|1m ago/);
});

test('the full-screen grid runs a scan and exports its first 5 rows', async ({ page, request }) => {
  await page.addInitScript(() => {
    localStorage.setItem('onboardingCompleted', 'true');
  });
  await signUpThroughUi(page, request, 'fullscreen', { news: true });
  await expect(summaryDialog(page)).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Close daily market summary' }).click();

  await page.getByRole('button', { name: 'Enter Full Screen View' }).click();
  const grid = page.getByRole('region', { name: 'Full screen view' });
  for (const title of [
    'Portfolio Overview',
    'Options Scanner',
    'Market Overview',
    'AI Research Assistant',
    'Dark Pool Flow',
    'Recent Activity',
    'Market Summary',
    'Trend Alerts',
  ])
    await expect(grid.getByRole('heading', { name: title })).toBeVisible();
  await expect(grid.getByRole('link', { name: 'Open the Dark Pool Flow screen →' })).toHaveAttribute(
    'href',
    '/dashboard/darkpool',
  );

  await grid.getByRole('button', { name: 'Run Scan' }).click();
  const rows = grid.getByRole('table', { name: 'Top scan results' }).locator('tbody tr');
  await expect(rows).toHaveCount(5, { timeout: 30_000 });
  const download = page.waitForEvent('download');
  await grid.getByRole('button', { name: /Export CSV/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('options-scan-results.csv');
  const lines = (await readFile((await file.path())!, 'utf8')).trim().split(/\r\n/);
  expect(lines[0]).toBe(
    'Ticker,Strategy,Strike,Last Price,IV,Delta,Theta,Volume,Edge Score,Expiration,DTE,Price Type,Legs',
  );
  expect(lines).toHaveLength(6);
  const tickers = await rows.locator('td:first-child').allInnerTexts();
  expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(tickers);
});

for (const width of [1440, 390]) {
  test(`the dashboard and the summary at ${width} px`, async ({ page, request }, testInfo) => {
    await page.setViewportSize({ width, height: width > 500 ? 1000 : 844 });
    await page.addInitScript(() => localStorage.setItem('onboardingCompleted', 'true'));
    await signUpThroughUi(page, request, `shots-${width}`, { news: true });
    const dialog = summaryDialog(page);
    await expect(dialog.getByRole('article').first()).toBeVisible({ timeout: 15_000 });
    await page.screenshot({ path: testInfo.outputPath(`daily-summary-${width}.png`) });
    await page.getByRole('button', { name: 'Close daily market summary' }).click();
    await expect(page.getByRole('list', { name: 'Market quotes' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Ticker quotes' })).toBeVisible();
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: testInfo.outputPath(`dashboard-${width}.png`), fullPage: true });
  });
}
