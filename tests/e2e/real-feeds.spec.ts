/**
 * The live feeds on their real providers, in the browser. The e2e web servers run on the
 * simulated market, so this spec starts a runtime of its own (`npm start`'s entry point, as
 * tests/integration/darkpool-provider-runtime.test.ts and feed-providers-runtime.test.ts do) with
 * DARKPOOL_PROVIDER=polygon and SOCIAL_PROVIDER=stocktwits on a local server standing in for both
 * (tests/helpers/feed-providers.ts): the hand-written TRF trades page in Polygon's recorded shape
 * with Polygon's recorded NBBO, and StockTwits' recorded F stream. The market clock is frozen in
 * the NBBO's session (2022-05-10, 10:12 New York).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startFeedProviderStandIn } from '../helpers/feed-providers';
import { startUntilReady } from '../helpers/start-process';
import { FIRST_VISIT_MS, signInDemoThroughUi } from './support';

test('Dark Pool Flow and Risky Chatter show the providers’ items with their source, and nothing simulated', async ({
  page,
}, testInfo) => {
  // A runtime of its own (45 s at most on a busy machine), then two pages.
  test.setTimeout(150_000);
  const standIn = await startFeedProviderStandIn();
  standIn.serveTrades('trf');
  const dataDir = mkdtempSync(join(tmpdir(), 'edge-e2e-feeds-'));
  const started = await startUntilReady({
    PORT: '0',
    DATA_DIR: dataDir,
    DARKPOOL_PROVIDER: 'polygon',
    DARKPOOL_SYMBOLS: 'AAPL',
    POLYGON_BASE_URL: standIn.url,
    MARKET_DATA_API_KEY: 'stand-in-key',
    SOCIAL_PROVIDER: 'stocktwits',
    STOCKTWITS_BASE_URL: standIn.url,
    SOCIAL_SYMBOLS: 'F',
    MARKET_TIME: '2022-05-10T14:12:00.000Z',
    MARKET_TIME_FROZEN: 'true',
    LOCAL_SCHEDULE_SECONDS: '2',
  });
  try {
    await signInDemoThroughUi(page, started);

    // Dark pool: the two TRF blocks, Polygon's, with the venue and the NBBO they printed against.
    await page.getByRole('link', { name: 'Dark Pool Flow' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dark Pool Flow Analyzer' })).toBeVisible({
      timeout: FIRST_VISIT_MS,
    });
    // The title's badge names the stage's provider, not "Simulated data".
    await expect(page.getByText('Polygon data', { exact: true })).toBeVisible();
    await expect(page.getByText('Simulated data', { exact: true })).toHaveCount(0);
    const flows = page.getByRole('table', { name: /dark pool/i });
    await expect(flows.getByRole('row')).toHaveCount(3, { timeout: 30_000 });
    await expect(flows.getByText('Source: Polygon')).toHaveCount(2);
    await expect(flows.getByText('Simulated')).toHaveCount(0);
    await expect(flows.getByText(/NBBO \$155\.85 × \$155\.87, printed at the ask/)).toBeVisible();
    await expect(flows.getByText(/NBBO \$155\.85 × \$155\.87, printed at the midpoint/)).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('darkpool-polygon-1440.png'), fullPage: true });

    // Filtered to a ticker the provider printed nothing for: empty, and says so.
    await page.getByLabel('Known tickers').selectOption('MSFT');
    await expect(flows).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'No dark pool prints for MSFT' })).toBeVisible();
    await expect(page.getByText('Showing MSFT prints only.')).toBeVisible();

    // Chatter: the recorded F stream's card, StockTwits', linking to the symbol's stream.
    await page.getByRole('link', { name: 'Risky Chatter' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Risky Chatter' })).toBeVisible({
      timeout: FIRST_VISIT_MS,
    });
    await expect(page.getByText('StockTwits data', { exact: true })).toBeVisible();
    const trends = page.getByRole('list', { name: 'Social trends' });
    await expect(trends.getByRole('article', { name: 'F on StockTwits' })).toBeVisible({ timeout: 30_000 });
    await expect(trends.getByText('Source: StockTwits')).toBeVisible();
    await expect(trends.getByText('Simulated')).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: testInfo.outputPath('chatter-stocktwits-390.png'), fullPage: true });

    expect(standIn.requests.some((r) => r.path.startsWith('/v3/trades/AAPL?'))).toBe(true);
    expect(standIn.requests.some((r) => r.path.startsWith('/api/2/streams/symbol/F.json'))).toBe(true);
  } finally {
    started.child.kill('SIGTERM');
    await started.exited;
    await standIn.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
