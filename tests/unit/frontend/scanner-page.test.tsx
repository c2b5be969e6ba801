// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newsDateKey } from '@shared/market/summary-seen';
import { NO_TRADE_MESSAGE } from '@shared/options/scan-diagnosis';
import { DEFAULT_SCAN_LIMITS_TEXT } from '@shared/options/scan-filters';
import { BACKTEST_BANDS, BACKTEST_PERIOD } from '@shared/options/backtest-bands';
import { scanResponse, scanResult } from '../../fixtures/api-responses';
import { apiError, apiServer, requestsTo, serve, useApiServer } from '../../helpers/api-server';
import { mockSignedIn } from '../../helpers/signed-in';
import { renderApp } from '../../helpers/render-app';

vi.mock('aws-amplify/auth', async () => (await import('../../helpers/amplify-auth-mock')).amplifyAuthMock());

const TWO_RESULTS = [
  scanResult({ ticker: 'AAPL', edgeScore: 64 }),
  scanResult({ ticker: 'MSFT', edgeScore: 85, iv: 0.2 }),
];

useApiServer(serve('scanOptions', () => scanResponse(TWO_RESULTS)));

/** The JSON bodies the scanner was called with. */
const scanBodies = () => requestsTo('scanOptions').map(({ body }) => body as Record<string, unknown>);

const renderScanner = (state?: unknown) => renderApp({ pathname: '/dashboard/scanner', state });

async function runScan(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Run Scan' }));
}

