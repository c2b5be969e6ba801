// @vitest-environment jsdom
/** The top bar's global search in the signed-in shell (spec 2, 4, 5 and 8). */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { quote, scanResponse } from '../../fixtures/api-responses';
import { apiError, apiServer, requestsTo, serve, useApiServer } from '../../helpers/api-server';
import { mockSignedIn } from '../../helpers/signed-in';
import { renderApp } from '../../helpers/render-app';

vi.mock('aws-amplify/auth', async () => (await import('../../helpers/amplify-auth-mock')).amplifyAuthMock());

useApiServer(
  serve('getMarketData', ({ body }) => ({
    data: (body as { symbols: string[] }).symbols.map((symbol, i) =>
      quote(symbol, `${100 + i}.50`, i % 2 ? '-1.25' : '+2.00'),
    ),
    source: 'simulated',
  })),
  serve('scanOptions', () => scanResponse([])),
);

const quotedSymbols = () =>
  requestsTo('getMarketData').map(({ body }) => body as { symbols: string[]; type: string });

const searchBox = () => screen.getByRole('combobox', { name: 'Search' });
const options = () => within(screen.getByRole('listbox', { name: 'Search results' })).getAllByRole('option');
const optionNames = () => options().map((option) => option.getAttribute('aria-label'));

