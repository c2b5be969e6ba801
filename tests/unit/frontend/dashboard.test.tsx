// @vitest-environment jsdom
/**
 * The Dashboard and the Daily Market Summary in jsdom, the API answered by Mock Service Worker
 * (tests/helpers/api-server.ts): quotes and the daily summary from the shared market model (what
 * the simulated stage serves), the journal's figures and trades as fixed answers.
 */
import { readFileSync } from 'node:fs';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MARKET_OVERVIEW_SYMBOLS, TICKER_BAR_SYMBOLS } from '@shared/constants/symbols';
import { DAILY_NEWS_POPUP_DELAY_MS } from '@shared/constants/timings';
import { quoteAt } from '@shared/market/quotes';
import type { MarketDataInput, Quote } from '@shared/market/schemas';
import { dailyMarketSummary } from '@shared/market/summary';
import type { DailyMarketSummary } from '@shared/market/summary-schemas';
import { newsDateKey } from '@shared/market/summary-seen';
import type { Profile } from '@shared/profiles/schemas';
import { newsItemFromPolygon, parsePolygonNews } from '@shared/providers/feeds/polygon-news';
import { trade, tradeStats } from '../../fixtures/api-responses';
import { apiError, apiServer, requestsTo, serve, useApiServer } from '../../helpers/api-server';
import { mockSignedIn } from '../../helpers/signed-in';
import { renderApp } from '../../helpers/render-app';

configure({ asyncUtilTimeout: 10_000 });

vi.mock('aws-amplify/auth', async () => (await import('../../helpers/amplify-auth-mock')).amplifyAuthMock());

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const NOW = new Date();
const SUMMARY: DailyMarketSummary = dailyMarketSummary(NOW);

/** An instant `ms` before now. */
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const PROFILE: Profile = {
  id: 'sub-123',
  email: 'trader@example.com',
  full_name: null,
  created_at: ago(60 * DAY_MS),
  updated_at: ago(60 * DAY_MS),
  trial_end_date: ago(53 * DAY_MS),
  subscription_tier: 'pro',
  onboarding_completed_at: ago(59 * DAY_MS),
  notification_prefs: {
    email_alerts: true,
    push_notifications: true,
    market_updates: true,
    trade_confirmations: true,
  },
};

/** The simulated market's quotes for the symbols asked, with or without their 52-week range. */
function quotes(body: unknown, { withRange = true } = {}) {
  const { symbols } = body as MarketDataInput;
  const data = symbols.map((symbol): Quote => {
    const { fiftyTwoWeekLow, fiftyTwoWeekHigh, ...quote } = quoteAt(symbol, NOW);
    return withRange ? { ...quote, fiftyTwoWeekLow, fiftyTwoWeekHigh } : quote;
  });
  return { data, source: 'simulated' as const };
}

/** The market-data route failing with `status` for one kind of request (the ticker bar's or the dashboard's). */
const quotesFailing = (type: MarketDataInput['type'], status: number) =>
  serve('getMarketData', ({ body }) =>
    (body as MarketDataInput).type === type ? apiError(status, 'internal_error', 'Broken') : quotes(body),
  );

useApiServer(
  serve('getProfile', () => PROFILE),
  serve('getMarketData', ({ body }) => quotes(body)),
  serve('getMarketSummary', () => SUMMARY),
  serve('getTradeStats', () => tradeStats()),
  serve('listTrades', () => ({ trades: [], cursor: null })),
);

async function renderDashboard() {
  const rendered = renderApp('/dashboard');
  await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 20_000 });
  return rendered;
}

