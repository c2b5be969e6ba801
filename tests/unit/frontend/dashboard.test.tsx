// @vitest-environment jsdom
/**
 * The Dashboard and the Daily Market Summary in jsdom, against an in-memory stand-in for the API
 * that answers with the shared market model (quotes, the daily summary) and the journal's shared
 * stats function over an in-memory list of trades.
 */
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import { fetchAuthSession, getCurrentUser } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MARKET_OVERVIEW_SYMBOLS, TICKER_BAR_SYMBOLS } from '@shared/constants/symbols';
import { DAILY_NEWS_POPUP_DELAY_MS } from '@shared/constants/timings';
import { quoteAt } from '@shared/market/quotes';
import { marketDataInput, type Quote } from '@shared/market/schemas';
import { dailyMarketSummary } from '@shared/market/summary';
import type { DailyMarketSummary } from '@shared/market/summary-schemas';
import { newsDateKey } from '@shared/market/summary-seen';
import { journalStats } from '@shared/trades/analytics';
import { tradePnl } from '@shared/trades/pnl';
import { tradeListQuery, type Trade } from '@shared/trades/schemas';
import { renderApp } from '../../helpers/render-app';

configure({ asyncUtilTimeout: 10_000 });

vi.mock('aws-amplify/auth', async () => (await import('../../helpers/amplify-auth-mock')).amplifyAuthMock());

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const NOW = new Date();
const SUMMARY: DailyMarketSummary = dailyMarketSummary(NOW);

let trades: Trade[] = [];
let failures: { dashboardQuotes?: number; tickerQuotes?: number; summary?: number } = {};
let summaryNeverAnswers = false;
let quotesWithoutRange = false;

function trade(id: string, fields: Partial<Trade> & { ageMs: number }): Trade {
  const { ageMs, ...rest } = fields;
  const at = new Date(Date.now() - ageMs).toISOString();
  const row: Trade = {
    trade_id: id,
    user_id: 'sub-123',
    ticker: 'AAPL',
    strategy: 'Long Call',
    side: 'debit',
    quantity: 1,
    entry_price: 1,
    exit_price: null,
    fees: 0,
    notes: '',
    tags: [],
    source: 'manual',
    source_ref: null,
    legs: null,
    opened_at: at,
    closed_at: rest.exit_price === undefined || rest.exit_price === null ? null : at,
    created_at: at,
    updated_at: at,
    pnl: null,
    ...rest,
  };
  return { ...row, pnl: tradePnl(row) };
}

const error = (status: number) =>
  Response.json({ error: { code: 'internal_error', message: 'Broken' } }, { status });

const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input), 'http://localhost');
  const method = init?.method ?? 'GET';
  switch (`${method} ${url.pathname}`) {
    case 'GET /api/profile':
      return Response.json({
        id: 'sub-123',
        email: 'trader@example.com',
        full_name: null,
        created_at: new Date(Date.now() - 60 * DAY_MS).toISOString(),
        updated_at: new Date(Date.now() - 60 * DAY_MS).toISOString(),
        trial_end_date: new Date(Date.now() - 53 * DAY_MS).toISOString(),
        subscription_tier: 'pro',
        onboarding_completed_at: new Date(Date.now() - 59 * DAY_MS).toISOString(),
        notification_prefs: {
          email_alerts: true,
          push_notifications: true,
          market_updates: true,
          trade_confirmations: true,
        },
      });
    case 'POST /api/market-data': {
      const { symbols, type } = marketDataInput.parse(JSON.parse(String(init?.body)));
      const status = type === 'ticker' ? failures.tickerQuotes : failures.dashboardQuotes;
      if (status) return error(status);
      const data = symbols.map((symbol): Quote => {
        const { fiftyTwoWeekLow, fiftyTwoWeekHigh, ...quote } = quoteAt(symbol, NOW);
        return quotesWithoutRange ? quote : { ...quote, fiftyTwoWeekLow, fiftyTwoWeekHigh };
      });
      return Response.json({ data, source: 'simulated' });
    }
    case 'GET /api/market-summary':
      if (summaryNeverAnswers) return new Promise<Response>(() => {});
      return failures.summary ? error(failures.summary) : Response.json(SUMMARY);
    case 'GET /api/trades/stats':
      return Response.json(journalStats(trades, new Date(), url.searchParams.get('tz') ?? 'UTC'));
    case 'GET /api/trades': {
      const query = tradeListQuery.parse(Object.fromEntries(url.searchParams));
      const ordered = [...trades].sort((a, b) =>
        query.sort === 'updated'
          ? b.updated_at.localeCompare(a.updated_at)
          : b.opened_at.localeCompare(a.opened_at),
      );
      return Response.json({ trades: ordered.slice(0, query.limit), cursor: null });
    }
    default:
      return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
  }
});