beforeEach(() => {
  window.localStorage.clear();
  mockSignedIn();
  vi.stubGlobal('scrollTo', vi.fn());
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Lazy route chunks load slowly on a busy machine the first time. */
const LOAD_MS = 10_000;

async function openShell() {
  const rendered = renderApp('/dashboard/research');
  expect(
    await screen.findByRole('heading', { name: 'Research Assistant', level: 1 }, { timeout: LOAD_MS }),
  ).toBeInTheDocument();
  return rendered;
}

describe('global search', () => {
  it('opens on focus with the first 4 preset symbols, quoted through POST /api/market-data', async () => {
    const { user } = await openShell();
    expect(searchBox()).toHaveAttribute('placeholder', 'Search symbols, strategies, pages...');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await user.click(searchBox());

    expect(searchBox()).toHaveAttribute('aria-expanded', 'true');
    expect(optionNames()).toEqual([
      'AAPL Apple Inc.',
      'MSFT Microsoft Corporation',
      'GOOGL Alphabet Inc.',
      'AMZN Amazon.com, Inc.',
    ]);
    expect(await within(options()[1]!).findByText('$101.50')).toBeInTheDocument();
    expect(within(options()[1]!).getByText('-1.25')).toHaveClass('text-red-400');
    expect(quotedSymbols().at(-1)).toEqual({ symbols: ['AAPL', 'MSFT', 'GOOGL', 'AMZN'], type: 'dashboard' });
  });

  it('matches symbols and pages as you type, and says so when nothing matches', async () => {
    const { user } = await openShell();
    await user.type(searchBox(), 'journal');
    expect(optionNames()).toEqual(['Trading Journal']);

    await user.clear(searchBox());
    await user.type(searchBox(), 'iron condor');
    expect(optionNames()).toEqual(['Options Scanner']);

    await user.clear(searchBox());
    await user.type(searchBox(), 'qq');
    // The whole universe: QQQ starts with it, TQQQ contains it.
    expect(optionNames()).toEqual(['QQQ Invesco QQQ Trust', 'TQQQ ProShares UltraPro QQQ']);
    await waitFor(() => expect(quotedSymbols().at(-1)?.symbols).toEqual(['QQQ', 'TQQQ']));

    // PLTR is scanned, so it is found (issue 23: it found nothing with the 16 presets).
    await user.clear(searchBox());
    await user.type(searchBox(), 'pltr');
    expect(optionNames()).toEqual(['PLTR Palantir Technologies Inc.']);

    await user.clear(searchBox());
    await user.type(searchBox(), 'zzzz');
    expect(screen.getByText('No results found for "zzzz"')).toBeInTheDocument();
    expect(screen.getByText('Try searching for stocks like AAPL, TSLA, or app sections')).toBeInTheDocument();
  });

  it('lists the quotes provider’s tickers outside the universe (GET /api/symbols, debounced), quoted and marked quotes only, not opened', async () => {
    apiServer.use(
      serve('searchSymbols', ({ query }) => ({
        // What a Polygon stage answers for the text (the recorded ticker page's two tickers).
        symbols:
          query.q === 'alco'
            ? [
                { symbol: 'A', name: 'Agilent Technologies Inc.', scannable: false },
                { symbol: 'AA', name: 'Alcoa Corporation', scannable: false },
              ]
            : [],
        provider: 'polygon',
        providerError: null,
      })),
    );
    const { user, router } = await openShell();
    await user.type(searchBox(), 'alco');

    const alcoa = await screen.findByRole('option', { name: 'AA Alcoa Corporation (quotes only)' });
    expect(optionNames()).toEqual([
      'A Agilent Technologies Inc. (quotes only)',
      'AA Alcoa Corporation (quotes only)',
    ]);
    expect(alcoa).toHaveAttribute('aria-disabled', 'true');
    expect(within(alcoa).getByText('Quotes only')).toBeInTheDocument();
    // One request, for the text once typing stopped, not one per key.
    expect(requestsTo('searchSymbols').map(({ query }) => query)).toEqual([{ q: 'alco' }]);
    await waitFor(() => expect(quotedSymbols().at(-1)?.symbols).toEqual(['A', 'AA']));
    expect(await within(alcoa).findByText('$101.50')).toBeInTheDocument();

    await user.click(alcoa);
    expect(router.state.location.pathname).toBe('/dashboard/research');
    expect(searchBox()).toHaveAttribute('aria-expanded', 'true');
  });

  it("shows '--' placeholders when the quotes cannot be fetched", async () => {
    apiServer.use(serve('getMarketData', () => apiError(500, 'internal_error', 'boom')));
    const { user } = await openShell();
    await user.type(searchBox(), 'nvda');

    const nvda = screen.getByRole('option', { name: /^NVDA/ });
    await waitFor(() => expect(within(nvda).getAllByText('--')).toHaveLength(2));
    expect(within(nvda).getByText('NVIDIA Corporation')).toBeInTheDocument();
  });

  it('moves with the arrow keys; Enter on a stock opens the scanner with the symbol, which scans it', async () => {
    const { user, router } = await openShell();
    await user.type(searchBox(), 'a');
    // AAPL, AMZN, AMD start with A and come first.
    expect(optionNames().slice(0, 3)).toEqual([
      'AAPL Apple Inc.',
      'AMZN Amazon.com, Inc.',
      'AMD Advanced Micro Devices, Inc.',
    ]);
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    expect(options()[1]).toHaveAttribute('aria-selected', 'true');
    expect(searchBox()).toHaveAttribute('aria-activedescendant', options()[1]!.id);
    await user.keyboard('{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/scanner'), {
      timeout: LOAD_MS,
    });
    expect(router.state.location.state).toEqual({ symbol: 'AMZN' });
    expect(
      await screen.findByRole('heading', { name: 'Options Scanner', level: 1 }, { timeout: LOAD_MS }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(requestsTo('scanOptions').map(({ body }) => body)).toContainEqual(
        expect.objectContaining({ ticker: 'AMZN' }),
      ),
    );
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(searchBox()).toHaveValue('');
    expect(JSON.parse(window.localStorage.getItem('recentSearches')!)).toEqual(['AMZN']);
  });

  it('Enter picks the first result; a page navigates; the selection becomes the newest recent', async () => {
    window.localStorage.setItem('recentSearches', JSON.stringify(['TSLA', 'Market Alerts', 'SPY', 'QQQ']));
    const { user, router } = await openShell();
    await user.type(searchBox(), 'dark pool');
    await user.keyboard('{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/darkpool'), {
      timeout: LOAD_MS,
    });
    expect(JSON.parse(window.localStorage.getItem('recentSearches')!)).toEqual([
      'Dark Pool Flow Analyzer',
      'TSLA',
      'Market Alerts',
      'SPY',
      'QQQ',
    ]);

    await user.click(searchBox());
    expect(optionNames()).toEqual([
      'Recent: Dark Pool Flow Analyzer',
      'Recent: TSLA',
      'Recent: Market Alerts',
      'AAPL Apple Inc.',
      'MSFT Microsoft Corporation',
      'GOOGL Alphabet Inc.',
      'AMZN Amazon.com, Inc.',
    ]);
  });

  it('a recent refills the box and keeps the dropdown open on its matches', async () => {
    window.localStorage.setItem('recentSearches', JSON.stringify(['TSLA']));
    const { user, router } = await openShell();
    await user.click(searchBox());
    await user.click(screen.getByRole('option', { name: 'Recent: TSLA' }));

    expect(searchBox()).toHaveValue('TSLA');
    expect(searchBox()).toHaveFocus();
    expect(optionNames()).toEqual(['TSLA Tesla, Inc.']);
    expect(router.state.location.pathname).toBe('/dashboard/research');
  });

  it('Escape closes and leaves the box; a click outside closes', async () => {
    const { user } = await openShell();
    await user.type(searchBox(), 'spy');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(searchBox()).not.toHaveFocus();
    expect(searchBox()).toHaveValue('spy');

    await user.click(searchBox());
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await user.click(screen.getByRole('heading', { name: 'Research Assistant', level: 1 }));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});
