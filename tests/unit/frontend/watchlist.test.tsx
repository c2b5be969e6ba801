// @vitest-environment jsdom
/**
 * The watchlist in the browser: the dashboard's Watchlist card (the tickers with their quotes, a
 * box to add one, a button to remove each) and the Watch toggle shown beside a ticker, which
 * agree with each other through one query. Answers come through the contract-checked API harness.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fetchAuthSession } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MarketDataInput, Quote } from '@shared/market/schemas';
import type { WatchedTicker } from '@shared/watchlist/schemas';
import { WatchButton } from '../../../frontend/src/components/ui/watch-button';
import { WatchlistCard } from '../../../frontend/src/features/dashboard/components/watchlist-card';
import { apiError, apiServer, requestsTo, serve, useApiServer } from '../../helpers/api-server';

configure({ asyncUtilTimeout: 5_000 });
vi.mock('aws-amplify/auth', async () => (await import('../../helpers/amplify-auth-mock')).amplifyAuthMock());

const at = '2026-11-20T15:00:00.000Z';
let watched: WatchedTicker[];

const quote = (symbol: string): Quote =>
  ({
    symbol,
    name: `${symbol} Inc.`,
    price: '123.45',
    change: '1.20',
    changePercent: '+0.98%',
    isPositive: true,
    volume: '1,000,000',
    timestamp: at,
  }) as Quote;

useApiServer(
  serve('getWatchlist', () => ({ tickers: watched, limit: 50 })),
  serve('watchTicker', ({ params }) => {
    const entry = { ticker: params.ticker!, addedAt: at };
    watched = [...watched.filter((t) => t.ticker !== entry.ticker), entry];
    return entry;
  }),
  serve('unwatchTicker', ({ params }) => {
    watched = watched.filter((t) => t.ticker !== params.ticker);
    return new Response(null, { status: 204 });
  }),
  serve('getMarketData', ({ body }) => ({
    data: (body as MarketDataInput).symbols.map(quote),
    source: 'simulated' as const,
  })),
);

beforeEach(() => {
  watched = [{ ticker: 'NVDA', addedAt: at }];
  vi.mocked(fetchAuthSession).mockResolvedValue({
    tokens: { accessToken: { payload: { sub: 'sub-1' }, toString: () => 'access-token' } },
  } as never);
});

afterEach(() => cleanup());

function renderWith(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
  return userEvent.setup();
}

describe('the Watchlist card and the Watch toggle', () => {
  it('lists the watched tickers with their quotes, labelled simulated', async () => {
    renderWith(<WatchlistCard />);
    const card = screen.getByRole('region', { name: 'Watchlist' });
    const list = await within(card).findByRole('list', { name: 'Watched tickers' });
    expect(await within(list).findByText('$123.45')).toBeInTheDocument();
    expect(within(list).getByText('NVDA')).toBeInTheDocument();
    expect(within(card).getByText(/simulated/i)).toBeInTheDocument();
    expect(within(card).getByText(/1 of 50/)).toBeInTheDocument();
  });

  it('adds a ticker from the box (upper-cased) and removes one by its named button; the toggle follows', async () => {
    const user = renderWith(
      <>
        <WatchlistCard />
        <WatchButton ticker="AAPL" />
      </>,
    );
    const toggle = await screen.findByRole('button', { name: 'Watch AAPL' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.type(screen.getByLabelText('Add a ticker'), 'aapl');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(requestsTo('watchTicker').map((r) => r.params)).toEqual([{ ticker: 'AAPL' }]));
    expect(
      await within(screen.getByRole('list', { name: 'Watched tickers' })).findByText('AAPL'),
    ).toBeVisible();
    await waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'true'));

    await user.click(screen.getByRole('button', { name: 'Remove NVDA from watchlist' }));
    await waitFor(() =>
      expect(requestsTo('unwatchTicker').map((r) => r.params)).toEqual([{ ticker: 'NVDA' }]),
    );
    await waitFor(() => expect(screen.queryByText('NVDA')).not.toBeInTheDocument());
  });

  it('toggles a ticker off and on from the Watch button', async () => {
    const user = renderWith(<WatchButton ticker="NVDA" />);
    const toggle = await screen.findByRole('button', { name: 'Watch NVDA' });
    await waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'true'));
    await user.click(toggle);
    await waitFor(() => expect(requestsTo('unwatchTicker')).toHaveLength(1));
    await waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'false'));
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    await waitFor(() => expect(requestsTo('watchTicker')).toHaveLength(1));
    expect(watched.map((t) => t.ticker)).toEqual(['NVDA']);
  });

  it('refuses a malformed ticker in the box without a request, and says why a full list refuses', async () => {
    apiServer.use(serve('watchTicker', () => apiError(409, 'conflict', 'At most 50 tickers on a watchlist')));
    const user = renderWith(<WatchlistCard />);
    await screen.findByRole('list', { name: 'Watched tickers' });
    await user.type(screen.getByLabelText('Add a ticker'), '12');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Ticker must be/);
    expect(requestsTo('watchTicker')).toEqual([]);
    await user.clear(screen.getByLabelText('Add a ticker'));
    await user.type(screen.getByLabelText('Add a ticker'), 'TSLA');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('At most 50 tickers on a watchlist')).toBeInTheDocument();
    expect(screen.queryByText('TSLA')).not.toBeInTheDocument();
  });
});
