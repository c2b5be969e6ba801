/**
 * Issue 23 in the browser: a runtime of its own (`npm start`'s entry point, as real-chain.spec.ts
 * starts one) with the market clock frozen on Thanksgiving evening 2026. Dark Pool Flow says the
 * market is closed with the next open and lists the last session's prints, each labelled
 * simulated; choosing one ticker shows only that ticker's prints; Market Alerts says closed too.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startUntilReady } from '../helpers/start-process';
import { signInDemoThroughUi } from './support';

/** Thanksgiving Day 2026, 17:30 in New York: a full-day NYSE holiday. */
const THANKSGIVING_EVENING = '2026-11-26T22:30:00.000Z';

test('on a holiday the feeds say the market is closed; the dark pool filtered by one ticker shows only it', async ({
  page,
}) => {
  // A runtime of its own (45 s at most on a busy machine), then the sign-in and the two pages.
  test.setTimeout(150_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'edge-e2e-holiday-'));
  const started = await startUntilReady({
    PORT: '0',
    DATA_DIR: dataDir,
    MARKET_TIME: THANKSGIVING_EVENING,
    MARKET_TIME_FROZEN: 'true',
  });
  try {
    await signInDemoThroughUi(page, started);

    await page.goto(`${started.url}/dashboard/darkpool`);
    const closed = page.getByRole('status').filter({ hasText: 'Market closed' });
    await expect(closed).toContainText('opens Fri, Nov 27, 9:30 AM ET', { timeout: 30_000 });
    const table = page.getByRole('table', { name: /Dark pool flows/ });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await expect(table.getByText('Simulated').first()).toBeVisible();

    // Lower the slider so every stored print is listed, then pick the ticker of the newest one.
    await page.getByLabel(/^Min confidence/).fill('50');
    const tickerCells = () =>
      table.getByRole('row').evaluateAll((rows) =>
        rows
          .slice(1)
          .map((row) => row.querySelectorAll('td')[1]?.textContent?.replace(/Simulated$/, '') ?? '')
          .filter((text) => text !== ''),
      );
    await expect.poll(async () => new Set(await tickerCells()).size).toBeGreaterThan(1);
    const ticker = (await tickerCells())[0]!;
    await page.getByLabel('Known tickers').selectOption(ticker);
    await expect(page.getByText(`Showing ${ticker} prints only.`)).toBeVisible();
    await expect.poll(async () => [...new Set(await tickerCells())]).toEqual([ticker]);

    // A ticker with no prints says so rather than inventing any.
    await page.getByLabel('Known tickers').selectOption('PLTR');
    const none = page.getByText('No dark pool prints for PLTR in the feed right now.');
    const pltrRows = async () => (await tickerCells()).filter((t) => t === 'PLTR').length;
    await expect.poll(async () => (await none.count()) > 0 || (await pltrRows()) > 0).toBe(true);
    expect((await tickerCells()).every((t) => t === 'PLTR')).toBe(true);

    await page.goto(`${started.url}/dashboard/alerts`);
    // The page's market status (while the list is empty, it says the market is closed too).
    await expect(page.getByRole('status').filter({ hasText: 'Market closed ·' })).toContainText(
      'opens Fri, Nov 27, 9:30 AM ET',
      { timeout: 30_000 },
    );
  } finally {
    started.child.kill('SIGTERM');
    await started.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
});
