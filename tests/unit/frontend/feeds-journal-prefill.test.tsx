// @vitest-environment jsdom
/**
 * 'Track in Journal': a feed card navigates to the journal with the shared prefill in the
 * navigation state; the journal opens Add Trade filled from it and records the trade's source
 * and reference; the state is used once. The API is answered by Mock Service Worker
 * (tests/helpers/api-server.ts), checked against the shared contract.
 */
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import { fetchAuthSession, getCurrentUser } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { journalPrefillFor } from '@shared/feeds/journal-prefill';
import { journalPrefillSchema, type JournalPrefill } from '@shared/trades/prefill';
import { trade, tradeStats } from '../../fixtures/api-responses';
import { apiServer, requestsTo, serve, useApiServer } from '../../helpers/api-server';
import { feedsStub, serveFeeds, type FeedsStub } from '../../helpers/feeds-api-stub';
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
  vi.mocked(getCurrentUser).mockResolvedValue({ userId: 'sub-1', username: 'sub-1' });
  vi.mocked(fetchAuthSession).mockResolvedValue({
    tokens: {
      accessToken: { payload: { sub: 'sub-1' }, toString: () => 'access-token' },
      idToken: { payload: { sub: 'sub-1', email: 'trader@example.com' }, toString: () => 'id-token' },
    },
  } as never);
  vi.stubGlobal('scrollTo', vi.fn());
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the journal’s Add Trade from a prefill', () => {
  it('opens filled, saves with the source and reference, and uses the state once', async () => {
    const alert = stub.items.alerts[0]!;
    const state: JournalPrefill = { addTrade: journalPrefillFor('alerts', alert) };
    expect(journalPrefillSchema.parse(state)).toEqual(state);

    const { user, router } = renderApp({ pathname: '/dashboard/journal', state });
    const dialog = await screen.findByRole('dialog', { name: 'Add Trade' });
    expect(within(dialog).getByLabelText(/^Ticker/)).toHaveValue(alert.ticker);
    expect(within(dialog).getByLabelText(/^Strategy/)).toHaveValue(state.addTrade.strategy);
    expect(within(dialog).getByLabelText(/^Entry Price/)).toHaveValue(alert.price);
    expect(within(dialog).getByLabelText(/^Notes/)).toHaveValue(state.addTrade.notes);
    await waitFor(() => expect(router.state.location.state).toBeNull());

    await user.click(within(dialog).getByRole('button', { name: 'Add Trade' }));
    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]).toMatchObject({
      ticker: alert.ticker,
      entry_price: alert.price,
      source: 'alert',
      source_ref: `alerts:${alert.id}`,
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
    await user.click(within(dialog).getByRole('button', { name: 'Add Trade' }));
    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]).toMatchObject({ source: 'alert', source_ref: `trends:${alert.id}` });
  });
});
