// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { fetchAuthSession, getCurrentUser } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../helpers/render-app';

vi.mock('aws-amplify/auth', async () => (await import('../../helpers/amplify-auth-mock')).amplifyAuthMock());

const ASOF = '2026-11-20T21:00:00.000Z';

function result(overrides: { ticker: string; edgeScore: number; iv?: number; maxProfit?: number | null }) {
  const { ticker, edgeScore, iv = 0.3256, maxProfit = null } = overrides;
  const leg = {
    kind: 'call',
    side: 'long',
    quantity: 1,
    strike: 100,
    expiration: '2026-12-18',
    years: 0.0767,
    premium: 3.2,
    bid: 3.1,
    ask: 3.3,
    iv,
    delta: 0.52,
    gamma: 0.03,
    theta: -0.05,
    vega: 0.11,
    volume: 1500,
    openInterest: 9000,
  };
  return {
    ticker,
    strategy: 'long-call',
    strike: 100,
    lastPrice: 3.2,
    iv,
    delta: 0.52,
    theta: -0.05,
    volume: 1500,
    edgeScore,
    expiration: '2026-12-18',
    dte: 28,
    sector: 'Technology',
    underlyingPrice: 100.5,
    ivRank: 22,
    ivPercentile: 30,
    atmIv: iv,
    strikes: [100],
    strikeLabel: '100',
    netPrice: 3.3,
    priceType: 'debit',
    midPrice: 3.2,
    openInterest: 9000,
    spreadPct: 6.2,
    spreadCost: 0.0625,
    premium: 3.3,
    probabilityOfProfit: 0.41,
    expectedProfit: -12,
    expectedReturn: -0.0375,
    forecastVol: 0.28,
    historicalVol: 0.27,
    maxProfit,
    maxLoss: 330,
    breakevens: [103.3],
    capitalRequired: 330,
    cost: 330,
    expectedMove: 8.4,
    rewardRisk: maxProfit === null ? null : maxProfit / 330,
    earnings: '2026-12-10',
    spansEarnings: true,
    exercise: 'american',
    greeks: { delta: 0.52, gamma: 0.03, theta: -0.05, vega: 0.11 },
    edgeBand: { band: 'good', label: 'Good', tone: 'blue' },
    scoreBreakdown: [
      {
        component: 'expected-return',
        weight: 60,
        score: 34,
        value: -0.0375,
        unit: 'fraction',
        explanation: 'Expected P&L -$12 on $330 at risk (-3.8%)',
      },
      {
        component: 'iv-fit',
        weight: 5,
        score: 78,
        value: 0.16,
        unit: 'fraction',
        explanation: 'IV 32.6% against 28.0% forecast (+16%), IV percentile 30',
      },
      {
        component: 'liquidity',
        weight: 15,
        score: 70,
        value: 0.0625,
        unit: 'fraction',
        explanation: 'A round trip across the bid/ask costs 6.3% of the $3.20 premium',
      },
    ],
    position: {
      symbol: ticker,
      strategy: 'long-call',
      spot: 100.5,
      rate: 0.0425,
      dividendYield: 0,
      asOf: ASOF,
      expiration: '2026-12-18',
      years: 0.0767,
      legs: [leg],
    },
  };
}

function scanResponse(
  results: ReturnType<typeof result>[],
  extra: { marketOpen?: boolean; emptyReason?: unknown } = {},
) {
  return {
    asOf: ASOF,
    marketOpen: extra.marketOpen ?? true,
    emptyReason: extra.emptyReason ?? null,
    results,
    matched: results.length,
    scanned: { underlyings: 3, contracts: 900, candidates: 40 },
    source: 'simulated',
    activeFilters: 1,
  };
}

const TWO_RESULTS = [
  result({ ticker: 'AAPL', edgeScore: 64 }),
  result({ ticker: 'MSFT', edgeScore: 85, iv: 0.2 }),
];

let scanReply: () => Response;
const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
  const url = String(input);
  if (url.startsWith('/api/options-scanner')) return scanReply();
  return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
});

/** The JSON bodies the scanner was called with. */
const scanBodies = () =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).startsWith('/api/options-scanner'))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

const renderScanner = (state?: unknown) => renderApp({ pathname: '/dashboard/scanner', state });

async function runScan(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Run Scan' }));
}

beforeEach(() => {
  vi.mocked(getCurrentUser).mockResolvedValue({ userId: 'sub-1', username: 'sub-1' });
  vi.mocked(fetchAuthSession).mockResolvedValue({
    tokens: {
      accessToken: { payload: { sub: 'sub-1' }, toString: () => 'access-token' },
      idToken: { payload: { sub: 'sub-1', email: 'trader@example.com' }, toString: () => 'id-token' },
    },
  } as never);
  scanReply = () => Response.json(scanResponse(TWO_RESULTS));
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('scrollTo', vi.fn());
});

afterEach(() => {
  cleanup();
  fetchMock.mockClear();
  vi.unstubAllGlobals();
});

describe('the scanner page', () => {
  it('shows the spec title, subtitle and a simulated-data label, and scans nothing until asked', async () => {
    renderScanner();
    expect(await screen.findByRole('heading', { level: 1, name: 'Options Scanner' })).toBeInTheDocument();
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
    scanReply = () =>
      Response.json(scanResponse([], { emptyReason: { filter: 'ivRank', message, relax: { ivRank: 37 } } }));
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

    scanReply = () => Response.json(scanResponse(TWO_RESULTS));
    await user.click(screen.getByRole('button', { name: 'Set the minimum IV rank to 37% and scan again' }));
    await screen.findByRole('heading', { name: 'Scan Results (2 opportunities found)' });
    expect(scanBodies().at(-1)).toMatchObject({ ivRank: 37 });
    expect(screen.getByText('IV Rank: 37%')).toBeInTheDocument();
  });

  it('says when the market is closed and auto-refresh is paused', async () => {
    scanReply = () => Response.json(scanResponse(TWO_RESULTS, { marketOpen: false }));
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

    scanReply = () => Response.json({ error: { code: 'internal_error', message: 'boom' } }, { status: 500 });
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
    scanReply = () => Response.json({ error: { code: 'plan_limit', message } }, { status: 403 });
    const { user } = renderScanner();
    await runScan(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch options data. Please try again.');
    expect(alert).toHaveTextContent(message);
    expect(within(alert).getByRole('link', { name: 'Compare plans' })).toHaveAttribute('href', '/pricing');
  });

  it('puts the API validation details next to their fields', async () => {
    scanReply = () =>
      Response.json(
        {
          error: {
            code: 'validation_failed',
            message: 'Invalid request body: ticker',
            details: [{ path: 'ticker', message: 'Unknown symbol ZZZZ' }],
          },
        },
        { status: 400 },
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
      within(dialog).getByText(/positions scoring 60-79 were profitable \d+% of the time/),
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
    expect(lines[0]).toBe('Ticker,Strategy,Strike,Last Price,IV,Delta,Theta,Volume,Edge Score');
    expect(lines[1]).toBe('AAPL,Long Call,100,3.2,32.6,0.52,-0.05,1500,64');
    click.mockRestore();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });
});
