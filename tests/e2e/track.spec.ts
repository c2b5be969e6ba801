/** Track: from a scan or an alert to the journal, as the position would be traded. */
import { expect, test } from '@playwright/test';
import { FIRST_SCAN_MS, signUpThroughUi } from './support';

/** The first load of a signed-in page (lazy chunks included) on a busy machine. */
const PAGE_LOAD_TIMEOUT = 30_000;

test('scan → Track → the journal shows the position with its legs, live P&L and greeks, the dashboard the portfolio greeks; alert → Track gives the option leg', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUpThroughUi(page, request, 'track');

  // An iron condor from the scanner: four legs, the net credit the table shows.
  await page.goto('/dashboard/scanner');
  await page.getByLabel('Strategy').first().selectOption('iron-condor');
  await page.getByRole('button', { name: 'Run Scan' }).click();
  const results = page.getByRole('table', { name: /Scan results/ });
  await expect(results.getByRole('row').nth(1)).toBeVisible({ timeout: FIRST_SCAN_MS });
  const first = results.getByRole('row').nth(1);
  const ticker = (await first.getByRole('cell').first().innerText()).trim();
  const strikes = (await first.getByRole('cell').nth(2).innerText()).trim();
  const price = (await first.getByRole('cell').nth(5).innerText()).match(/\$([\d.]+)/)![1]!;
  await first.getByRole('button', { name: /^View / }).click();
  const position = page.getByRole('dialog', { name: `${ticker} Iron Condor` });
  await position.getByRole('button', { name: `Track ${ticker} Iron Condor in Journal` }).click();

  const add = page.getByRole('dialog', { name: 'Add Trade' });
  await expect(add).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
  await expect(add.getByLabel('Strategy')).toHaveValue('Iron Condor');
  await expect(add.getByLabel('Side')).toHaveValue('credit');
  await expect(add.getByLabel('Entry Price')).toHaveValue(price);
  await expect(add.getByRole('table', { name: /Legs/ }).getByRole('row')).toHaveCount(5);
  await add.getByRole('button', { name: 'Add Trade' }).click();
  await expect(add).toBeHidden();

  const row = page
    .getByRole('table', { name: 'Trades, newest first' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: ticker, exact: true }) });
  await expect(row).toContainText('Iron Condor');
  // Its four strikes, bought and sold, under the strategy.
  for (const strike of strikes.split('/')) await expect(row).toContainText(strike);
  await expect(row).toContainText('−');
  await expect(row.getByRole('cell').nth(3)).toHaveText(`$${price}`);

  // Marked to the market: the position's close value, unrealised P&L, greeks and days to expiry,
  // and the portfolio's totals above it.
  const open = page.getByRole('region', { name: 'Open positions' });
  const marked = open.getByRole('row', { name: `${ticker} Iron Condor` });
  await expect(marked).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
  const cells = marked.getByRole('cell');
  await expect(cells.nth(0)).toHaveText(/^\d+$/); // DTE
  await expect(cells.nth(1)).toHaveText(/^\d+\.\d{2}\s*[-−]?\$[\d,.]+$/); // to close at the bid/ask, and its value
  await expect(cells.nth(3)).toHaveText(/^[+−]?\$[\d,.]+\s*[+−]?\$[\d,.]+ at mid$/); // unrealised P&L
  await expect(cells.nth(6)).toHaveText(/^\+\$[\d,.]+$/); // a short condor earns theta
  await expect(cells.nth(7)).toHaveText(/^−\$[\d,.]+$/); // and is short vega
  await expect(cells.nth(8)).toHaveText(/^\$[\d,.]+$/); // defined risk
  const journalTotals = open.getByRole('group', { name: 'Portfolio greeks' });
  await expect(journalTotals.getByRole('group', { name: 'Net delta' })).toContainText(
    /[+−-]?[\d.,]+ shares|0 shares/,
  );
  await expect(journalTotals).toContainText('1 open position marked · Simulated market');

  // The dashboard's portfolio greeks: the same totals.
  const risk = (await journalTotals.getByRole('group', { name: 'Capital at risk' }).innerText()).match(
    /\$[\d,.]+/,
  )![0];
  await page.goto('/dashboard');
  const dashboardTotals = page.getByRole('group', { name: 'Portfolio greeks' });
  await expect(dashboardTotals.getByRole('group', { name: 'Capital at risk' })).toContainText(risk, {
    timeout: PAGE_LOAD_TIMEOUT,
  });
  await expect(dashboardTotals.getByRole('group', { name: 'Theta per day' })).toContainText(/\+\$[\d,.]+/);
  await expect(dashboardTotals.getByRole('group', { name: 'Vega per point' })).toContainText(/−\$[\d,.]+/);
  await expect(dashboardTotals.getByRole('group', { name: 'Unrealised P&L' })).toContainText(/\$[\d,.]+/);

  // An options-flow alert: the contract it names, at the option's price (never the stock's).
  await page.goto('/dashboard/alerts');
  const flow = page.getByRole('article').filter({ hasText: 'Unusual options flow:' }).first();
  await expect(flow).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
  const message = await flow.innerText();
  const [, contractStrike, kind, expiration] = message.match(
    /\$([\d.]+) (call|put)s expiring (\d{4}-\d{2}-\d{2})/,
  )!;
  const stockPrice = message.match(/Price\s*\$([\d,.]+)/)![1]!.replace(',', '');
  await flow.getByRole('button', { name: /^Track .* in Journal$/ }).click();
  const fromAlert = page.getByRole('dialog', { name: 'Add Trade' });
  await expect(fromAlert).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
  await expect(fromAlert.getByLabel('Strategy')).toHaveValue(kind === 'call' ? 'Long Call' : 'Long Put');
  const legs = fromAlert.getByRole('table', { name: /Legs/ });
  await expect(legs).toContainText(kind!);
  await expect(legs).toContainText(expiration!);
  await expect(legs).toContainText(contractStrike!);
  const entry = await fromAlert.getByLabel('Entry Price').inputValue();
  expect(entry).not.toBe(stockPrice);
  expect(Number(entry)).toBeGreaterThan(0);
  expect(Number(entry)).toBeLessThan(Number(stockPrice) / 2);
});
