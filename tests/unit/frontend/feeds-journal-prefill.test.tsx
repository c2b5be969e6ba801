// @vitest-environment jsdom
/**
 * 'Track in Journal': a feed card navigates to the journal with the shared prefill in the
 * navigation state; the journal opens Add Trade filled from it and records the trade's source
 * and reference; the state is used once. The API is answered by Mock Service Worker
 * (tests/helpers/api-server.ts), checked against the shared contract.
 */
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { journalPrefillFor } from '@shared/feeds/journal-prefill';
import { journalPrefillSchema, type JournalPrefill } from '@shared/trades/prefill';
import { scanResponse, scanResult, trade, tradeStats } from '../../fixtures/api-responses';
import { apiServer, requestsTo, serve, useApiServer } from '../../helpers/api-server';
import { feedsStub, serveFeeds, type FeedsStub } from '../../helpers/feeds-api-stub';
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

let stub: FeedsStub;

/** An option chain holding one contract at the given quote (GET /api/options-chain's shape). */
function chainWith(c: {
  type: 'call' | 'put';
  strike: number;
  expiration: string;
  bid: number;
  ask: number;
}) {
  return {
    symbol: 'ANY',
    exercise: 'american' as const,
    underlyingPrice: 100,
    rate: 0.04,
    dividendYield: 0,
    asOf: '2026-11-20T15:30:00.000Z',
    expirations: [c.expiration],
    forwards: [],
    contracts: [
      {
        type: c.type,
        strike: c.strike,
        expiration: c.expiration,
        years: 0.08,
        bid: c.bid,
        ask: c.ask,
        last: (c.bid + c.ask) / 2,
        volume: 100,
        openInterest: 1000,
        iv: 0.4,
        noIvReason: null,
        delta: 0.4,
        gamma: 0.01,
        theta: -0.05,
        vega: 0.1,
      },
    ],
    source: 'simulated' as const,
    delayed: false,
    stale: null,
  };
}

useApiServer(
  serve('getTradeStats', () => tradeStats()),
  serve('listTrades', () => ({ trades: [], cursor: null })),
  serve('createTrade', () => trade({ trade_id: 't-1' })),
);

/** The bodies of the trades created, in order. */
const posted = () => requestsTo('createTrade').map((request) => request.body);