const requests = (method: string, pathname: string) =>
  fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init }))
    .filter(({ url, init }) => (init?.method ?? 'GET') === method && url.pathname === pathname);

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
  trades = [];
  failures = {};
  summaryNeverAnswers = false;
  quotesWithoutRange = false;
  window.localStorage.clear();
  vi.mocked(getCurrentUser).mockResolvedValue({ userId: 'sub-123', username: 'sub-123' });
  vi.mocked(fetchAuthSession).mockResolvedValue({
    tokens: {
      accessToken: { payload: { sub: 'sub-123' }, toString: () => 'access-token' },
      idToken: { payload: { sub: 'sub-123', email: 'trader@example.com' }, toString: () => 'id-token' },
    },
  } as never);
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('scrollTo', vi.fn());
});

afterEach(() => {
  cleanup();
  fetchMock.mockClear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Dashboard: trade figures', () => {
  it("shows the four stat cards from the user's trades, coloured by spec 9", async () => {
    trades = [
      trade('a', {
        ticker: 'AAPL',
        strategy: 'Long Call',
        entry_price: 2.5,
        exit_price: 3.75,
        ageMs: 20_000,
      }), // +125, today
      trade('b', { ticker: 'TSLA', strategy: 'Iron Condor', entry_price: 1.2, ageMs: 5 * MINUTE_MS }),
      trade('c', {
        ticker: 'NVDA',
        strategy: 'Long Put',
        entry_price: 4,
        exit_price: 3.1,
        ageMs: 3 * DAY_MS,
      }), // -90
      trade('d', { ticker: 'SPY', strategy: 'Straddle', entry_price: 6, ageMs: 2 * DAY_MS }),
      trade('e', {
        ticker: 'QQQ',
        strategy: 'Covered Call',
        entry_price: 1,
        exit_price: 0.5,
        ageMs: 10 * DAY_MS,
      }), // -50
      trade('f', { ticker: 'AMD', strategy: 'Long Call', entry_price: 1, exit_price: 3, ageMs: 20 * DAY_MS }), // +200
    ];
    window.localStorage.setItem('lastSeenNewsDate', newsDateKey(new Date()));
    await renderDashboard();
    expect(screen.getByText("Welcome back! Here's what's happening with your trades.")).toBeInTheDocument();

    // Total 125 - 90 - 50 + 200 = 185; 2 of 4 closed trades won; 2 open; only AAPL closed today.
    const portfolio = await statValue('Portfolio Value');
    expect(portfolio).toHaveTextContent('$185.00');
    expect(portfolio).toHaveAttribute('data-polarity', 'positive');
    expect(statCard('Portfolio Value')).toHaveTextContent('+100.0%');
    const today = await statValue('Today P&L');
    expect(today).toHaveTextContent('+$125.00');
    expect(today).toHaveAttribute('data-polarity', 'positive');
    const winRate = await statValue('Win Rate');
    expect(winRate).toHaveTextContent('50.0%');
    expect(winRate).toHaveAttribute('data-polarity', 'positive');
    expect(await statValue('Open Positions')).toHaveTextContent('2');
    const query = requests('GET', '/api/trades/stats')[0]!.url.searchParams;
    expect(query.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('colours a losing record: no portfolio value, a negative day, a 0% win rate', async () => {
    trades = [
      trade('a', { ticker: 'AAPL', entry_price: 3, exit_price: 2, ageMs: MINUTE_MS }), // -100 today
      trade('b', { ticker: 'MSFT', entry_price: 2, exit_price: 2, ageMs: 2 * DAY_MS }), // 0 is a loss
    ];
    window.localStorage.setItem('lastSeenNewsDate', newsDateKey(new Date()));
    await renderDashboard();
    const portfolio = await statValue('Portfolio Value');
    expect(portfolio).toHaveTextContent('$0.00');
    expect(portfolio).toHaveAttribute('data-polarity', 'negative');
    expect(statCard('Portfolio Value')).toHaveTextContent('-100.0%');
    expect(await statValue('Today P&L')).toHaveAttribute('data-polarity', 'negative');
    expect(await statValue('Today P&L')).toHaveTextContent('-$100.00');
    const winRate = await statValue('Win Rate');
    expect(winRate).toHaveTextContent('0.0%');
    expect(winRate).toHaveAttribute('data-polarity', 'negative');
  });

  it('lists the 5 most recently updated trades: opened ones by strategy, closed ones with their P&L', async () => {
    trades = [
      trade('e', {
        ticker: 'QQQ',
        strategy: 'Covered Call',
        entry_price: 1,
        exit_price: 0.5,
        ageMs: 10 * DAY_MS,
      }),
      trade('a', {
        ticker: 'AAPL',
        strategy: 'Long Call',
        entry_price: 2.5,
        exit_price: 3.75,
        ageMs: 20_000,
      }),
      trade('f', { ticker: 'AMD', strategy: 'Long Call', entry_price: 1, exit_price: 3, ageMs: 20 * DAY_MS }),
      trade('c', {
        ticker: 'NVDA',
        strategy: 'Long Put',
        entry_price: 4,
        exit_price: 3.1,
        ageMs: 3 * 3_600_000,
      }),
      trade('b', { ticker: 'TSLA', strategy: 'Iron Condor', entry_price: 1.2, ageMs: 5 * MINUTE_MS + 5_000 }),
      trade('d', { ticker: 'SPY', strategy: 'Straddle', entry_price: 6, ageMs: 2 * DAY_MS }),
    ];
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
    const listQuery = requests('GET', '/api/trades')[0]!.url.searchParams;
    expect(Object.fromEntries(listQuery)).toMatchObject({ sort: 'updated', limit: '5' });
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

    const before = requests('POST', '/api/market-data').length;
    await user.click(screen.getByRole('button', { name: 'Refresh market overview' }));
    await waitFor(() => expect(requests('POST', '/api/market-data').length).toBeGreaterThan(before));
  });

  it("falls back to the spec's 80%-120% estimate, labelled, when a quote has no 52-week range", async () => {
    quotesWithoutRange = true;
    await renderDashboard();
    const card = await screen.findByRole('article', { name: 'TSLA' });
    const price = Number(quoteAt('TSLA', NOW).price);
    expect(card).toHaveTextContent(
      `52W Range ${dollars(Math.round(price * 80) / 100)} – ${dollars(Math.round(price * 120) / 100)} (estimate: 80%–120% of price)`,
    );
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
    const [bar] = requests('POST', '/api/market-data').filter(({ init }) =>
      String(init?.body).includes('"ticker"'),
    );
    expect(JSON.parse(String(bar!.init?.body))).toEqual({ symbols: [...TICKER_BAR_SYMBOLS], type: 'ticker' });
  });

  it("falls back to generated quotes for 16 symbols named '{symbol} Corp.' when the ticker call fails", async () => {
    failures.tickerQuotes = 503;
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
    failures.dashboardQuotes = 502;
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

    const longDate = new Date().toLocaleDateString('en-US', {
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    });
    expect(within(dialog).getByText(longDate)).toBeInTheDocument();
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

  it("says 'Loading market summary...' while the summary loads", async () => {
    summaryNeverAnswers = true;
    await renderDashboard();
    const dialog = await summaryDialog();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Loading market summary...');
  });

  it('falls back to simulated defaults when the summary cannot be loaded', async () => {
    failures.summary = 500;
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
