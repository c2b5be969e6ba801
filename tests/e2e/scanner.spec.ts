/** The Options Scanner against the local runtime's simulated market: scan, sort, filter, inspect, export, chain. */
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { expect, test, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../../playwright.config';
import { signUpThroughUi } from './support';

const SPEC_COLUMNS = [
  'Ticker',
  'Strategy',
  'Strike',
  'Last Price',
  'IV',
  'Delta',
  'Theta',
  'Volume',
  'Edge Score',
];

async function openScanner(page: Page) {
  await page.getByRole('link', { name: 'Scanner' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Options Scanner' })).toBeVisible();
}

const resultsTable = (page: Page) => page.getByRole('table', { name: /Scan results/ });
const columnTexts = (page: Page, index: number) =>
  resultsTable(page)
    .locator(`tbody tr td:nth-child(${index + 1})`)
    .allInnerTexts();

test('a new user scans, sorts, filters, inspects a position, exports and opens the chain', async ({
  page,
  request,
}) => {
  await signUpThroughUi(page, request, 'scanner');
  await openScanner(page);
  await expect(page.getByText('Simulated data')).toBeVisible();

  await page.getByRole('button', { name: 'Run Scan' }).click();
  const heading = page.getByRole('heading', { name: /^Scan Results \(\d+ opportunities found\)$/ });
  await expect(heading).toHaveText(/\(([1-9]\d*) opportunities found\)/);
  const headers = await resultsTable(page).getByRole('columnheader').allInnerTexts();
  expect(headers.slice(0, 9).map((h) => h.replace(/[↕↑↓]/g, '').trim().toLowerCase())).toEqual(
    SPEC_COLUMNS.map((c) => c.toLowerCase()),
  );

  // Sort by edge score: high to low.
  const edgeHeader = resultsTable(page).getByRole('columnheader', { name: /Edge Score/ });
  await edgeHeader.getByRole('button').click();
  await expect(edgeHeader).toHaveAttribute('aria-sort', 'descending');
  const scores = (await columnTexts(page, 8)).map((text) => Number.parseInt(text, 10));
  expect(scores).toEqual([...scores].sort((a, b) => b - a));

  // Filter by ticker: typed lower case, sent upper case, every row that ticker.
  await page.getByLabel('Ticker').fill('spy');
  await expect(page.getByLabel('Ticker')).toHaveValue('SPY');
  await page.getByRole('button', { name: 'Run Scan' }).click();
  await expect.poll(async () => [...new Set(await columnTexts(page, 0))]).toEqual(['SPY']);

  // A position: payoff diagram and the score's reasons.
  const view = page.getByRole('button', { name: /^View SPY / }).first();
  await view.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { level: 2, name: /^SPY / })).toBeVisible();
  await expect(dialog.getByRole('img', { name: /Payoff diagram for SPY/ })).toBeVisible();
  await expect(dialog.getByText('Max profit')).toBeVisible();
  await expect(dialog.getByRole('rowheader', { name: 'IV fit' })).toBeVisible();
  await expect(dialog.getByRole('rowheader', { name: 'Liquidity' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(view).toBeFocused();

  // CSV export.
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('options-scan-results.csv');
  const csv = await readFile(await download.path(), 'utf8');
  const [header, firstRow] = csv.split('\r\n');
  expect(header).toBe(SPEC_COLUMNS.join(','));
  expect(firstRow).toMatch(/^SPY,/);

  // The chain of the position's symbol.
  await view.click();
  await dialog.getByRole('button', { name: 'View chain' }).click();
  await expect(page.getByRole('heading', { name: 'SPY Option Chain' })).toBeVisible();
  await expect(page).toHaveURL(/[?&]chain=SPY/);
  const chain = page.getByRole('table', { name: /SPY calls and puts/ });
  await expect(chain.getByRole('columnheader', { name: 'Strike' })).toBeVisible();
  await expect(chain.getByText(/^Underlying \$/)).toBeVisible();
  await expect(page.getByLabel('Expiration', { exact: true })).toBeVisible();

  // The slider's label follows it.
  await page.getByLabel(/^IV Rank/).fill('70');
  await expect(page.getByText('IV Rank: 70%')).toBeVisible();
});

test('a Starter user scanning with more than 10 filters is told the plan limit', async ({
  page,
  request,
}) => {
  const { email } = await signUpThroughUi(page, request, 'scanner-starter');
  await expect(page.getByRole('group', { name: 'Portfolio Value' })).toContainText('$0.00');
  const accessToken = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.accessToken'));
    return key ? localStorage.getItem(key) : null;
  });
  const { sub } = JSON.parse(Buffer.from(accessToken!.split('.')[1]!, 'base64url').toString()) as {
    sub: string;
  };
  await putStarterProfile(sub, email);

  await openScanner(page);
  await page.getByLabel('Ticker').fill('SPY');
  await page.getByLabel('Strategy').selectOption('cash-secured-put');
  await page.getByRole('button', { name: 'More filters' }).click();
  const extra: [RegExp, string][] = [
    [/^Min volume/, '10'],
    [/^Min open interest/, '10'],
    [/^Max bid-ask spread/, '50'],
    [/^Min premium/, '0.01'],
    [/^Min edge score/, '1'],
    [/^Min days to expiry/, '1'],
    [/^Max days to expiry/, '400'],
    [/^Min stock price/, '1'],
    [/^Max stock price/, '5000'],
  ];
  for (const [label, value] of extra) await page.getByLabel(label).fill(value);
  await expect(page.getByText('12 filters active')).toBeVisible();
  await page.getByRole('button', { name: 'Run Scan' }).click();

  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Failed to fetch options data. Please try again.');
  await expect(alert).toContainText('The Starter plan allows 10 scanner filters; this scan uses 12.');
  await expect(alert.getByRole('link', { name: 'Compare plans' })).toHaveAttribute('href', '/pricing');
  await expect(page.getByRole('heading', { name: 'Scan Results (0 opportunities found)' })).toBeVisible();
});

async function putStarterProfile(sub: string, email: string) {
  const { dynamoEndpoint } = JSON.parse(readFileSync(`${E2E_DATA_DIR}/runtime.json`, 'utf8')) as {
    dynamoEndpoint: string;
  };
  const db = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: dynamoEndpoint,
      region: 'local',
      credentials: { accessKeyId: 'l', secretAccessKey: 'l' },
    }),
  );
  const now = new Date();
  await db.send(
    new PutCommand({
      TableName: 'profiles',
      Item: {
        id: sub,
        email,
        full_name: null,
        created_at: new Date(now.getTime() - 30 * 86_400_000).toISOString(),
        updated_at: now.toISOString(),
        trial_end_date: new Date(now.getTime() - 86_400_000).toISOString(),
        subscription_tier: 'starter',
        notification_prefs: {
          email_alerts: true,
          push_notifications: true,
          market_updates: true,
          trade_confirmations: true,
        },
      },
    }),
  );
}