beforeEach(() => {
  stub = feedsStub();
  apiServer.use(serveFeeds(stub));
  mockSignedIn();
  vi.stubGlobal('scrollTo', vi.fn());
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the journal’s Add Trade from a prefill', () => {
  it('opens filled with a stock position, saves it with its leg, source and reference, and uses the state once', async () => {
    const alert = stub.items.alerts.find((item) => !item.contract)!;
    const state: JournalPrefill = { addTrade: journalPrefillFor('alerts', alert) };
    expect(journalPrefillSchema.parse(state)).toEqual(state);

    const { user, router } = renderApp({ pathname: '/dashboard/journal', state });
    const dialog = await screen.findByRole('dialog', { name: 'Add Trade' });
    expect(within(dialog).getByLabelText(/^Ticker/)).toHaveValue(alert.ticker);
    expect(within(dialog).getByLabelText(/^Strategy/)).toHaveValue(state.addTrade.strategy);
    expect(state.addTrade.strategy).toMatch(/^(Long|Short) Stock$/);
    expect(within(dialog).getByLabelText(/^Entry Price/)).toHaveValue(alert.price);
    expect(within(dialog).getByLabelText(/^Notes/)).toHaveValue(state.addTrade.notes);
    expect(within(dialog).getByRole('table', { name: /Legs/ })).toHaveTextContent('100 shares');
    await waitFor(() => expect(router.state.location.state).toBeNull());

    await user.click(within(dialog).getByRole('button', { name: 'Add Trade' }));
    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]).toMatchObject({
      ticker: alert.ticker,
      entry_price: alert.price,
      source: 'alert',
      source_ref: `alerts:${alert.id}`,
      legs: state.addTrade.legs,
    });
  });

  it('from an options-flow alert: the option leg at its ask in the same market, never the stock price', async () => {
    const alert = stub.items.alerts.find((item) => item.contract);
    expect(alert, 'the stub window holds an options-flow alert').toBeDefined();
    const { type, strike, expiration } = alert!.contract!;
    apiServer.use(
      serve('getOptionsChain', () => chainWith({ type, strike, expiration, bid: 2.1, ask: 2.25 })),
    );
    const { user } = renderApp('/dashboard/alerts');
    await user.click(await screen.findByRole('button', { name: `Track ${alert!.ticker} in Journal` }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Trade' });
    expect(within(dialog).getByLabelText(/^Strategy/)).toHaveValue(
      type === 'call' ? 'Long Call' : 'Long Put',
    );
    expect(within(dialog).getByLabelText(/^Entry Price/)).toHaveValue(2.25);
    const legs = within(dialog).getByRole('table', { name: /Legs/ });
    expect(legs).toHaveTextContent(`${type}`);
    expect(legs).toHaveTextContent(expiration);
    await user.click(within(dialog).getByRole('button', { name: 'Add Trade' }));
    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]).toMatchObject({
      entry_price: 2.25,
      legs: [{ kind: type, side: 'long', quantity: 1, strike, expiration, premium: 2.25 }],
      source: 'alert',
      source_ref: `alerts:${alert!.id}`,
    });
  });

  it('ignores a state that is not a prefill', async () => {
    renderApp({ pathname: '/dashboard/journal', state: { addTrade: { ticker: 'AAPL' } } });
    expect(await screen.findByRole('button', { name: 'Add Trade' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('from a trend alert card: the journal opens with that alert’s ticker, price and source', async () => {
    const { user, router } = renderApp('/dashboard/trend-alerts');
    const alert = stub.items.trends[0]!;
    const card = await screen.findByRole('article', { name: alert.title });
    await user.click(within(card).getByRole('button', { name: `Track ${alert.ticker} in Journal` }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Trade' });
    expect(router.state.location.pathname).toBe('/dashboard/journal');
    expect(within(dialog).getByLabelText(/^Ticker/)).toHaveValue(alert.ticker);
    expect(within(dialog).getByLabelText(/^Entry Price/)).toHaveValue(alert.priceIndications.currentPrice);
    expect(within(dialog).getByLabelText(/^Strategy/)).toHaveValue(
      alert.bias === 'bearish' ? 'Short Stock' : 'Long Stock',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add Trade' }));
    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]).toMatchObject({ source: 'alert', source_ref: `trends:${alert.id}` });
  });

  it('from the scanner’s position dialog: the legs, the net fill and the edge score as shown', async () => {
    const row = scanResult({ ticker: 'AAPL', edgeScore: 64 });
    apiServer.use(serve('scanOptions', () => scanResponse([row])));
    const { user, router } = renderApp('/dashboard/scanner');
    await user.click(await screen.findByRole('button', { name: 'Run Scan' }));
    const table = await screen.findByRole('table', { name: /Scan results/ });
    await user.click(within(table).getByRole('button', { name: 'View AAPL Long Call 100 2026-12-18' }));
    const position = screen.getByRole('dialog', { name: 'AAPL Long Call' });
    await user.click(within(position).getByRole('button', { name: 'Track AAPL Long Call in Journal' }));
    // The journal's route module loads lazily: wait for the navigation, then for its dialog.
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/journal'), {
      timeout: 20_000,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add Trade' });
    expect(within(dialog).getByLabelText(/^Strategy/)).toHaveValue('Long Call');
    expect(within(dialog).getByLabelText(/^Side/)).toHaveValue('debit');
    // The table's net debit at the ask, 3.30 (not the 3.20 last price).
    expect(within(dialog).getByLabelText(/^Entry Price/)).toHaveValue(3.3);
    expect(within(dialog).getByRole('region', { name: 'Tracked position' })).toHaveTextContent(
      'Edge score when tracked: 64',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add Trade' }));
    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]).toMatchObject({
      ticker: 'AAPL',
      strategy: 'Long Call',
      side: 'debit',
      entry_price: 3.3,
      legs: [
        { kind: 'call', side: 'long', quantity: 1, strike: 100, expiration: '2026-12-18', premium: 3.3 },
      ],
      edge_score: 64,
      expected_return: -0.0375,
      source: 'scanner',
      source_ref: expect.stringContaining('scanner:AAPL:long-call:2026-12-18:100'),
    });
  }, 40_000);
});
