// @vitest-environment jsdom
/**
 * The Trading Journal page in jsdom, the trades API answered by Mock Service Worker with fixed
 * answers that the shared response schemas accept (tests/helpers/api-server.ts); each test says
 * what the server answers before and after the change it makes.
 */
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Trade, TradeImportResult, TradeStatsResponse } from '@shared/trades/schemas';
import { trade, tradeStats } from '../../fixtures/api-responses';
import { apiError, apiServer, requestsTo, serve, useApiServer } from '../../helpers/api-server';
import { mockSignedIn } from '../../helpers/signed-in';
import { renderApp } from '../../helpers/render-app';

// Waits are on conditions; a busy machine may take longer than the default second to meet them.
configure({ asyncUtilTimeout: 10_000 });

vi.mock('aws-amplify/auth', async () => (await import('../../helpers/amplify-auth-mock')).amplifyAuthMock());

/** lightweight-charts draws on a canvas jsdom does not have: a recording stand-in. */
const chartCalls = vi.hoisted(() => ({ setData: [] as unknown[][], created: 0 }));
vi.mock('lightweight-charts', () => ({
  BaselineSeries: { type: 'Baseline' },
  ColorType: { Solid: 'solid' },
  createChart: () => {
    chartCalls.created += 1;
    return {
      addSeries: () => ({ setData: (data: unknown[]) => chartCalls.setData.push(data) }),
      timeScale: () => ({ fitContent: () => undefined }),
      remove: () => undefined,
    };
  },
}));

/** The journal reads every date on the market's calendar, whatever the browser's zone. */
const TZ = 'America/New_York';

/** The journal as the list and the stats routes answer it: no trades unless a test says so. */
function answerJournal(trades: Trade[], stats: TradeStatsResponse = tradeStats()) {
  apiServer.use(
    serve('listTrades', () => ({ trades, cursor: null })),
    serve('getTradeStats', () => stats),
  );
}

useApiServer(
  serve('listTrades', () => ({ trades: [], cursor: null })),
  serve('getTradeStats', () => tradeStats()),
);

/** Renders the page and waits for its lazy chunk (slow on a busy machine the first time). */
async function renderJournal() {
  const rendered = renderApp('/dashboard/journal');
  await screen.findByRole('heading', { level: 1, name: 'Trading Journal' }, { timeout: 20_000 });
  return rendered;
}

/** The import dialog's file input (a CSV export or an Interactive Brokers Flex XML statement). */
const FILE_LABEL = 'Statement file (CSV or Flex XML)';
const tradesTable = () => screen.findByRole('table', { name: 'Trades, newest first' });
const bodyRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole<HTMLTableRowElement>('row')
    .filter((row) => row.getAttribute('aria-hidden') !== 'true')
    .slice(1);
const statValue = (label: string) => {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement;
};

beforeEach(() => {
  chartCalls.setData = [];
  chartCalls.created = 0;
  mockSignedIn();
  vi.stubGlobal('scrollTo', vi.fn());
  // jsdom lays nothing out: give scroll containers a height so the virtualiser draws a screenful.
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1000 });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
  delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
});