const statCard = (label: string) => screen.getByRole('group', { name: label });
const statValue = async (label: string) => {
  await waitFor(() => expect(within(statCard(label)).queryByText('…')).not.toBeInTheDocument());
  return statCard(label).querySelector('[data-polarity], p + p') as HTMLElement;
};
const summaryDialog = () => screen.findByRole('dialog', { name: 'Daily Market Summary' });
const dollars = (value: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(value);

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

describe('Dashboard: trade figures', () => {
  it("shows the four stat cards from the user's trades, coloured by spec 9", async () => {
    apiServer.use(
      serve('getTradeStats', () =>
        tradeStats({
          total_trades: 6,
          closed_trades: 4,
          open_trades: 2,
          win_rate: 50,
          total_pnl: 185,
          today_pnl: 125,
          portfolio_value: 185,
          portfolio_change_percent: 100,
          return_on_cost_percent: 12.3,
        }),
      ),
    );
    window.localStorage.setItem('lastSeenNewsDate', newsDateKey(new Date()));
    await renderDashboard();
    expect(screen.getByText("Welcome back! Here's what's happening with your trades.")).toBeInTheDocument();

    const portfolio = await statValue('Portfolio Value');
    expect(portfolio).toHaveTextContent('$185.00');
    expect(portfolio).toHaveAttribute('data-polarity', 'positive');
    // A percent with a base (the premium paid), never the spec's sign × 100.
    expect(statCard('Portfolio Value')).toHaveTextContent('+12.3% on premium paid');
    expect(statCard('Portfolio Value')).not.toHaveTextContent('100.0%');
    const today = await statValue('Today P&L');
    expect(today).toHaveTextContent('+$125.00');
    expect(today).toHaveAttribute('data-polarity', 'positive');
    const winRate = await statValue('Win Rate');
    expect(winRate).toHaveTextContent('50.0%');
    expect(winRate).toHaveAttribute('data-polarity', 'positive');
    expect(await statValue('Open Positions')).toHaveTextContent('2');
    expect(requestsTo('getTradeStats')[0]!.query.tz).toBe('America/New_York');
  });

  it('colours a losing record: no portfolio value, a negative day, a 0% win rate', async () => {
    apiServer.use(
      serve('getTradeStats', () =>
        tradeStats({
          total_trades: 2,
          closed_trades: 2,
          win_rate: 0,
          total_pnl: -100,
          today_pnl: -100,
          portfolio_value: 0,
          portfolio_change_percent: -100,
        }),
      ),
    );
    window.localStorage.setItem('lastSeenNewsDate', newsDateKey(new Date()));
    await renderDashboard();
    const portfolio = await statValue('Portfolio Value');
    expect(portfolio).toHaveTextContent('$0.00');
    expect(portfolio).toHaveAttribute('data-polarity', 'negative');
    // No base for a percent (return_on_cost_percent null): none is shown.
    expect(statCard('Portfolio Value')).not.toHaveTextContent('%');
    expect(await statValue('Today P&L')).toHaveAttribute('data-polarity', 'negative');
    expect(await statValue('Today P&L')).toHaveTextContent('-$100.00');
    const winRate = await statValue('Win Rate');
    expect(winRate).toHaveTextContent('0.0%');
    expect(winRate).toHaveAttribute('data-polarity', 'negative');
  });

  it('shows a new journal neutrally: no colour, no 0% win rate', async () => {
    apiServer.use(serve('getTradeStats', () => tradeStats({ total_trades: 1, open_trades: 1 })));
    window.localStorage.setItem('lastSeenNewsDate', newsDateKey(new Date()));
    await renderDashboard();
    const winRate = await statValue('Win Rate');
    expect(winRate).toHaveTextContent('—');
    expect(winRate).not.toHaveAttribute('data-polarity');
    expect(await statValue('Portfolio Value')).not.toHaveAttribute('data-polarity');
    expect(await statValue('Today P&L')).not.toHaveAttribute('data-polarity');
    expect(statCard('Portfolio Value')).toHaveTextContent('No closed trades yet');
  });

  it('lists the 5 most recently updated trades: opened ones by strategy, closed ones with their P&L', async () => {
    // The server's answer: the five most recently updated, newest first.
    const closed = (id: string, ageMs: number, fields: Parameters<typeof trade>[0]) =>
      trade({
        ...fields,
        trade_id: id,
        opened_at: ago(ageMs),
        closed_at: ago(ageMs),
        updated_at: ago(ageMs),
      });
    const opened = (id: string, ageMs: number, fields: Parameters<typeof trade>[0]) =>
      trade({ ...fields, trade_id: id, opened_at: ago(ageMs), updated_at: ago(ageMs) });
    const recent = [
      closed('a', 20_000, { trade_id: 'a', ticker: 'AAPL', entry_price: 2.5, exit_price: 3.75, pnl: 125 }),
      opened('b', 5 * MINUTE_MS + 5_000, { trade_id: 'b', ticker: 'TSLA', strategy: 'Iron Condor' }),
      closed('c', 3 * 3_600_000, {
        trade_id: 'c',
        ticker: 'NVDA',
        strategy: 'Long Put',
        entry_price: 4,
        exit_price: 3.1,
        pnl: -90,
      }),
      opened('d', 2 * DAY_MS, { trade_id: 'd', ticker: 'SPY', strategy: 'Straddle' }),
      closed('e', 10 * DAY_MS, {
        trade_id: 'e',
        ticker: 'QQQ',
        strategy: 'Covered Call',
        entry_price: 1,
        exit_price: 0.5,
        pnl: -50,
      }),
    ];
    apiServer.use(serve('listTrades', () => ({ trades: recent, cursor: null })));
    window.localStorage.setItem('lastSeenNewsDate', newsDateKey(new Date()));
    await renderDashboard();
    const list = await screen.findByRole('list', { name: 'Recent trades' });
    const rows = within(list)
      .getAllByRole('listitem')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      expect.stringMatching(/AAPL Closed Long Call.*Just now.*\+\$125\.00/),
      expect.stringMatching(/TSLA Opened Iron Condor.*5m ago.*Open/),
      expect.stringMatching(/NVDA Closed Long Put.*3h ago.*-\$90\.00/),
      expect.stringMatching(/SPY Opened Straddle.*2d ago.*Open/),
      expect.stringMatching(/QQQ Closed Covered Call.*10d ago.*-\$50\.00/),
    ]);
    expect(requestsTo('listTrades')[0]!.query).toMatchObject({ sort: 'updated', limit: '5' });
  });

  it('dates a trade by when it closed (or opened), not by its last edit', async () => {
    // Closed 22 days ago, its notes edited 19 minutes ago; an open trade opened 3 days ago, edited just now.
    const recent = [
      trade({
        trade_id: 'edited-now',
        ticker: 'SPY',
        opened_at: ago(3 * DAY_MS),
        updated_at: ago(10_000),
      }),
      trade({
        trade_id: 'closed-long-ago',
        ticker: 'AMD',
        opened_at: ago(30 * DAY_MS),
        closed_at: ago(22 * DAY_MS),
        updated_at: ago(19 * MINUTE_MS),
        exit_price: 3,
        pnl: 50,
      }),
    ];
    apiServer.use(serve('listTrades', () => ({ trades: recent, cursor: null })));
    window.localStorage.setItem('lastSeenNewsDate', newsDateKey(new Date()));
    await renderDashboard();
    const list = await screen.findByRole('list', { name: 'Recent trades' });
    const rows = within(list)
      .getAllByRole('listitem')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      expect.stringMatching(/SPY Opened Long Call.*3d ago/),
      expect.stringMatching(/AMD Closed Long Call.*22d ago.*\+\$50\.00/),
    ]);
    expect(rows.join(' ')).not.toContain('19m ago');
  });

  it('says so when there is no activity yet', async () => {
    window.localStorage.setItem('lastSeenNewsDate', newsDateKey(new Date()));
    await renderDashboard();
    expect(await screen.findByText('No Recent Activity')).toBeInTheDocument();
    expect(screen.getByText('Start trading to see your recent activity here.')).toBeInTheDocument();
  });
});

