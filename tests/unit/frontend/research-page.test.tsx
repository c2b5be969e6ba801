// @vitest-environment jsdom
/**
 * The Research Assistant page in jsdom, the API answered by Mock Service Worker
 * (tests/helpers/api-server.ts, answers and requests checked against the shared contract):
 * history, sending, Markdown, chart cards, strategies, sources and a refused question.
 */
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@shared/chat/schemas';
import { apiError, apiServer, requestsTo, serve, useApiServer } from '../../helpers/api-server';
import { mockSignedIn } from '../../helpers/signed-in';
import { renderApp } from '../../helpers/render-app';

// Waits are on conditions; a busy machine may take longer than the default second to meet them.
configure({ asyncUtilTimeout: 10_000 });

vi.mock('aws-amplify/auth', async () => (await import('../../helpers/amplify-auth-mock')).amplifyAuthMock());

/** lightweight-charts draws on a canvas jsdom does not have: a recording stand-in. */
const chartCalls = vi.hoisted(() => ({ setData: [] as { time: number; value: number }[][] }));
vi.mock('lightweight-charts', () => ({
  AreaSeries: { type: 'Area' },
  ColorType: { Solid: 'solid' },
  TickMarkType: { Year: 0, Month: 1, DayOfMonth: 2, Time: 3, TimeWithSeconds: 4 },
  createChart: () => ({
    addSeries: () => ({
      setData: (data: { time: number; value: number }[]) => chartCalls.setData.push(data),
    }),
    applyOptions: () => undefined,
    timeScale: () => ({ fitContent: () => undefined }),
    remove: () => undefined,
  }),
}));

const AT = '2026-11-23T15:00:00.000Z';

function exchange(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: `m-${Math.random().toString(36).slice(2)}`,
    user_id: 'sub-1',
    message: 'Is SPY bullish?',
    response: '**SPY** is above its 20-day average.',
    charts: [
      {
        symbol: 'SPY',
        title: 'SPY · 3 months',
        timeframe: '3M',
        source: 'simulated',
        points: [
          { time: '2026-11-19T21:00:00.000Z', price: 570 },
          { time: '2026-11-20T21:00:00.000Z', price: 575.5 },
          { time: AT, price: 580.25 },
        ],
      },
    ],
    strategies: [
      {
        symbol: 'SPY',
        strategy: 'Long Call',
        probability: 41,
        risk: 'high',
        position: {
          strategy: 'long-call',
          expiration: '2026-12-18',
          strikes: [580],
          underlyingPrice: 580.25,
          cost: 1190,
          maxProfit: null,
          maxLoss: 1190,
          capitalRequired: 1190,
          lossAtExpectedMove: 1,
          expectedMove: 24.1,
          edgeScore: 62,
          asOf: AT,
          source: 'simulated',
        },
      },
      { symbol: 'SPY', strategy: 'Covered Call', probability: 78, risk: 'low' },
      { symbol: 'QQQ', strategy: 'Iron Condor', probability: 61, risk: 'medium' },
    ],
    citations: [
      {
        tool: 'get_quotes',
        label: 'Quotes: SPY',
        source: 'simulated',
        asOf: AT,
        symbols: ['SPY'],
        figures: [{ name: 'SPY price', value: '$580.25 (+1.02, +0.18%)', asOf: AT }],
        tradeIds: [],
      },
    ],
    responder: 'model',
    created_at: AT,
    ...overrides,
  };
}

/** The chat history the API answers with for the rest of the test. */
const serveHistory = (messages: ChatMessage[]) =>
  apiServer.use(serve('getChatHistory', () => ({ messages })));