describe('the trading journal page', () => {
  it('shows the spec empty state, with a button that opens Add Trade', async () => {
    const { user } = await renderJournal();
    expect(await screen.findByRole('heading', { name: 'No Trades Yet' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add your first trade' }));
    expect(await screen.findByRole('dialog', { name: 'Add Trade' })).toBeInTheDocument();
  });

  it('shows the stat cards from the stats and the trades in the spec columns, open ones as Open', async () => {
    // Newest first, as the server lists them.
    answerJournal(
      [
        trade({
          trade_id: 't-nvda',
          ticker: 'NVDA',
          entry_price: 4.1,
          opened_at: '2026-03-01T15:00:00.000Z',
        }),
        trade({
          trade_id: 't-tsla',
          ticker: 'TSLA',
          entry_price: 3,
          exit_price: 2.5,
          opened_at: '2026-02-12T15:00:00.000Z',
          closed_at: '2026-02-21T15:00:00.000Z',
          pnl: -50,
        }),
        trade({
          trade_id: 't-spy',
          ticker: 'SPY',
          strategy: 'Iron Condor',
          side: 'credit',
          entry_price: 1.2,
          exit_price: 0.4,
          opened_at: '2026-02-10T15:00:00.000Z',
          closed_at: '2026-02-20T15:00:00.000Z',
          pnl: 80,
        }),
      ],
      tradeStats({
        total_trades: 3,
        closed_trades: 2,
        open_trades: 1,
        win_rate: 50,
        total_pnl: 30,
        avg_edge_score: 95,
        tracked_edge_score: 60,
        tracked_edge_trades: 2,
      }),
    );
    await renderJournal();
    const table = await tradesTable();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Date', 'Ticker', 'Strategy', 'Entry Price', 'Exit Price', 'P&L', 'Actions']);
    const rows = bodyRows(table);
    expect(rows.map((row) => row.cells[1]?.textContent)).toEqual(['NVDA', 'TSLA', 'SPY']);
    const open = within(rows[0]!).getByText('Open');
    expect(open).toHaveClass('text-blue-400');
    expect(within(rows[2]!).getByText('+$80.00')).toHaveClass('text-green-400');
    expect(within(rows[1]!).getByText('-$50.00')).toHaveClass('text-red-400');
    expect(within(rows[0]!).getByRole('button', { name: 'Close NVDA Long Call' })).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button', { name: /^Close/ })).not.toBeInTheDocument();

    await waitFor(() => expect(statValue('Total Trades')).toHaveTextContent('3'));
    expect(statValue('Win Rate')).toHaveTextContent('50.0%');
    expect(statValue('Win Rate')).toHaveClass('text-green-400');
    expect(statValue('Total P&L')).toHaveTextContent('+$30.00');
    expect(statValue('Total P&L')).toHaveClass('text-green-400');
    // The edge scores recorded when trades were tracked: 60 is the 'good' band (60 to 80), in blue.
    expect(statValue('Avg Edge Score')).toHaveTextContent('60.0');
    expect(statValue('Avg Edge Score')).toHaveClass('text-blue-400');
    // The spec's formula of the win rate is kept beside it, labelled as such.
    const edgeCard = statValue('Avg Edge Score').parentElement!;
    expect(edgeCard).toHaveTextContent('when tracked, over 2 trades');
    expect(edgeCard).toHaveTextContent('Spec formula (win rate × 0.7, +25 if profitable): 95.0');
  });

  it('adds a trade: field errors by each field, ticker upper-cased, the shared schema defaults sent', async () => {
    const added = trade({
      trade_id: 't-msft',
      ticker: 'MSFT',
      strategy: 'Bull Call Spread',
      entry_price: 1.25,
      tags: ['earnings', 'weekly'],
    });
    apiServer.use(
      serve('createTrade', () => {
        answerJournal([added], tradeStats({ total_trades: 1, open_trades: 1 }));
        return added;
      }),
    );
    const { user } = await renderJournal();
    await user.click(await screen.findByRole('button', { name: 'Add Trade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Trade' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Trade' }));
    expect(within(dialog).getByLabelText('Ticker')).toHaveAccessibleDescription('Enter a ticker');
    expect(within(dialog).getByLabelText('Strategy')).toHaveAccessibleDescription('Choose a strategy');
    expect(within(dialog).getByLabelText('Entry Price')).toHaveAttribute('aria-invalid', 'true');
    expect(requestsTo('createTrade')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Ticker'), 'msft');
    expect(within(dialog).getByLabelText('Ticker')).toHaveValue('MSFT');
    // A spread sets its usual side: a bull put spread is sold for a credit, a bull call bought.
    await user.selectOptions(within(dialog).getByLabelText('Strategy'), 'Bull Put Spread');
    expect(within(dialog).getByLabelText('Side')).toHaveValue('credit');
    await user.selectOptions(within(dialog).getByLabelText('Strategy'), 'Bull Call Spread');
    expect(within(dialog).getByLabelText('Side')).toHaveValue('debit');
    await user.type(within(dialog).getByLabelText('Entry Price'), '1.234');
    await user.click(within(dialog).getByRole('button', { name: 'Add Trade' }));
    expect(within(dialog).getByLabelText('Entry Price')).toHaveAccessibleDescription(/At most 2 decimals/);

    await user.clear(within(dialog).getByLabelText('Entry Price'));
    await user.type(within(dialog).getByLabelText('Entry Price'), '1.25');
    await user.type(within(dialog).getByLabelText('Tags'), 'earnings, weekly');
    await user.click(within(dialog).getByRole('button', { name: 'Add Trade' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Trade' })).not.toBeInTheDocument());
    const [post] = requestsTo('createTrade');
    expect(post!.headers.get('Idempotency-Key')).toMatch(/^[\w-]{36}$/);
    expect(post!.body).toMatchObject({
      ticker: 'MSFT',
      strategy: 'Bull Call Spread',
      entry_price: 1.25,
      exit_price: null,
      side: 'debit',
      quantity: 1,
      fees: 0,
      tags: ['earnings', 'weekly'],
    });
    const table = await tradesTable();
    expect(within(table).getByText('MSFT')).toBeInTheDocument();
    expect(screen.getByText('Added MSFT Bull Call Spread.')).toBeInTheDocument();
  });

  it('suggests tickers for what is typed (GET /api/symbols): the universe’s, and a provider’s others said to be quotes only', async () => {
    apiServer.use(
      serve('searchSymbols', ({ query }) => ({
        symbols:
          query.q === 'AL'
            ? [
                { symbol: 'ALB', name: 'Albemarle Corporation', scannable: true },
                { symbol: 'AA', name: 'Alcoa Corporation', scannable: false },
              ]
            : [],
        provider: 'polygon',
        providerError: null,
      })),
    );
    const { user } = await renderJournal();
    await user.click(await screen.findByRole('button', { name: 'Add Trade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Trade' });
    const ticker = within(dialog).getByLabelText('Ticker') as HTMLInputElement;
    await user.type(ticker, 'al');
    await waitFor(() =>
      expect([...(ticker.list?.options ?? [])].map((o) => [o.value, o.textContent])).toEqual([
        ['ALB', 'Albemarle Corporation'],
        ['AA', 'Alcoa Corporation (quotes only, not scanned)'],
      ]),
    );
    expect(requestsTo('searchSymbols').map(({ query }) => query)).toEqual([{ q: 'AL' }]);
  });

  it('puts the server 400 details next to the fields they name', async () => {
    const { user } = await renderJournal();
    await user.click(await screen.findByRole('button', { name: 'Add Trade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Trade' });
    apiServer.use(
      serve('createTrade', () =>
        apiError(400, 'validation_failed', 'Invalid request body: ticker', [
          { path: 'ticker', message: 'Unknown ticker ZZZZ' },
        ]),
      ),
    );
    await user.type(within(dialog).getByLabelText('Ticker'), 'ZZZZ');
    await user.selectOptions(within(dialog).getByLabelText('Strategy'), 'Long Put');
    await user.type(within(dialog).getByLabelText('Entry Price'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Add Trade' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Ticker')).toHaveAccessibleDescription('Unknown ticker ZZZZ'),
    );
    expect(screen.getByRole('dialog', { name: 'Add Trade' })).toBeInTheDocument();
    expect(requestsTo('createTrade')).toHaveLength(1);
  });

  it('shows by source what the tracked trades returned on the capital they risked', async () => {
    const done = trade({
      trade_id: 't-spy',
      exit_price: 4.5,
      closed_at: '2026-03-03T15:00:00.000Z',
      pnl: 150,
    });
    answerJournal(
      [done],
      tradeStats({
        total_trades: 3,
        closed_trades: 3,
        analytics: {
          by_source: [
            {
              key: 'scanner',
              trades: 1,
              pnl: 150,
              win_rate: 100,
              capital_trades: 1,
              capital: 300,
              return_on_capital: 50,
            },
            {
              key: 'manual',
              trades: 2,
              pnl: -40,
              win_rate: 50,
              capital_trades: 0,
              capital: 0,
              return_on_capital: null,
            },
          ],
        },
      }),
    );
    await renderJournal();
    const table = await screen.findByRole('table', { name: 'P&L by source' });
    expect(within(table).getByRole('columnheader', { name: 'Return on capital' })).toBeInTheDocument();
    const scanner = within(table).getByRole('row', { name: /Scanner/ });
    expect(within(scanner).getByText('+50.0%')).toHaveAccessibleName(/1 of 1 trades, \$300 at risk/);
    const manual = within(table).getByRole('row', { name: /Manual/ });
    expect(within(manual).getByText(/No trade here has a known capital at risk/)).toBeInTheDocument();
  });

  it('closes an open trade with its exit price: P&L, win rate and the equity curve follow', async () => {
    const open = trade({
      trade_id: 't-amd',
      ticker: 'AMD',
      entry_price: 2,
      opened_at: '2026-03-01T15:00:00.000Z',
    });
    const closed = { ...open, exit_price: 2.8, closed_at: '2026-03-03T15:00:00.000Z', pnl: 80 };
    answerJournal([open], tradeStats({ total_trades: 1, open_trades: 1 }));
    apiServer.use(
      serve('updateTrade', () => {
        answerJournal(
          [closed],
          tradeStats({
            total_trades: 1,
            closed_trades: 1,
            win_rate: 100,
            total_pnl: 80,
            analytics: { equity_curve: [{ date: '2026-03-03', pnl: 80, equity: 80 }] },
          }),
        );
        return closed;
      }),
    );
    const { user } = await renderJournal();
    await tradesTable();
    // Nothing closed yet: a neutral '—', not a red 0%.
    await waitFor(() => expect(statValue('Win Rate')).toHaveTextContent('—'));
    expect(statValue('Win Rate')).not.toHaveClass('text-red-400');
    expect(screen.getByText(/No closed trades yet: the curve starts/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close AMD Long Call' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close AMD Long Call' });
    await user.type(within(dialog).getByLabelText('Exit Price'), '2.8');
    expect(within(dialog).getByText('+$80.00')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close Trade' }));

    await waitFor(() => expect(statValue('Win Rate')).toHaveTextContent('100.0%'));
    expect(statValue('Total P&L')).toHaveTextContent('+$80.00');
    const [patch] = requestsTo('updateTrade');
    expect(patch!.params).toEqual({ id: 't-amd' });
    expect(patch!.body).toEqual({ exit_price: 2.8 });
    const row = bodyRows(await tradesTable())[0]!;
    expect(within(row).getByText('$2.80')).toBeInTheDocument();
    // The curve is drawn from 0 the day before the close to the closed P&L.
    await waitFor(() => expect(chartCalls.setData.at(-1)).toHaveLength(2));
    expect(chartCalls.setData.at(-1)?.[1]).toMatchObject({ value: 80 });
    expect(screen.getByRole('img', { name: /Equity curve/ })).toHaveAccessibleDescription(
      /ends at \+\$80\.00/,
    );
  });

  it('refuses a close date before the trade opened, by the field', async () => {
    answerJournal([trade({ trade_id: 't-amd', ticker: 'AMD', opened_at: '2026-03-05T15:00:00.000Z' })]);
    const { user } = await renderJournal();
    await user.click(await screen.findByRole('button', { name: 'Close AMD Long Call' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close AMD Long Call' });
    await user.type(within(dialog).getByLabelText('Exit Price'), '3');
    await user.type(within(dialog).getByLabelText('Closed on'), '2026-03-01');
    await user.click(within(dialog).getByRole('button', { name: 'Close Trade' }));
    expect(within(dialog).getByLabelText('Closed on')).toHaveAccessibleDescription(
      /cannot close before it opened/,
    );
    expect(requestsTo('updateTrade')).toHaveLength(0);
  });

  it('edits only what changed', async () => {
    const straddle = trade({
      trade_id: 't-qqq',
      ticker: 'QQQ',
      strategy: 'Straddle',
      notes: 'old',
      tags: ['a'],
    });
    answerJournal([straddle]);
    apiServer.use(serve('updateTrade', () => ({ ...straddle, notes: 'rolled up', quantity: 3 })));
    const { user } = await renderJournal();
    await user.click(await screen.findByRole('button', { name: 'Edit QQQ Straddle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit QQQ Straddle' });
    await user.clear(within(dialog).getByLabelText('Notes'));
    await user.type(within(dialog).getByLabelText('Notes'), 'rolled up');
    await user.clear(within(dialog).getByLabelText('Quantity'));
    await user.type(within(dialog).getByLabelText('Quantity'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [patch] = requestsTo('updateTrade');
    expect(patch!.params).toEqual({ id: 't-qqq' });
    expect(patch!.body).toEqual({ notes: 'rolled up', quantity: 3 });
  });

  it('deletes only after the confirmation', async () => {
    const gld = trade({ trade_id: 't-gld', ticker: 'GLD', opened_at: '2026-01-01T15:00:00.000Z' });
    answerJournal([trade({ trade_id: 't-iwm', ticker: 'IWM' }), gld]);
    apiServer.use(
      serve('deleteTrade', () => {
        answerJournal([gld]);
        return undefined;
      }),
    );
    const { user } = await renderJournal();
    await user.click(await screen.findByRole('button', { name: 'Delete IWM Long Call' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete this trade?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requestsTo('deleteTrade')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete IWM Long Call' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Delete this trade?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Trade' }));
    await waitFor(() =>
      expect(bodyRows(screen.getByRole('table', { name: 'Trades, newest first' }))).toHaveLength(1),
    );
    expect(requestsTo('deleteTrade').map(({ params }) => params.id)).toEqual(['t-iwm']);
  });

  it("applies the filters, on the market's calendar, to the list and the stats alike", async () => {
    const condor = trade({ trade_id: 't-spy', ticker: 'SPY', strategy: 'Iron Condor' });
    const call = trade({ trade_id: 't-aapl', ticker: 'AAPL' });
    // The server's answers to the three selections the test makes.
    const selected = (query: Record<string, string>) =>
      query.ticker ? [] : query.strategy === 'Iron Condor' ? [condor] : [condor, call];
    apiServer.use(
      serve('listTrades', ({ query }) => ({ trades: selected(query), cursor: null })),
      serve('getTradeStats', ({ query }) => tradeStats({ total_trades: selected(query).length })),
    );
    const { user } = await renderJournal();
    await tradesTable();
    await user.selectOptions(screen.getByLabelText('Strategy'), 'Iron Condor');
    await waitFor(() =>
      expect(bodyRows(screen.getByRole('table', { name: 'Trades, newest first' }))).toHaveLength(1),
    );
    for (const route of ['listTrades', 'getTradeStats'] as const) {
      const { query } = requestsTo(route).at(-1)!;
      expect(query.strategy).toBe('Iron Condor');
      expect(query.tz).toBe(TZ);
    }
    await waitFor(() => expect(statValue('Total Trades')).toHaveTextContent('1'));

    await user.type(screen.getByLabelText('Ticker', { selector: 'form[role=search] input' }), 'zzz{Enter}');
    expect(await screen.findByRole('heading', { name: 'No trades match these filters' })).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await waitFor(() =>
      expect(bodyRows(screen.getByRole('table', { name: 'Trades, newest first' }))).toHaveLength(2),
    );
  });

  it('keeps a screenful of rows in the DOM with thousands of trades, and loads the next page by cursor', async () => {
    const many = Array.from({ length: 2500 }, (_, i) =>
      trade({
        trade_id: `t-${String(i).padStart(5, '0')}`,
        ticker: 'SPY',
        opened_at: new Date(Date.UTC(2026, 0, 1) - i * 3_600_000).toISOString(),
      }),
    );
    // Two pages: the first 2,000 trades, then the other 500 for the cursor the first gave.
    apiServer.use(
      serve('listTrades', ({ query }) =>
        query.cursor === 'page-2'
          ? { trades: many.slice(2000), cursor: null }
          : { trades: many.slice(0, 2000), cursor: 'page-2' },
      ),
      serve('getTradeStats', () => tradeStats({ total_trades: 2500, open_trades: 2500 })),
    );
    await renderJournal();
    const table = await tradesTable();
    const drawn = bodyRows(table).length;
    expect(drawn).toBeGreaterThan(5);
    expect(drawn).toBeLessThan(60);
    expect(screen.getByText(/Showing 2,000 of 2,500 trades/)).toBeInTheDocument();

    const scroller = screen.getByRole('region', { name: 'Trades table (scrolls)' });
    Object.defineProperty(scroller, 'scrollTop', { configurable: true, writable: true, value: 2000 * 53 });
    scroller.dispatchEvent(new Event('scroll'));
    await waitFor(() =>
      expect(requestsTo('listTrades').map(({ query }) => query.cursor)).toContain('page-2'),
    );
    await waitFor(() => expect(screen.getByText('2,500 trades.')).toBeInTheDocument());
    expect(bodyRows(table).length).toBeLessThan(60);
  });

  it('says what failed and retries', async () => {
    let failStats = true;
    apiServer.use(
      serve('getTradeStats', () =>
        failStats ? apiError(500, 'internal_error', 'Stats broke') : tradeStats(),
      ),
    );
    const { user } = await renderJournal();
    const alert = await screen.findByText(/Could not load the journal statistics: Stats broke/);
    expect(alert).toBeInTheDocument();
    failStats = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(statValue('Total Trades')).toHaveTextContent('0'));
  });

  it('exports the server CSV as trading-journal.csv', async () => {
    const csv =
      'Date,Ticker,Strategy,Entry Price,Exit Price,P&L,Fees\r\n2026-03-02,SPY,Long Call,2.50,,,0.00\r\n';
    answerJournal([trade({ trade_id: 't-spy', ticker: 'SPY' })]);
    apiServer.use(serve('exportTrades', () => csv));
    const saved: { name: string; blob: Blob }[] = [];
    // jsdom has no object URLs: record the blob, and the name the link saves it as.
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        saved.push({ name: '', blob });
        return 'blob:journal';
      },
      revokeObjectURL: () => undefined,
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.at(-1)!.name = this.download;
    });
    const { user } = await renderJournal();
    await tradesTable();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('trading-journal.csv');
    expect(await saved[0]!.blob.text()).toBe(csv);
    expect(requestsTo('exportTrades')[0]!.query.tz).toBe(TZ);
    click.mockRestore();
    delete (URL as { createObjectURL?: unknown }).createObjectURL;
    delete (URL as { revokeObjectURL?: unknown }).revokeObjectURL;
  });

  it('previews an import, refuses a file with errors, and imports a good one after confirmation', async () => {
    const preview = (errors: TradeImportResult['errors'], dryRun: boolean): TradeImportResult => ({
      format: 'edge',
      dry_run: dryRun,
      new_rows: 1,
      rows: [
        {
          ticker: 'SPY',
          strategy: 'Iron Condor',
          side: 'credit',
          quantity: 1,
          entry_price: 1.2,
          exit_price: 0.4,
          fees: 0,
          notes: '',
          tags: [],
          source: 'import',
          source_ref: null,
          legs: null,
          edge_score: null,
          expected_return: null,
          opened_at: '2026-02-10T15:00:00.000Z',
          closed_at: '2026-02-20T15:00:00.000Z',
          pnl: 80,
        },
      ],
      updates: [],
      updated_rows: [],
      duplicates: [{ line: 4, trade_id: 't-x' }],
      errors,
      skipped: [],
      imported: dryRun ? 0 : 1,
      updated: 0,
      status: dryRun ? 'preview' : 'complete',
      remaining: dryRun ? 1 : 0,
      previous_import: null,
    });
    // The server's answers: the bad file's preview names its row error; the good file's does not.
    apiServer.use(
      serve('importTrades', ({ query, body }) => {
        const errors = String(body).includes('oops')
          ? [{ line: 3, field: 'Entry Price', message: 'Must be a number' }]
          : [];
        return preview(errors, query.dryRun === 'true');
      }),
    );
    const { user } = await renderJournal();
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import CSV' });
    const input = within(dialog).getByLabelText(FILE_LABEL);

    await user.upload(
      input,
      new File(['Ticker,Strategy,Entry Price\nSPY,Iron Condor,1.2\nQQQ,Straddle,oops\n'], 'bad.csv', {
        type: 'text/csv',
      }),
    );
    const problems = await within(dialog).findByRole('table', { name: 'Problems in the file' });
    expect(within(problems).getByText('3')).toBeInTheDocument();
    expect(within(problems).getByText('Entry Price')).toBeInTheDocument();
    expect(within(dialog).getByText(/already in your journal \(skipped\)/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Import 1 trade' })).toBeDisabled();
    const [dry] = requestsTo('importTrades');
    expect(dry!.query.dryRun).toBe('true');
    expect(dry!.headers.get('content-type')).toBe('text/csv');

    await user.upload(
      input,
      new File(['Ticker,Strategy,Entry Price\nSPY,Iron Condor,1.2\n'], 'good.csv', { type: 'text/csv' }),
    );
    const confirm = await within(dialog).findByRole('button', { name: 'Import 1 trade' });
    await waitFor(() => expect(confirm).toBeEnabled());
    expect(within(dialog).queryByRole('table', { name: 'Problems in the file' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('table', { name: 'Trades in the file' })).toHaveTextContent('SPY');
    await user.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Import CSV' })).not.toBeInTheDocument());
    expect(screen.getByText('Imported 1 trade, skipped 1 already in your journal.')).toBeInTheDocument();
    const last = requestsTo('importTrades').at(-1)!;
    expect(last.query.dryRun).toBe('false');
    expect(last.body).toBe('Ticker,Strategy,Entry Price\nSPY,Iron Condor,1.2\n');
  });

  it('an import cut short offers to resume; resumed, the file is sent again until the server says complete', async () => {
    const answer = (
      status: TradeImportResult['status'],
      imported: number,
      remaining: number,
    ): TradeImportResult => ({
      format: 'edge',
      dry_run: status === 'preview',
      new_rows: 3,
      rows: [],
      updates: [],
      updated_rows: [],
      duplicates: [],
      errors: [],
      skipped: [],
      imported,
      updated: 0,
      status,
      remaining,
      previous_import: null,
    });
    const commits = [
      () => apiError(503, 'service_unavailable', 'We are busy'),
      () => answer('partial', 1, 2),
      () => answer('partial', 1, 1),
      () => answer('complete', 1, 0),
    ];
    apiServer.use(
      serve('importTrades', ({ query }) =>
        query.dryRun === 'true' ? answer('preview', 0, 3) : commits.shift()!(),
      ),
    );
    const { user } = await renderJournal();
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import CSV' });
    await user.upload(
      within(dialog).getByLabelText(FILE_LABEL),
      new File(['Ticker,Strategy,Entry Price\nSPY,Long Call,1\n'], 'big.csv', { type: 'text/csv' }),
    );
    const confirm = await within(dialog).findByRole('button', { name: 'Import 3 trades' });
    await waitFor(() => expect(confirm).toBeEnabled());
    await user.click(confirm);

    expect(await within(dialog).findByText(/no row is added twice/)).toBeInTheDocument();
    const resume = within(dialog).getByRole('button', { name: 'Resume import' });
    expect(resume).toBeEnabled();
    await user.click(resume);

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Import CSV' })).not.toBeInTheDocument());
    expect(screen.getByText('Imported 3 trades.')).toBeInTheDocument();
    expect(requestsTo('importTrades').filter((r) => r.query.dryRun === 'false')).toHaveLength(4);
  });

  it('shows the trades a newer export closes and the rows it does not import, and says how many were added, updated and skipped', async () => {
    apiServer.use(
      serve('importTrades', ({ query }) => {
        const dryRun = query.dryRun === 'true';
        const result: TradeImportResult = {
          format: 'tastytrade',
          dry_run: dryRun,
          new_rows: 0,
          rows: [],
          updates: [{ line: 3, trade_id: 't-aapl' }],
          updated_rows: [
            {
              ticker: 'AAPL',
              strategy: 'Long Call',
              side: 'debit',
              quantity: 2,
              entry_price: 2.5,
              exit_price: 3.1,
              fees: 2.28,
              opened_at: '2024-03-15T18:31:05.000Z',
              closed_at: '2024-03-28T14:02:47.000Z',
              pnl: 117.72,
            },
          ],
          duplicates: [
            { line: 5, trade_id: 't-spy' },
            { line: 6, trade_id: 't-qqq' },
          ],
          errors: [],
          skipped: [
            { line: 4, reason: 'Shares of F (Bought 100 F @ 12.10): the journal imports option trades only' },
          ],
          imported: 0,
          updated: dryRun ? 0 : 1,
          status: dryRun ? 'preview' : 'complete',
          remaining: dryRun ? 1 : 0,
          previous_import: null,
        };
        return result;
      }),
    );
    const { user } = await renderJournal();
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import CSV' });
    await user.upload(
      within(dialog).getByLabelText(FILE_LABEL),
      new File(['Date,Type,Action\n'], 'newer.csv', { type: 'text/csv' }),
    );
    expect(
      await within(dialog).findByText(
        'newer.csv: a tastytrade transaction history. 0 new trades, 1 to close in your journal, 2 already in your journal (skipped).',
      ),
    ).toBeInTheDocument();
    // a broker's share row is listed with its reason, not as a problem
    const notImported = within(dialog).getByRole('list', { name: 'Rows not imported' });
    expect(within(notImported).getByRole('listitem')).toHaveTextContent(
      'Line 4: Shares of F (Bought 100 F @ 12.10): the journal imports option trades only',
    );
    const closing = within(dialog).getByRole('table', { name: 'Trades to close' });
    expect(within(closing).getByRole('row', { name: /AAPL/ })).toHaveTextContent('+$117.72');
    expect(within(dialog).queryByRole('table', { name: 'Trades in the file' })).not.toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Update 1 trade' });
    await waitFor(() => expect(confirm).toBeEnabled());
    await user.click(confirm);
    expect(
      await screen.findByText('Imported 0 trades, updated 1, skipped 2 already in your journal.'),
    ).toBeInTheDocument();
  });
});