describe('Dashboard: market panels', () => {
  beforeEach(() => window.localStorage.setItem('lastSeenNewsDate', newsDateKey(new Date())));

  it("lists the ten Market Overview quotes with the model's 52-week range, and refreshes on demand", async () => {
    const { user } = await renderDashboard();
    const list = await screen.findByRole('list', { name: 'Market quotes' });
    const cards = within(list).getAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual([...MARKET_OVERVIEW_SYMBOLS]);
    const spy = quoteAt('SPY', NOW);
    const spyCard = within(list).getByRole('article', { name: 'SPY' });
    expect(spyCard).toHaveTextContent(spy.name);
    expect(spyCard).toHaveTextContent(`${spy.change} (${spy.changePercent})`);
    expect(spyCard).toHaveTextContent(
      `52W Range ${dollars(Number(spy.fiftyTwoWeekLow))} – ${dollars(Number(spy.fiftyTwoWeekHigh))}`,
    );
    expect(spyCard).not.toHaveTextContent('estimate');
    expect(within(list).getByRole('article', { name: 'AAPL' })).toHaveTextContent(
      `Mkt Cap ${quoteAt('AAPL', NOW).marketCap}`,
    );
    expect(screen.getAllByText('Simulated data').length).toBeGreaterThan(0);

    const before = requestsTo('getMarketData').length;
    await user.click(screen.getByRole('button', { name: 'Refresh market overview' }));
    await waitFor(() => expect(requestsTo('getMarketData').length).toBeGreaterThan(before));
  });

  it("falls back to the spec's 80%-120% estimate, labelled, when a quote has no 52-week range", async () => {
    apiServer.use(serve('getMarketData', ({ body }) => quotes(body, { withRange: false })));
    await renderDashboard();
    const card = await screen.findByRole('article', { name: 'TSLA' });
    const price = Number(quoteAt('TSLA', NOW).price);
    expect(card).toHaveTextContent(
      `52W Range ${dollars(Math.round(price * 80) / 100)} – ${dollars(Math.round(price * 120) / 100)} (estimate: 80%–120% of price)`,
    );
  });

  it('names a real provider, its delay and quote time instead of "Simulated data"', async () => {
    const asOf = '2023-05-19T19:59:59.000Z';
    apiServer.use(
      serve('getMarketData', ({ body }) => ({
        ...quotes(body),
        source: 'live' as const,
        provenance: { source: 'cboe' as const, delayed: true, stale: null, asOf },
      })),
    );
    await renderDashboard();
    expect(await screen.findByText('CBOE · 15 min delayed · as of 3:59 PM ET')).toBeInTheDocument();
    expect(screen.queryByText('Simulated data')).not.toBeInTheDocument();
  });

  it('shows SPY, QQQ, IWM and VIX in the Market Summary card', async () => {
    await renderDashboard();
    const list = await screen.findByRole('list', { name: 'Index quotes' });
    const symbols = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent?.slice(0, 3));
    expect(symbols).toEqual(['SPY', 'QQQ', 'IWM', 'VIX']);
  });

  it('scrolls the 20 ticker-bar symbols', async () => {
    await renderDashboard();
    const ticker = await screen.findByRole('list', { name: 'Ticker quotes' });
    const items = within(ticker).getAllByRole('listitem');
    expect(items.map((item) => item.textContent?.split(/\s/)[0])).toEqual(
      TICKER_BAR_SYMBOLS.map((symbol) => expect.stringContaining(symbol)),
    );
    expect(requestsTo('getMarketData').map(({ body }) => body)).toContainEqual({
      symbols: [...TICKER_BAR_SYMBOLS],
      type: 'ticker',
    });
  });

  it("falls back to generated quotes for 16 symbols named '{symbol} Corp.' when the ticker call fails", async () => {
    apiServer.use(quotesFailing('ticker', 503));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderDashboard();
    expect(await screen.findByText(/Fallback: randomly generated quotes/)).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Ticker quotes' })).getAllByRole('listitem');
    expect(items).toHaveLength(16);
    expect(items.map((item) => item.getAttribute('title'))).toEqual(
      TICKER_BAR_SYMBOLS.slice(0, 16).map((symbol) => `${symbol} Corp.`),
    );
    expect(logged).toHaveBeenCalledWith('Ticker data API error: 503', expect.anything());
  });

  it("logs 'Market data API error: {status}' and says the quotes are unavailable", async () => {
    apiServer.use(quotesFailing('dashboard', 502));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderDashboard();
    await waitFor(() => expect(screen.getAllByText('Market data is unavailable right now.')).toHaveLength(2));
    expect(logged).toHaveBeenCalledWith('Market data API error: 502', expect.anything());
  });
});

