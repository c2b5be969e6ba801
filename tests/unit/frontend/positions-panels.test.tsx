// @vitest-environment jsdom
/**
 * Open positions marked to the market in jsdom: the dashboard's portfolio greeks and the
 * journal's open positions, from a GET /api/positions answer built by the shared marking code
 * (a bull call vertical at hand-picked quotes: +50 shares, −$2.00 a day, +$4.00 a point,
 * $402.60 at risk, +$97.40 unrealised, 21 days to expiry), answered by Mock Service Worker under
 * the API contract; the same vertical after a rally shows the targets it has reached as badges.
 */
import { cleanup, configure, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MarkChain, MarkQuote } from '@shared/trades/mark-chain';
import { markTrade, portfolioTotals } from '@shared/trades/marks';
import type { PositionsResponse } from '@shared/trades/position-schemas';
import { trade, tradeStats } from '../../fixtures/api-responses';
import { apiServer, requestsTo, serve, useApiServer } from '../../helpers/api-server';
import { mockSignedIn } from '../../helpers/signed-in';
import { renderApp } from '../../helpers/render-app';

configure({ asyncUtilTimeout: 10_000 });

vi.mock('aws-amplify/auth', async () => (await import('../../helpers/amplify-auth-mock')).amplifyAuthMock());
vi.mock('lightweight-charts', () => ({
  BaselineSeries: { type: 'Baseline' },
  ColorType: { Solid: 'solid' },
  createChart: () => ({
    addSeries: () => ({ setData: () => undefined }),
    timeScale: () => ({ fitContent: () => undefined }),
    remove: () => undefined,
  }),
}));

const EXPIRY = '2026-12-18';
const AS_OF = '2026-11-27T15:00:00.000Z';
const q = (
  bid: number,
  ask: number,
  delta: number,
  gamma: number,
  theta: number,
  vega: number,
): MarkQuote => ({
  bid,
  ask,
  iv: 0.2,
  delta,
  gamma,
  theta,
  vega,
});
const quotes: Record<string, MarkQuote> = {
  [`call 100 ${EXPIRY}`]: q(4.1, 4.3, 0.6, 0.04, -0.05, 0.12),
  [`call 105 ${EXPIRY}`]: q(1.5, 1.6, 0.35, 0.03, -0.04, 0.1),
};
const chain: MarkChain = {
  symbol: 'SPY',
  spot: 103,
  rate: 0.04,
  dividendYield: 0,
  asOf: AS_OF,
  quote: (kind, strike, expiration) => quotes[`${kind} ${strike} ${expiration}`] ?? null,
  ivNear: () => null,
};
const vertical = trade({
  trade_id: 'v1',
  ticker: 'SPY',
  strategy: 'Bull Call Spread',
  quantity: 2,
  entry_price: 2,
  exit_price: null,
  fees: 2.6,
  pnl: null,
  legs: [
    { kind: 'call', side: 'long', quantity: 1, strike: 100, expiration: EXPIRY, premium: 3 },
    { kind: 'call', side: 'short', quantity: 1, strike: 105, expiration: EXPIRY, premium: 1 },
  ],
});
const marked = markTrade(vertical, chain);
const POSITIONS: PositionsResponse = {
  positions: [marked],
  totals: portfolioTotals([marked]),
  unmarked: [
    {
      trade_id: 'm1',
      ticker: 'AAPL',
      reason: 'No legs recorded: track it from the scanner or a feed to mark it',
    },
  ],
  settled: [],
  provenance: { source: 'simulated', as_of: AS_OF, delayed: false, stale: null },
  refresh_seconds: 60,
};

useApiServer(
  serve('getPositions', () => POSITIONS),
  serve('getTradeStats', () => tradeStats()),
  serve('listTrades', () => ({ trades: [vertical], cursor: null })),
);