beforeEach(() => {
  mockSignedIn();
  vi.stubGlobal('scrollTo', vi.fn());
  // Today's daily summary already seen: otherwise it opens over the page 1.5 s after load, which a
  // busy machine reaches mid-test.
  window.localStorage.setItem('lastSeenNewsDate', newsDateKey(new Date()));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the scanner page', () => {
  it('shows the spec title, subtitle and a simulated-data label, and scans nothing until asked', async () => {
    renderScanner();
    // The first render imports the lazy routes: seconds on a busy machine (as renderDashboard allows).
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Options Scanner' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Real-time options data with AI-powered edge scoring.')).toBeInTheDocument();
    expect(screen.getByText('Simulated data')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    expect(scanBodies()).toHaveLength(0);
  });

  it('upper-cases the ticker as typed and leaves an empty ticker and expiration out of the request', async () => {
    const { user } = renderScanner();
    await runScan(user);
    await screen.findByRole('heading', { name: 'Scan Results (2 opportunities found)' });
    expect(scanBodies()[0]).toEqual({
      strategy: 'all',
      ivRank: 50,
      sortBy: 'edgeScore',
      sortDir: 'desc',
      limit: 50,
    });

    await user.type(screen.getByLabelText('Ticker'), 'aapl');
    expect(screen.getByLabelText('Ticker')).toHaveValue('AAPL');
    await user.selectOptions(screen.getByLabelText('Strategy'), 'iron-condor');
    await runScan(user);
    await vi.waitFor(() => expect(scanBodies()).toHaveLength(2));
    expect(scanBodies()[1]).toMatchObject({ ticker: 'AAPL', strategy: 'iron-condor', ivRank: 50 });
    expect(scanBodies()[1]).not.toHaveProperty('expiration');
  });

  it('shows a field error next to the field and sends nothing while the filters are invalid', async () => {
    const { user } = renderScanner();
    await user.click(await screen.findByRole('button', { name: 'More filters' }));
    await user.type(screen.getByLabelText(/Max IV rank/), '30');
    await runScan(user);

    const field = screen.getByLabelText(/Max IV rank/);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Must not be below IV Rank');
    expect(scanBodies()).toHaveLength(0);
  });

  it('lists the results in the spec columns with the expiration and DTE, IV to one decimal, edge scores as badges, sortable', async () => {
    const { user } = renderScanner();
    await runScan(user);
    const table = await screen.findByRole('table', { name: /Scan results/ });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent?.replace(/[↕↑↓]/g, '').trim());
    expect(headers.slice(0, 11)).toEqual([
      'Ticker',
      'Strategy',
      'Strike',
      'Expiration',
      'DTE',
      'Last Price',
      'IV',
      'Delta',
      'Theta',
      'Volume',
      'Edge Score',
    ]);
    expect(within(table).getAllByText('Dec 18, 2026')).toHaveLength(2);
    expect(within(table).getAllByText('(spans earnings on Dec 10, 2026)')).toHaveLength(2);
    expect(within(table).getAllByText('debit')).toHaveLength(2);
    const tickers = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((tr) => (tr as HTMLTableRowElement).cells[0]?.textContent);
    expect(tickers()).toEqual(['AAPL', 'MSFT']);
    expect(within(table).getByText('32.6%')).toBeInTheDocument();
    expect(within(table).getByText('20.0%')).toBeInTheDocument();
    expect(within(table).getByText('(Excellent)')).toBeInTheDocument();

    const edgeHeader = within(table).getByRole('columnheader', { name: /Edge Score/ });
    await user.click(within(edgeHeader).getByRole('button'));
    expect(edgeHeader).toHaveAttribute('aria-sort', 'descending');
    expect(tickers()).toEqual(['MSFT', 'AAPL']);
    await user.click(within(edgeHeader).getByRole('button'));
    expect(edgeHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(tickers()).toEqual(['AAPL', 'MSFT']);
  });

  it('shows the spec empty state with the filter that emptied it, and relaxes it on request', async () => {
    const message = 'No underlying has an IV rank of 50% or more; the highest is TSLA at 37%.';
    apiServer.use(
      serve('scanOptions', () =>
        scanResponse([], { emptyReason: { filter: 'ivRank', message, relax: { ivRank: 37 } } }),
      ),
    );
    const { user } = renderScanner();
    await runScan(user);
    expect(await screen.findByText('No Results')).toBeInTheDocument();
    expect(
      screen.getByText(
        'No options match your current filter criteria. Try adjusting your filters and run the scan again.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Scan Results (0 opportunities found)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();

    apiServer.use(serve('scanOptions', () => scanResponse(TWO_RESULTS)));
    await user.click(screen.getByRole('button', { name: 'Set the minimum IV rank to 37% and scan again' }));
    await screen.findByRole('heading', { name: 'Scan Results (2 opportunities found)' });
    expect(scanBodies().at(-1)).toMatchObject({ ivRank: 37 });
    expect(screen.getByText('IV Rank: 37%')).toBeInTheDocument();
  });

  it('answers "no trade" in words, and shows the nearest losers only when asked', async () => {
    const message = `${NO_TRADE_MESSAGE} The best of the last 12 positions is expected to return −3.2%.`;
    apiServer.use(
      serve('scanOptions', () =>
        scanResponse([], {
          emptyReason: { filter: 'minExpectedReturn', message, relax: { minExpectedReturn: -0.033 } },
        }),
      ),
    );
    const { user } = renderScanner();
    await runScan(user);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText(DEFAULT_SCAN_LIMITS_TEXT)).toBeInTheDocument();
    apiServer.use(serve('scanOptions', () => scanResponse(TWO_RESULTS)));
    await user.click(
      screen.getByRole('button', { name: 'Set the minimum expected return to -3.3% and scan again' }),
    );
    await screen.findByRole('heading', { name: 'Scan Results (2 opportunities found)' });
    expect(scanBodies().at(-1)).toMatchObject({ minExpectedReturn: -0.033 });
  });

  it('shows the scan’s notes above the results', async () => {
    const notes = [
      "IV Rank: SPY's IV rank is 26%, below your minimum of 50%. A scan for one ticker shows that ticker anyway.",
    ];
    apiServer.use(serve('scanOptions', () => scanResponse(TWO_RESULTS, { notes })));
    const { user } = renderScanner();
    await runScan(user);
    const list = await screen.findByRole('list', { name: 'About these results' });
    expect(within(list).getByText(notes[0]!)).toBeInTheDocument();
  });

  it('on a real chain without enough recorded IVs, says the IV rank is not yet known, in the notes and the dialog', async () => {
    const reason = 'not yet — 3 of 20 sessions recorded';
    const note = `IV rank: ${reason} for AAPL's real chain. Your a minimum IV rank of 30% was not applied.`;
    const row = {
      ...scanResult({ ticker: 'AAPL', edgeScore: 64 }),
      ivRank: null,
      ivPercentile: null,
      ivRankNote: reason,
    };
    apiServer.use(
      serve('scanOptions', () => scanResponse([row], { notes: [note], source: 'cboe', delayed: true })),
    );
    const { user } = renderScanner();
    await runScan(user);
    const list = await screen.findByRole('list', { name: 'About these results' });
    expect(within(list).getByText(note)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: /Scan results/ });
    await user.click(within(table).getByRole('button', { name: 'View AAPL Long Call 100 2026-12-18' }));
    const dialog = screen.getByRole('dialog', { name: 'AAPL Long Call' });
    expect(within(dialog).getByText(/IV rank: not yet — 3 of 20 sessions recorded/)).toBeInTheDocument();
    expect(within(dialog).queryByText(/IV rank \d/)).not.toBeInTheDocument();
  });

  it('says when the market is closed and auto-refresh is paused', async () => {
    apiServer.use(serve('scanOptions', () => scanResponse(TWO_RESULTS, { marketOpen: false })));
    const { user } = renderScanner();
    await runScan(user);
    expect(
      await screen.findByText(
        /The market is closed: prices hold at the last close, so auto-refresh is paused/,
      ),
    ).toBeInTheDocument();
  });

  it('shows the results as cards with a sort menu for phones', async () => {
    const { user } = renderScanner();
    await runScan(user);
    const cards = await screen.findByRole('list', { name: 'Scan results' });
    const names = () =>
      within(cards)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('p')?.textContent?.split(' ')[0]);
    expect(names()).toEqual(['AAPL', 'MSFT']);
    await user.selectOptions(screen.getByLabelText('Sort results'), 'edgeScore:desc');
    expect(names()).toEqual(['MSFT', 'AAPL']);
  });

  it('on a server error shows the spec message with the status and clears the results', async () => {
    const { user } = renderScanner();
    await runScan(user);
    await screen.findByRole('table', { name: /Scan results/ });

    apiServer.use(serve('scanOptions', () => apiError(500, 'internal_error', 'boom')));
    await user.type(screen.getByLabelText('Ticker'), 'SPY');
    await runScan(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch options data. Please try again.');
    expect(alert).toHaveTextContent('Scanner API error: 500');
    expect(screen.queryByRole('table', { name: /Scan results/ })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Scan Results (0 opportunities found)' })).toBeInTheDocument();
  });

  it('on a plan limit keeps the API message and links to the pricing page', async () => {
    const message = 'The Starter plan allows 10 scanner filters; this scan uses 12. Remove some or upgrade.';
    apiServer.use(serve('scanOptions', () => apiError(403, 'plan_limit', message)));
    const { user } = renderScanner();
    await runScan(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch options data. Please try again.');
    expect(alert).toHaveTextContent(message);
    expect(within(alert).getByRole('link', { name: 'Compare plans' })).toHaveAttribute('href', '/pricing');
  });

  it('puts the API validation details next to their fields', async () => {
    apiServer.use(
      serve('scanOptions', () =>
        apiError(400, 'validation_failed', 'Invalid request body: ticker', [
          { path: 'ticker', message: 'Unknown symbol ZZZZ' },
        ]),
      ),
    );
    const { user } = renderScanner();
    await runScan(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid request body: ticker');
    expect(screen.getByLabelText('Ticker')).toHaveAccessibleDescription('Unknown symbol ZZZZ');
  });

  it('scans at once for a symbol sent in the navigation state, with strategy all and IV rank 50', async () => {
    renderScanner({ symbol: 'nvda' });
    await screen.findByRole('heading', { name: 'Scan Results (2 opportunities found)' });
    expect(screen.getByLabelText('Ticker')).toHaveValue('NVDA');
    expect(scanBodies()).toEqual([expect.objectContaining({ ticker: 'NVDA', strategy: 'all', ivRank: 50 })]);
  });

  it('opens a position with its risk at the bid/ask, score reasons with their history and payoff diagram; Escape closes it', async () => {
    const { user } = renderScanner();
    await runScan(user);
    const table = await screen.findByRole('table', { name: /Scan results/ });
    const view = within(table).getByRole('button', { name: 'View AAPL Long Call 100 2026-12-18' });
    await user.click(view);

    const dialog = screen.getByRole('dialog', { name: 'AAPL Long Call' });
    expect(within(dialog).getAllByText('Unlimited')).toHaveLength(2); // max profit, and so reward/risk
    expect(within(dialog).getByText('$103.30')).toBeInTheDocument();
    expect(within(dialog).getByText('41.0%')).toBeInTheDocument();
    expect(within(dialog).getByText('-$12 (-3.8%)')).toBeInTheDocument();
    expect(within(dialog).getByText(/Spans AAPL's earnings report on Dec 10, 2026/)).toBeInTheDocument();
    expect(
      within(dialog).getByText('IV 32.6% against 28.0% forecast (+16%), IV percentile 30'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('rowheader', { name: 'Expected return' })).toBeInTheDocument();
    expect(within(dialog).getByText('-3.8%')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        new RegExp(
          `^In the ${BACKTEST_PERIOD.outOfSampleFrom}-\\d{4} \\(years the calibration did not see\\) backtest.*positions scoring 60-79 were profitable \\d+% of the time.*; in its worst year, ${BACKTEST_BANDS[1]!.worst!.year}, \\d+% were profitable`,
        ),
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByRole('img', { name: /Payoff diagram for AAPL Long Call/ }),
    ).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(view).toHaveFocus();
  });

  it('exports the sorted results as options-scan-results.csv', async () => {
    const blobs: Blob[] = [];
    // jsdom has no object URLs; these two stand in for the browser's.
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        blobs.push(blob);
        return 'blob:scan';
      },
      revokeObjectURL: () => undefined,
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('options-scan-results.csv');
    });
    const { user } = renderScanner();
    await runScan(user);
    await screen.findByRole('table', { name: /Scan results/ });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(click).toHaveBeenCalledOnce();
    const lines = (await blobs[0]!.text()).split('\r\n');
    expect(lines[0]).toBe(
      'Ticker,Strategy,Strike,Last Price,IV,Delta,Theta,Volume,Edge Score,Expiration,DTE,Price Type,Legs',
    );
    // Priced as the table: the net debit at the ask (3.30), not the contract's last price.
    expect(lines[1]).toBe(
      'AAPL,Long Call,100,3.30,32.6,0.52,-0.05,1500,64,2026-12-18,28,debit,Buy 1 AAPL 100 call 2026-12-18 at 3.30',
    );
    click.mockRestore();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });
});