describe('Daily Market Summary', () => {
  it('opens 1.5 s after load with the overview, both level blocks and the news', async () => {
    const timers = vi.spyOn(window, 'setTimeout');
    await renderDashboard();
    const dialog = await summaryDialog();
    expect(timers.mock.calls.some(([, delay]) => delay === DAILY_NEWS_POPUP_DELAY_MS)).toBe(true);

    const [year, month, day] = SUMMARY.date.split('-').map(Number);
    const longDate = new Date(year!, month! - 1, day).toLocaleDateString('en-US', {
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    });
    expect(await within(dialog).findByText(longDate)).toBeInTheDocument();
    const articles = await within(dialog).findAllByRole('article');
    expect(articles).toHaveLength(SUMMARY.news.length);
    const futures = { up: 'Up', down: 'Down', flat: 'Flat' }[SUMMARY.overview.futuresDirection];
    expect(within(dialog).getByText('Futures').nextElementSibling).toHaveTextContent(futures);
    expect(within(dialog).getByText(SUMMARY.overview.sectorRotation)).toBeInTheDocument();
    for (const symbol of ['SPY', 'QQQ'] as const) {
      const block = within(dialog).getByRole('region', { name: `${symbol} Levels` });
      const { support, current, resistance } = SUMMARY.levels[symbol];
      expect(block).toHaveTextContent(
        `Support${dollars(support)}Current${dollars(current)}Resistance${dollars(resistance)}`,
      );
    }

    const first = SUMMARY.news[0]!;
    const card = within(dialog).getByRole('article', { name: first.title });
    expect(card).toHaveTextContent(`${first.impact.toUpperCase()} IMPACT`);
    expect(card).toHaveTextContent(first.summary);
    expect(card).toHaveTextContent('Trading Implication');
    expect(card).toHaveTextContent(first.tradingImplication);
    expect(card).toHaveTextContent(first.sourceName);
    for (const ticker of first.tickers)
      expect(within(card).getByRole('list', { name: 'Tickers' })).toHaveTextContent(ticker);
    expect(within(card).getByRole('link', { name: /Read Full Article →/ })).toHaveAttribute(
      'href',
      first.sourceUrl,
    );
    expect(dialog).toHaveTextContent(`${SUMMARY.news.length} news items`);
    expect(within(dialog).getByText('Simulated data')).toBeInTheDocument();
  });

  it('filters the news by category', async () => {
    const { user } = await renderDashboard();
    const dialog = await summaryDialog();
    const filters = await within(dialog).findByRole('group', { name: 'News category' });
    expect(
      within(filters)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All', 'Fed', 'Earnings', 'Geopolitical', 'Sector', 'Crypto', 'Technical']);
    expect(within(filters).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(filters).getByRole('button', { name: 'Sector' }));
    expect(within(filters).getByRole('button', { name: 'Sector' })).toHaveAttribute('aria-pressed', 'true');
    const sector = SUMMARY.news.filter((item) => item.category === 'sector');
    expect(
      within(dialog)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-labelledby')),
    ).toEqual(sector.map((item) => `news-${item.id}`));

    await user.click(within(filters).getByRole('button', { name: 'All' }));
    expect(within(dialog).getAllByRole('article')).toHaveLength(SUMMARY.news.length);
  });

  it("closing stores today's date; the next visit that day does not open it", async () => {
    const { user } = await renderDashboard();
    await summaryDialog();
    await user.click(screen.getByRole('button', { name: 'Close daily market summary' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Daily Market Summary' })).not.toBeInTheDocument(),
    );
    expect(window.localStorage.getItem('lastSeenNewsDate')).toBe(newsDateKey(new Date()));

    cleanup();
    const timers = vi.spyOn(window, 'setTimeout');
    await renderDashboard();
    await screen.findByRole('list', { name: 'Market quotes' });
    expect(timers.mock.calls.some(([, delay]) => delay === DAILY_NEWS_POPUP_DELAY_MS)).toBe(false);
    expect(screen.queryByRole('dialog', { name: 'Daily Market Summary' })).not.toBeInTheDocument();
  });

  it('Start Trading dismisses it and opens the scanner', async () => {
    const { user, router } = await renderDashboard();
    const dialog = await summaryDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Start Trading' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/scanner'));
    expect(window.localStorage.getItem('lastSeenNewsDate')).toBe(newsDateKey(new Date()));
  });

  it('dates the summary by the market clock: a replayed session shows its own day, not the browser’s', async () => {
    const replayed = dailyMarketSummary(new Date('2023-05-19T19:59:59Z'));
    apiServer.use(serve('getMarketSummary', () => replayed));
    await renderDashboard();
    const dialog = await summaryDialog();
    expect(await within(dialog).findByText('Friday, May 19, 2023')).toBeInTheDocument();
  });

  it('shows a news provider’s stories with their publisher and link, and says when they were not updated', async () => {
    // jsdom's import.meta.url is not a file URL: the recording is read from the repository root.
    const recorded = parsePolygonNews(
      JSON.parse(readFileSync('tests/fixtures/providers/polygon/news-AAPL.openbb-cassette.json', 'utf8')),
    );
    apiServer.use(
      serve('getMarketSummary', () => ({
        ...SUMMARY,
        news: recorded.map(newsItemFromPolygon),
        newsSource: {
          provider: 'polygon' as const,
          fetchedAt: NOW.toISOString(),
          stale: { reason: 'Polygon answered 503', ageSeconds: 360 },
        },
      })),
    );
    await renderDashboard();
    const dialog = await summaryDialog();
    expect(await within(dialog).findByText('Source: Investing.com')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /These Under-\$10 Stocks Are Up 100%/ })).toHaveAttribute(
      'href',
      'https://www.investing.com/analysis/these-under10-stocks-are-up-100-this-quarter--and-some-still-have-room-to-run-200667317',
    );
    expect(
      within(dialog).getByText('News: Polygon · not updated (Polygon answered 503; 6 min old)'),
    ).toBeInTheDocument();
  });

  it("says 'Loading market summary...' while the summary loads", async () => {
    apiServer.use(serve('getMarketSummary', () => new Promise<never>(() => {})));
    await renderDashboard();
    const dialog = await summaryDialog();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Loading market summary...');
  });

  it('falls back to simulated defaults when the summary cannot be loaded', async () => {
    apiServer.use(serve('getMarketSummary', () => apiError(500, 'internal_error', 'Broken')));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderDashboard();
    const dialog = await summaryDialog();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('could not be loaded');
    expect(within(dialog).getByText('Futures').nextElementSibling).toHaveTextContent('Flat');
    expect(within(dialog).getByRole('region', { name: 'SPY Levels' })).toHaveTextContent(
      'Support$445.00Current$450.00Resistance$460.00',
    );
    expect(within(dialog).getByRole('region', { name: 'QQQ Levels' })).toHaveTextContent(
      'Support$375.00Current$380.00Resistance$390.00',
    );
    const vix = Number(within(dialog).getByText('VIX').nextElementSibling!.textContent);
    expect(vix).toBeGreaterThanOrEqual(15);
    expect(vix).toBeLessThanOrEqual(30);
    expect(within(dialog).getByText('No news is available right now.')).toBeInTheDocument();
    expect(within(dialog).getByText('Simulated data')).toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
  });
});