beforeEach(() => {
  window.localStorage.clear();
  mockSignedIn('sub-123');
  vi.stubGlobal('scrollTo', vi.fn());
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const figure = (totals: HTMLElement, label: string) => within(totals).getByRole('group', { name: label });

describe('open positions marked to the market', () => {
  it('shows the portfolio greeks on the dashboard', async () => {
    renderApp('/dashboard');
    const totals = await screen.findByRole('group', { name: 'Portfolio greeks' }, { timeout: 20_000 });
    await within(totals).findByText('+50 shares');
    expect(figure(totals, 'Theta per day')).toHaveTextContent('−$2.00');
    expect(figure(totals, 'Vega per point')).toHaveTextContent('+$4.00');
    expect(figure(totals, 'Capital at risk')).toHaveTextContent('$402.60');
    expect(figure(totals, 'Unrealised P&L')).toHaveTextContent('+$97.40');
    expect(figure(totals, 'Unrealised P&L')).toHaveTextContent('+$127.40 at the mids');
    expect(totals).toHaveTextContent(
      '1 open position marked · Simulated market · refreshed every 60 s · 1 not marked',
    );
    expect(requestsTo('getPositions').length).toBeGreaterThan(0);
  });

  it('lists each open position in the journal with its close value, P&L, greeks and DTE', async () => {
    renderApp('/dashboard/journal');
    const section = await screen.findByRole('region', { name: 'Open positions' }, { timeout: 20_000 });
    const row = await within(section).findByRole('row', { name: 'SPY Bull Call Spread' });
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      '21',
      '2.50$500.00',
      '2.65$530.00',
      '+$97.40+$127.40 at mid',
      '+50',
      '+2',
      '−$2.00',
      '+$4.00',
      '$402.60',
    ]);
    // 21 days to expiry: the 21-DTE rule, and no other target (up 0.50 of a 3.00 max; 103 below the short 105).
    const badges = within(row).getByRole('list', { name: 'Targets reached: SPY Bull Call Spread' });
    expect(
      within(badges)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['21 DTE reached']);
    expect(within(section).getByRole('list', { name: 'Not marked' })).toHaveTextContent(
      'AAPL: No legs recorded',
    );

    // The payoff at expiry: the debit and fees lost below 100, the width less them above 105.
    const graph = within(section).getByRole('img', {
      name: /^Payoff at expiry 2026-12-18 of All SPY positions/,
    });
    expect(graph.getAttribute('aria-label')).toContain('worst −$402.60, best +$597.40');
    expect(graph.getAttribute('aria-label')).toContain('breakevens 102.01');
    const choose = within(section).getByRole('combobox', { name: 'Payoff of' });
    expect(
      within(choose)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All SPY positions (1)', 'SPY Bull Call Spread (2 × 2.00 debit)']);
  });

  it('shows the targets a position has reached as labelled badges', async () => {
    // SPY at 106, above the short 105 call: 6.00 - 2.00 = 4.00 to close, up 2.00 of a 3.00 max (target 1.50).
    const rallied = markTrade(vertical, {
      ...chain,
      spot: 106,
      quote: (kind, strike) =>
        kind === 'call' && strike === 100
          ? q(6, 6.2, 0.9, 0.01, -0.03, 0.05)
          : kind === 'call' && strike === 105
            ? q(1.9, 2, 0.55, 0.04, -0.05, 0.12)
            : null,
    });
    apiServer.use(
      serve('getPositions', () => ({
        ...POSITIONS,
        positions: [rallied],
        totals: portfolioTotals([rallied]),
      })),
    );
    renderApp('/dashboard/journal');
    const section = await screen.findByRole('region', { name: 'Open positions' }, { timeout: 20_000 });
    const row = await within(section).findByRole('row', { name: 'SPY Bull Call Spread' });
    const badges = within(row).getByRole('list', { name: 'Targets reached: SPY Bull Call Spread' });
    expect(
      within(badges)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Take profit reached', '21 DTE reached', 'Short strike breached']);
    expect(
      within(badges).getByRole('listitem', {
        name: 'Short strike breached: SPY at 106.00 is beyond the short 105 call',
      }),
    ).toBeInTheDocument();
    expect(
      within(badges).getByRole('listitem', {
        name: 'Take profit reached: Up 2.00 a share, at least 1.50 (50% of the 3.00 max profit)',
      }),
    ).toBeInTheDocument();
  });
});