useApiServer(
  serve('getChatHistory', () => ({ messages: [] })),
  serve('postChatMessage', ({ body }) => exchange({ message: (body as { message: string }).message })),
  serve('getMarketHistory', () => ({
    symbol: 'SPY',
    name: 'SPDR S&P 500 ETF Trust',
    range: '1D',
    interval: '5m',
    source: 'simulated',
    asOf: AT,
    previousClose: 575.5,
    points: [
      { time: '2026-11-23T14:30:00.000Z', close: 576 },
      { time: AT, close: 580.25 },
    ],
  })),
  serve('scanOptions', () => apiError(503, 'service_unavailable', 'Try again shortly')),
);

const chatPosts = () => requestsTo('postChatMessage').map((request) => request.body);

const box = () => screen.getByRole('textbox', { name: 'Ask the Assistant' });
const send = () => screen.getByRole('button', { name: 'Send' });

beforeEach(() => {
  mockSignedIn();
  localStorage.setItem('lastSeenNewsDate', new Date().toISOString().slice(0, 10));
  localStorage.setItem('onboardingCompleted', 'true');
  vi.stubGlobal('scrollTo', vi.fn());
});

afterEach(() => {
  cleanup();
  chartCalls.setData.length = 0;
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the research assistant page', () => {
  it('welcomes with the spec texts, loads the last 50, and keeps Send off while the text is blank', async () => {
    const { user } = renderApp('/dashboard/research');
    expect(await screen.findByText('Welcome to Research Assistant')).toBeInTheDocument();
    expect(
      screen.getByText('Ask me about market conditions, stock analysis, or options strategies.'),
    ).toBeInTheDocument();
    expect(requestsTo('getChatHistory').map((request) => request.query)).toContainEqual({ limit: '50' });
    expect(box()).toHaveAttribute('placeholder', 'Ask the Assistant...');
    expect(send()).toBeDisabled();
    await user.type(box(), '   ');
    expect(send()).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(chatPosts()).toHaveLength(0);
  });

  it('shows the history oldest first, replies as Markdown without raw HTML', async () => {
    serveHistory([
      exchange({ message: 'first question', response: 'Plain **bold** answer' }),
      exchange({
        message: 'second question',
        response:
          'Careful <img src="x" onerror="alert(1)"> <script>alert(2)</script>[link](javascript:alert(3))',
        charts: [],
        strategies: [],
        citations: [],
      }),
    ]);
    renderApp('/dashboard/research');
    const articles = await screen.findAllByRole('article');
    expect(articles.map((a) => a.getAttribute('aria-label'))).toEqual([
      'Question: first question',
      'Question: second question',
    ]);
    expect(within(articles[0]!).getByText('bold').tagName).toBe('STRONG');
    const unsafe = articles[1]!;
    expect(unsafe.querySelector('img, script')).toBeNull();
    expect(within(unsafe).getByText('link').getAttribute('href') ?? '').not.toMatch(/javascript/i);
  });

  it('Enter sends, Shift+Enter adds a line; Analyzing... and Send off while waiting; the reply arrives', async () => {
    let answer!: () => void;
    apiServer.use(
      serve(
        'postChatMessage',
        ({ body }) =>
          new Promise(
            (resolve) =>
              (answer = () => resolve(exchange({ message: (body as { message: string }).message }))),
          ),
      ),
    );
    const { user } = renderApp('/dashboard/research');
    await screen.findByText('Welcome to Research Assistant');

    await user.type(box(), 'Is SPY bullish?{Shift>}{Enter}{/Shift}and QQQ');
    expect(box()).toHaveValue('Is SPY bullish?\nand QQQ');
    expect(chatPosts()).toHaveLength(0);
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Analyzing...')).toBeInTheDocument();
    expect(send()).toBeDisabled();
    expect(chatPosts()).toEqual([{ message: 'Is SPY bullish?\nand QQQ', tz: expect.any(String) }]);
    await user.type(box(), 'another');
    await user.keyboard('{Enter}');
    expect(chatPosts()).toHaveLength(1); // a request in flight: ignored (spec 5)

    answer();
    const article = await screen.findByRole('article', { name: 'Question: Is SPY bullish?\nand QQQ' });
    expect(screen.queryByText('Analyzing...')).not.toBeInTheDocument();
    expect(within(article).getByRole('figure', { name: 'SPY chart' })).toBeInTheDocument();
    expect(within(article).getByText(/SPY price, 3 months: from \$570\.00/)).toBeInTheDocument();
  });

  it('draws a chart card from the reply, and another range from the market history', async () => {
    serveHistory([exchange()]);
    const { user } = renderApp('/dashboard/research');
    const card = await screen.findByRole('figure', { name: 'SPY chart' });
    await waitFor(() => expect(chartCalls.setData.at(-1)).toHaveLength(3));
    expect(chartCalls.setData.at(-1)![2]).toEqual({ time: Date.parse(AT) / 1000, value: 580.25 });
    expect(within(card).getByRole('button', { name: 'SPY: 3 months' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(within(card).getByRole('button', { name: 'SPY: 1 day' }));

    await waitFor(() =>
      expect(requestsTo('getMarketHistory').map((request) => request.query)).toContainEqual({
        symbol: 'SPY',
        range: '1D',
      }),
    );
    await waitFor(() => expect(chartCalls.setData.at(-1)).toHaveLength(2));
    // The day's change is measured from the previous close: 575.50 → 580.25.
    expect(within(card).getByText('+0.83%')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'SPY price, 1 day' })).toBeInTheDocument();
  });

  it('lists the suggested strategies with probability and risk coloured low green, medium yellow, high red', async () => {
    serveHistory([exchange()]);
    renderApp('/dashboard/research');
    const list = await screen.findByRole('region', { name: 'Suggested Strategies' });
    const rows = within(list).getAllByRole('button');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([
      'Open Long Call SPY in the scanner: 41% probability of profit, High risk',
      'Open Covered Call SPY in the scanner: 78% probability of profit, Low risk',
      'Open Iron Condor QQQ in the scanner: 61% probability of profit, Medium risk',
    ]);
    expect(within(rows[0]!).getByText('High').className).toMatch(/red/);
    expect(within(rows[1]!).getByText('Low').className).toMatch(/green/);
    expect(within(rows[2]!).getByText('Medium').className).toMatch(/yellow/);
    expect(within(rows[0]!).getByText(/2026-12-18 · strikes 580 · max loss \$1,190\.00/)).toBeInTheDocument();
  });

  it('a strategy opens its position in the scanner, which scans that strategy at any IV rank', async () => {
    serveHistory([exchange()]);
    const { user, router } = renderApp('/dashboard/research');
    await user.click(await screen.findByRole('button', { name: /^Open Long Call SPY in the scanner/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/scanner'));
    expect(router.state.location.state).toEqual({
      symbol: 'SPY',
      strategy: 'long-call',
      expiration: '2026-12-18',
      strikes: [580],
    });
    await waitFor(() => expect(requestsTo('scanOptions')).not.toHaveLength(0));
    expect(requestsTo('scanOptions')[0]!.body).toMatchObject({
      ticker: 'SPY',
      strategy: 'long-call',
      ivRank: 0,
    });
  });

  it('shows the sources under an answer', async () => {
    serveHistory([exchange()]);
    const { user } = renderApp('/dashboard/research');
    await user.click(await screen.findByText('Sources (1)'));
    const sources = screen.getByRole('list', { name: 'Sources' });
    expect(within(sources).getByText('Quotes: SPY')).toBeVisible();
    expect(within(sources).getByText('$580.25 (+1.02, +0.18%)')).toBeVisible();
  });

  it('says why a question was refused (the daily quota) and gives the text back', async () => {
    apiServer.use(
      serve('postChatMessage', () =>
        apiError(429, 'quota_exceeded', 'You have asked your 50 questions for today.'),
      ),
    );
    const { user } = renderApp('/dashboard/research');
    await screen.findByText('Welcome to Research Assistant');
    await user.type(box(), 'One more{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('You have asked your 50 questions for today.');
    expect(box()).toHaveValue('One more');
  });
});
