/**
 * The scanner on a replayed CBOE chain. The e2e web servers (playwright.config.ts) run on the
 * simulated market, so this spec starts a runtime of its own (`npm start`'s entry point, as
 * tests/integration/cboe-runtime.test.ts does) on a free port and a fresh DATA_DIR, with
 * CHAINS_PROVIDER=cboe, CBOE_BASE_URL on a local server standing in for CBOE and the market clock
 * frozen at the chain's quote time. The stand-in serves the hand-written QQQ chain in CBOE's
 * layout (tests/helpers/cboe-chains.ts, labelled there): the one recorded CBOE body has two
 * contracts and no position the scanner could build. It also serves QQQ's daily history in CBOE's
 * layout (hand-written, tests/fixtures/SOURCES.md), the forecast's closes; no closing IV is
 * recorded on the new stage, so the IV rank is "not yet".
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import {
  handwrittenQqqChain,
  RECORDED_QQQ_AS_OF,
  startCboeStandIn,
  type StandInAnswer,
} from '../helpers/cboe-chains';
import { startUntilReady } from '../helpers/start-process';
import { FIRST_VISIT_MS, signInDemoThroughUi } from './support';
import { NO_TREASURY } from '../helpers/treasury';

test('the scanner shows a replayed CBOE chain’s positions under its provenance', async ({ page }) => {
  // A runtime of its own (45 s at most on a busy machine), then the sign-in and one scan.
  test.setTimeout(150_000);
  const answer: StandInAnswer = { status: 200, body: handwrittenQqqChain() };
  const historyBody = readFileSync(
    new URL('../fixtures/providers/cboe/history-QQQ.handwritten.json', import.meta.url),
    'utf8',
  );
  const cboe = await startCboeStandIn((path) =>
    path === '/api/global/delayed_quotes/charts/historical/QQQ.json'
      ? { status: 200, body: historyBody }
      : answer,
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'edge-e2e-cboe-'));
  const started = await startUntilReady({
    PORT: '0',
    DATA_DIR: dataDir,
    CHAINS_PROVIDER: 'cboe',
    CBOE_BASE_URL: cboe.url,
    TREASURY_BASE_URL: NO_TREASURY,
    // The shared chain snapshot job fetches QQQ only (the stand-in answers QQQ's body for any symbol).
    CHAIN_SNAPSHOT_SYMBOLS: 'QQQ',
    MARKET_TIME: RECORDED_QQQ_AS_OF,
    MARKET_TIME_FROZEN: 'true',
  });
  try {
    await signInDemoThroughUi(page, started);

    await page.getByRole('link', { name: 'Scanner' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Options Scanner' })).toBeVisible({
      timeout: FIRST_VISIT_MS,
    });
    await page.getByLabel('Ticker').fill('qqq');
    await page.getByLabel(/^IV Rank/).fill('0');
    await page.getByRole('button', { name: 'Run Scan' }).click();

    const heading = page.getByRole('heading', { name: /^Scan Results \(\d+ opportunities found\)$/ });
    await expect(heading).toHaveText(/\(([1-9]\d*) opportunities found\)/, { timeout: 30_000 });
    // 2023-05-19 19:59:59 UTC is 3:59 PM in New York.
    await expect(page.getByRole('note', { name: 'Data source' })).toHaveText(
      'CBOE · 15 min delayed · as of 3:59 PM ET',
    );
    const table = page.getByRole('table', { name: /Scan results/ });
    // Header text is upper-cased by CSS, which innerText follows.
    const headers = (await table.getByRole('columnheader').allInnerTexts()).map((h) =>
      h.replace(/[↕↑↓]/g, '').trim().toLowerCase(),
    );
    expect(headers).toContain('ticker');
    const tickers = await table
      .locator(`tbody tr td:nth-child(${headers.indexOf('ticker') + 1})`)
      .allInnerTexts();
    expect(tickers.length).toBeGreaterThan(0);
    expect(new Set(tickers.map((t) => t.trim()))).toEqual(new Set(['QQQ']));
    expect(cboe.paths).toContain('/api/global/delayed_quotes/options/QQQ.json');
    await expect(
      page
        .getByRole('list', { name: 'About these results' })
        .getByText("IV rank: not yet — 0 of 20 sessions recorded for QQQ's real chain."),
    ).toBeVisible();
  } finally {
    started.child.kill('SIGTERM');
    await started.exited;
    await cboe.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
