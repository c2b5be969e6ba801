/** The Trading Journal against the real local trades API: add, close, import, export, delete, phone width. */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { accessToken, signUpThroughUi } from './support';

/** The first load of a signed-in page (the lazy journal chunk included) on a busy machine. */
const PAGE_LOAD_TIMEOUT = 30_000;
/** The import dialog's file input: it takes a CSV export or an Interactive Brokers Flex XML statement. */
const FILE_LABEL = 'Statement file (CSV or Flex XML)';

test.beforeEach(async ({ page }) => {
  // The daily news modal and the onboarding tour would cover the page: mark both as seen.
  await page.addInitScript(() => {
    localStorage.setItem('lastSeenNewsDate', new Date().toISOString().slice(0, 10));
    localStorage.setItem('onboardingCompleted', 'true');
  });
});

async function openJournal(page: Page) {
  await page.goto('/dashboard/journal');
  await expect(page.getByRole('heading', { level: 1, name: 'Trading Journal' })).toBeVisible({
    timeout: PAGE_LOAD_TIMEOUT,
  });
}

/** A stat card's value (the first <dd> after its label). */
const stat = (page: Page, label: string) =>
  page.getByRole('region', { name: 'Journal statistics' }).locator(`dt:text-is("${label}") + dd`);
const tradesTable = (page: Page) => page.getByRole('table', { name: 'Trades, newest first' });
const tradeRow = (page: Page, ticker: string) =>
  tradesTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: ticker, exact: true }) });
const equitySummary = (page: Page) =>
  page.getByRole('figure', { name: 'Equity curve' }).locator('figcaption');

async function addTrade(page: Page, trade: { ticker: string; strategy: string; entry: string }) {
  await page.getByRole('button', { name: 'Add Trade', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Trade' });
  await dialog.getByLabel('Ticker').fill(trade.ticker);
  await dialog.getByLabel('Strategy').selectOption(trade.strategy);
  await dialog.getByLabel('Entry Price').fill(trade.entry);
  await dialog.getByRole('button', { name: 'Add Trade' }).click();
  await expect(dialog).toBeHidden();
}

const HEADER = 'Ticker,Strategy,Entry Price,Exit Price,Side,Quantity,Opened At,Closed At';
const GOOD_ROW = 'SPY,Iron Condor,1.20,0.40,credit,1,2026-01-05T15:00:00.000Z,2026-01-20T15:00:00.000Z';
const csvFile = (rows: string[]) => ({
  name: 'trades.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from([HEADER, ...rows].join('\n') + '\n'),
});

test('add an open trade, close it: P&L, win rate and the equity curve follow', async ({ page, request }) => {
  await signUpThroughUi(page, request, 'journal-close');
  await page.getByRole('link', { name: 'Journal' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Trading Journal' })).toBeVisible({
    timeout: PAGE_LOAD_TIMEOUT,
  });
  await expect(page.getByRole('heading', { name: 'No Trades Yet' })).toBeVisible();

  await addTrade(page, { ticker: 'aapl', strategy: 'Long Call', entry: '2.50' });
  const row = tradeRow(page, 'AAPL');
  await expect(row).toHaveCount(1);
  const exit = row.getByText('Open', { exact: true });
  await expect(exit).toBeVisible();
  await expect(exit).toHaveClass(/text-blue-400/);
  await expect(stat(page, 'Total Trades')).toHaveText('1');
  // Nothing closed yet: a neutral '—', not a red 0%.
  await expect(stat(page, 'Win Rate')).toHaveText('—');
  await expect(equitySummary(page)).toContainText('No closed trades yet');

  await row.getByRole('button', { name: 'Close AAPL Long Call' }).click();
  const dialog = page.getByRole('dialog', { name: 'Close AAPL Long Call' });
  await dialog.getByLabel('Exit Price').fill('3.10');
  await expect(dialog.getByText('+$60.00')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close Trade' }).click();
  await expect(dialog).toBeHidden();

  await expect(row.getByRole('cell', { name: '+$60.00' })).toBeVisible();
  await expect(row.getByText('$3.10')).toBeVisible();
  await expect(stat(page, 'Win Rate')).toHaveText('100.0%');
  await expect(stat(page, 'Total P&L')).toHaveText('+$60.00');
  await expect(equitySummary(page)).toContainText('ends at +$60.00');
  // The chart drew the curve: a canvas, and two points (0 the day before, then the close).
  const chart = page.getByRole('img', { name: /Equity curve/ });
  await expect(chart).toHaveAttribute('data-points', '2');
  await expect(chart.locator('canvas').first()).toBeVisible();
});

test('import refuses a file with a bad row, then imports it fixed, then a newer file closes the open trade; export; delete', async ({
  page,
  request,
}) => {
  await signUpThroughUi(page, request, 'journal-csv');
  await openJournal(page);
  await expect(page.getByRole('heading', { name: 'No Trades Yet' })).toBeVisible();

  await page.getByRole('button', { name: 'Import CSV' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Import CSV' });
  const bad = 'QQQ,Straddle,abc,,debit,1,2026-01-06T15:00:00.000Z,';
  await dialog.getByLabel(FILE_LABEL, { exact: true }).setInputFiles(csvFile([GOOD_ROW, bad]));
  const problems = dialog.getByRole('table', { name: 'Problems in the file' });
  await expect(problems.getByRole('row').filter({ hasText: 'Entry Price' })).toContainText('3');
  await expect(dialog.getByRole('button', { name: /^Import \d+ trades?$/ })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'No Trades Yet' })).toBeVisible();
  await expect(stat(page, 'Total Trades')).toHaveText('0');

  await page.getByRole('button', { name: 'Import CSV' }).first().click();
  const fixed = 'QQQ,Straddle,2.00,,debit,1,2026-01-06T15:00:00.000Z,';
  await dialog.getByLabel(FILE_LABEL, { exact: true }).setInputFiles(csvFile([GOOD_ROW, fixed]));
  await expect(dialog.getByRole('table', { name: 'Trades in the file' })).toContainText('QQQ');
  await expect(problems).toBeHidden();
  await dialog.getByRole('button', { name: 'Import 2 trades' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Imported 2 trades.')).toBeVisible();
  await expect(stat(page, 'Total Trades')).toHaveText('2');
  await expect(tradeRow(page, 'SPY').getByRole('cell', { name: '+$80.00' })).toBeVisible();
  await expect(tradeRow(page, 'QQQ').getByText('Open', { exact: true })).toBeVisible();

  // The same file again: both rows are duplicates, nothing to import.
  await page.getByRole('button', { name: 'Import CSV' }).first().click();
  await dialog.getByLabel(FILE_LABEL, { exact: true }).setInputFiles(csvFile([GOOD_ROW, fixed]));
  await expect(dialog.getByText(/2 already in your journal \(skipped\)/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Import 0 trades' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // A newer export: the straddle closed since, the condor as before. The open trade is closed, not added again.
  const closedSince = 'QQQ,Straddle,2.00,2.60,debit,1,2026-01-06T15:00:00.000Z,2026-01-08T15:00:00.000Z';
  await page.getByRole('button', { name: 'Import CSV' }).first().click();
  await dialog.getByLabel(FILE_LABEL, { exact: true }).setInputFiles(csvFile([GOOD_ROW, closedSince]));
  await expect(
    dialog.getByText('0 new trades, 1 to close in your journal, 1 already in your journal (skipped).', {
      exact: false,
    }),
  ).toBeVisible();
  const closing = dialog.getByRole('table', { name: 'Trades to close' });
  await expect(closing.getByRole('row').filter({ hasText: 'QQQ' })).toContainText('+$60.00');
  await dialog.getByRole('button', { name: 'Update 1 trade' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText('Imported 0 trades, updated 1, skipped 1 already in your journal.'),
  ).toBeVisible();
  await expect(stat(page, 'Total Trades')).toHaveText('2');
  await expect(tradeRow(page, 'QQQ').getByRole('cell', { name: '+$60.00' })).toBeVisible();
  await expect(stat(page, 'Total P&L')).toHaveText('+$140.00');

  // Export: the server's CSV, saved as trading-journal.csv.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('trading-journal.csv');
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv.split(/\r?\n/);
  expect(lines[0]).toMatch(/^Date,Ticker,Strategy,Entry Price,Exit Price,P&L,/);
  expect(lines.find((line) => line.includes(',SPY,'))).toMatch(
    /^2026-01-\d\d,SPY,Iron Condor,1\.20,0\.40,80\.00,/,
  );

  // Delete, cancelled first, then confirmed.
  await tradeRow(page, 'SPY').getByRole('button', { name: 'Delete SPY Iron Condor' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this trade?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(tradeRow(page, 'SPY')).toHaveCount(1);
  await tradeRow(page, 'SPY').getByRole('button', { name: 'Delete SPY Iron Condor' }).click();
  await confirm.getByRole('button', { name: 'Delete Trade' }).click();
  await expect(confirm).toBeHidden();
  await expect(tradeRow(page, 'SPY')).toHaveCount(0);
  await expect(stat(page, 'Total Trades')).toHaveText('1');
  await expect(stat(page, 'Total P&L')).toHaveText('+$60.00');
});

test('at 390 px the journal is a list of cards: add a trade and see it', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpThroughUi(page, request, 'journal-phone');
  await openJournal(page);
  await addTrade(page, { ticker: 'tsla', strategy: 'Cash Secured Put', entry: '4.25' });
  const card = page
    .getByRole('list', { name: 'Trades, newest first' })
    .getByRole('listitem')
    .filter({ hasText: 'TSLA' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Cash Secured Put');
  await expect(card.getByText('Open', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Close TSLA Cash Secured Put' })).toBeVisible();
  // Nothing sticks out sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // An import's preview lists the file's trades as cards too, each with its P&L in view.
  await page.getByRole('button', { name: 'Import CSV' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Import CSV' });
  await dialog.getByLabel(FILE_LABEL, { exact: true }).setInputFiles(csvFile([GOOD_ROW]));
  const preview = dialog.getByRole('list', { name: 'Trades in the file' }).getByRole('listitem');
  await expect(preview).toHaveCount(1);
  await expect(preview).toContainText('SPY Iron Condor');
  await expect(preview.getByText('+$80.00')).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath('journal-import-390.png') });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

const SEED_TICKERS = ['SPY', 'QQQ', 'AAPL', 'TSLA', 'NVDA', 'AMD', 'MSFT', 'IWM'];
const SEED_STRATEGIES = [
  'Long Call',
  'Iron Condor',
  'Bull Call Spread',
  'Cash Secured Put',
  'Straddle',
  'Long Put',
];

/** 30 trades over the last four months (a fixed pattern, not market data), five still open. */
function seedTrades(now: Date) {
  let seed = 7;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  return Array.from({ length: 30 }, (_, i) => {
    const strategy = SEED_STRATEGIES[i % SEED_STRATEGIES.length]!;
    const credit = strategy === 'Iron Condor' || strategy === 'Cash Secured Put';
    const entry = Math.round((0.8 + random() * 4) * 100) / 100;
    const move = Math.round((random() - 0.42) * entry * 100) / 100;
    const opened = new Date(now.getTime() - (120 - i * 4) * 86_400_000);
    const open = i >= 25;
    const closed = new Date(
      Math.min(opened.getTime() + (2 + (i % 9)) * 86_400_000, now.getTime() - 3_600_000),
    );
    return {
      ticker: SEED_TICKERS[i % SEED_TICKERS.length]!,
      strategy,
      side: credit ? 'credit' : 'debit',
      quantity: 1 + (i % 3),
      entry_price: entry,
      exit_price: open ? null : Math.max(0, Math.round((credit ? entry - move : entry + move) * 100) / 100),
      fees: 1.3,
      tags: i % 4 === 0 ? ['earnings'] : [],
      opened_at: opened.toISOString(),
      ...(open ? {} : { closed_at: closed.toISOString() }),
      notes: 'Seeded for the screenshot (simulated trades).',
    };
  });
}

test('screenshots with 30 trades at 1440 and 390 px', async ({ page, request }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUpThroughUi(page, request, 'journal-shots');
  const token = await accessToken(page);
  for (const trade of seedTrades(new Date())) {
    const response = await request.post('/api/trades', {
      headers: { Authorization: `Bearer ${token}` },
      data: trade,
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  await openJournal(page);
  await expect(stat(page, 'Total Trades')).toHaveText('30');
  await expect(page.getByRole('figure', { name: 'Equity curve' }).locator('canvas').first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('journal-1440.png'), fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('list', { name: 'Trades, newest first' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('journal-390.png'), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
