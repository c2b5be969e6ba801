/**
 * The assistant's service against the OpenAI-compatible stub, driven by the real `openai` client:
 * the request it sends, the tool loop and its bounds, failures, the quota and the plan, and the
 * offline analyst. Stores are in-memory fakes (the DynamoDB side is in the repository test and the
 * integration tests).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatMessageSchema, chatToolNames, type ChatMessage } from '@shared/chat/schemas';
import { CHAT_EMPTY_CONTENT, CHAT_PROVIDER_FAILURE } from '@shared/constants/texts';
import type { EffectivePlan } from '@shared/constants/plans';
import { quoteAt, simulatedMarket } from '@shared/market/quotes';
import { AppError } from '../../../lambdas/common/errors';
import type { Logger } from '../../../lambdas/common/observability';
import { MAX_MODEL_ROUNDS, type ModelSettings } from '../../../lambdas/chat/config';
import { OFFLINE_FIRST_LINE } from '../../../lambdas/chat/offline-analyst';
import { askAssistant, type ChatDeps } from '../../../lambdas/chat/service';
import type { FeedDeps } from '../../../lambdas/feeds/service';
import type { JournalStore } from '../../../lambdas/trades/service';
import { startOpenAiStub, type OpenAiStub } from '../../helpers/openai-stub';

let stub: OpenAiStub;
beforeAll(async () => {
  stub = await startOpenAiStub();
});
afterAll(() => stub.close());

const logger = (): Logger & { errors: unknown[] } => {
  const errors: unknown[] = [];
  const log: Logger & { errors: unknown[] } = {
    errors,
    debug: () => {},
    info: () => {},
    warn: () => {},
    error: (message, fields) => errors.push({ message, ...fields }),
    child: () => log,
  };
  return log;
};

/** A journal whose store is down: any tool that reads it fails. */
const brokenJournal = {
  trades: {
    page: () => Promise.reject(new Error('store down')),
    all: () => Promise.reject(new Error('store down')),
  },
  cache: { version: () => Promise.reject(new Error('store down')), get: () => Promise.resolve(undefined) },
} as unknown as JournalStore;

/** Feeds holding two market alerts that are due, one on AAPL and one on MSFT. */
const alert = (ticker: string, minutesAgo: number) => ({
  id: `alert-${ticker}`,
  ticker,
  type: 'breakout',
  message: `${ticker} broke out above resistance`,
  timestamp: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
  severity: 'high',
  price: 200,
  changePercent: 2.5,
  volume: 1_000_000,
  bias: 'bullish',
  trigger: { metric: 'price', value: 200, threshold: 198 },
});
const feeds = {
  feeds: {
    items: async (feed: string) => (feed === 'alerts' ? [alert('MSFT', 1), alert('AAPL', 2)] : []),
    dailyCount: async () => null,
  },
  dismissals: { list: async () => [] },
} as unknown as FeedDeps;

function setup(
  options: { plan?: EffectivePlan; settings?: Partial<ModelSettings> | null; quota?: boolean } = {},
) {
  const stored: ChatMessage[] = [];
  const counted: string[] = [];
  const settings =
    options.settings === null
      ? null
      : {
          apiKey: 'sk-stub-key',
          baseURL: stub.baseUrl,
          model: 'gpt-4o-mini',
          timeBudgetMs: 15_000,
          ...options.settings,
        };
  const modelSettings = vi.fn(async () => settings);
  const deps: ChatDeps = {
    messages: { put: async (m) => void stored.push(m), latest: async () => stored },
    usage: {
      countQuestion: async (userId, day) => {
        counted.push(`${userId}:${day}`);
        return options.quota ?? true;
      },
    },
    planOf: async () => options.plan ?? 'trial',
    journal: brokenJournal,
    feeds,
    quotes: { provider: simulatedMarket, source: 'simulated' },
    modelSettings,
  };
  return { deps, stored, counted, modelSettings, log: logger() };
}

/**
 * A mid-session minute for the answers whose cards are checked: at the open's first minute no contract has
 * traded yet, so the scanner's volume floor leaves no position to suggest (a real, one-minute gap).
 */
const MARKET_AT = new Date('2026-11-25T16:00:00.000Z');

const ask = (deps: ChatDeps, message: string, log: Logger = logger(), marketAt?: Date) =>
  askAssistant(deps, 'user-1', { message }, log, new Date(), marketAt);

beforeEach(() => stub.reset());

describe('the model call', () => {
  it('sends the spec parameters, a system prompt, the tools and the key, from the server', async () => {
    const { deps } = setup();
    stub.enqueue({ type: 'text', content: 'SPY looks range-bound.' });

    const reply = await ask(deps, 'What do you think of SPY?');

    expect(reply.response).toBe('SPY looks range-bound.');
    expect(reply.responder).toBe('model');
    expect(stub.requests).toHaveLength(1);
    const [request] = stub.requests;
    expect(request!.authorization).toBe('Bearer sk-stub-key');
    expect(request!.userAgent).toMatch(/^OpenAI\/JS /);
    expect(request!.body).toMatchObject({ model: 'gpt-4o-mini', max_tokens: 500, temperature: 0.7 });
    const [system, user] = request!.body.messages!;
    expect(system).toMatchObject({ role: 'system' });
    expect(system!.content).toMatch(/concise, actionable options-trading assistant/);
    expect(user).toEqual({ role: 'user', content: 'What do you think of SPY?' });
    const tools = request!.body.tools!;
    expect(tools.map((t) => t.function.name)).toEqual([...chatToolNames]);
    for (const t of tools) {
      expect(t.type).toBe('function');
      expect(t.function.parameters).toMatchObject({ type: 'object' });
      expect(t.function.description!.length).toBeGreaterThan(20);
    }
    expect(tools.find((t) => t.function.name === 'get_quotes')!.function.parameters).toMatchObject({
      required: ['symbols'],
      properties: { symbols: { type: 'array', maxItems: 10 } },
    });
  });

  it('runs a quote the model asks for, and the answer and its citations carry that price', async () => {
    const { deps } = setup();
    stub.enqueue({ type: 'tool_calls', calls: [{ name: 'get_quotes', arguments: { symbols: ['SPY'] } }] });

    const reply = chatMessageSchema.parse(await ask(deps, 'Where is SPY trading?'));

    expect(stub.requests).toHaveLength(2);
    const toolMessage = stub.requests[1]!.body.messages!.find((m) => m.role === 'tool')!;
    const sent = JSON.parse(toolMessage.content!) as { quotes: { price: string; timestamp: string }[] };
    const { price, timestamp } = sent.quotes[0]!;
    // The price the server gave the model is the market model's quote at that minute.
    expect(price).toBe(quoteAt('SPY', new Date(timestamp)).price);
    expect(reply.response).toContain(`SPY last traded at $${price}`);
    const cited = reply.citations.find((c) => c.tool === 'get_quotes')!;
    expect(cited).toMatchObject({ symbols: ['SPY'], asOf: timestamp, source: 'simulated' });
    expect(cited.figures[0]!.value).toContain(`$${price}`);
  });

  it('tells the model when a tool fails (bad symbol, broken store, unknown tool) and still answers', async () => {
    const { deps } = setup();
    stub.enqueue({
      type: 'tool_calls',
      calls: [
        { name: 'get_quotes', arguments: { symbols: ['NOPE'] } },
        { name: 'get_journal_stats', arguments: {} },
        { name: 'make_money', arguments: {} },
        { name: 'get_iv_stats', arguments: '{not json' },
      ],
    });
    stub.enqueue({ type: 'text', content: 'Some of that data is unavailable.' });

    const reply = await ask(deps, 'Help');

    const results = stub.requests[1]!.body.messages!.filter((m) => m.role === 'tool').map((m) =>
      JSON.parse(m.content!),
    );
    expect(results).toEqual([
      { error: expect.stringContaining('Unknown symbol: NOPE') },
      { error: 'get_journal_stats failed; the data is unavailable right now' },
      { error: 'There is no tool named make_money' },
      { error: 'The arguments are not valid JSON' },
    ]);
    expect(reply.response).toBe('Some of that data is unavailable.');
    expect(reply.citations.filter((c) => !c.label.startsWith('Suggested'))).toEqual([]);
  });

  it("reads the live feeds through their service, with the caller's plan", async () => {
    const { deps } = setup({ plan: 'starter' });
    stub.enqueue({
      type: 'tool_calls',
      calls: [
        { name: 'get_live_feed', arguments: { feed: 'alerts', ticker: 'AAPL' } },
        { name: 'get_live_feed', arguments: { feed: 'darkpool' } },
      ],
    });

    const reply = await ask(deps, 'Any alerts on AAPL?');

    const [alerts, darkpool] = stub.requests[1]!.body.messages!.filter((m) => m.role === 'tool').map((m) =>
      JSON.parse(m.content!),
    );
    expect(alerts.items).toEqual([
      expect.objectContaining({
        ticker: 'AAPL',
        message: 'AAPL broke out above resistance',
        severity: 'high',
      }),
    ]);
    expect(darkpool.error).toMatch(/not included in the Starter plan/);
    expect(reply.citations.find((c) => c.tool === 'get_live_feed')).toMatchObject({
      label: 'Live feed: Market Alerts (AAPL)',
      symbols: ['AAPL'],
    });
  });

  it(`stops after ${MAX_MODEL_ROUNDS} model calls, the last one without tools`, async () => {
    const { deps } = setup();
    for (let i = 0; i < 6; i += 1)
      stub.enqueue({ type: 'tool_calls', calls: [{ name: 'get_iv_stats', arguments: { symbol: 'AAPL' } }] });

    const reply = await ask(deps, 'Loop forever');

    expect(stub.requests).toHaveLength(MAX_MODEL_ROUNDS);
    expect(stub.requests.map((r) => r.body.tool_choice)).toEqual(['auto', 'auto', 'auto', 'none']);
    // The last round still asked for a tool instead of answering: no content.
    expect(reply.response).toBe(CHAT_EMPTY_CONTENT);
    expect(reply.citations.filter((c) => c.tool === 'get_iv_stats')).toHaveLength(MAX_MODEL_ROUNDS - 1);
  });
});

describe('failures give the spec texts', () => {
  it('a provider error: technical difficulties, no cards, the cause logged, the exchange stored', async () => {
    const { deps, stored, log } = setup();
    stub.enqueue({ type: 'error', status: 500, message: 'upstream exploded' });

    const reply = await ask(deps, 'Is SPY bullish?', log);

    expect(reply).toMatchObject({
      response: CHAT_PROVIDER_FAILURE,
      charts: [],
      strategies: [],
      citations: [],
    });
    expect(stored).toEqual([reply]);
    expect(log.errors).toEqual([expect.objectContaining({ message: 'AI provider failed' })]);
    expect(String((log.errors[0] as { error: Error }).error)).toContain('upstream exploded');
  });

  it('a provider that does not answer within the time budget: the same text, in time', async () => {
    const { deps } = setup({ settings: { timeBudgetMs: 400 } });
    stub.enqueue({ type: 'text', content: 'too late', delayMs: 5_000 });
    const started = Date.now();

    const reply = await ask(deps, 'Is SPY bullish?');

    expect(reply.response).toBe(CHAT_PROVIDER_FAILURE);
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it.each([null, ''] as const)('empty content (%j): "couldn’t process", the cards kept', async (content) => {
    const { deps } = setup();
    stub.enqueue({ type: 'empty', content });

    const reply = await ask(deps, 'Is SPY bullish?', logger(), MARKET_AT);

    expect(reply.response).toBe(CHAT_EMPTY_CONTENT);
    expect(reply.charts.map((c) => c.symbol)).toEqual(['SPY']);
    expect(reply.strategies.length).toBeGreaterThan(0);
  });
});

describe('plans and quota', () => {
  it('a Starter user past the day’s quota gets 429 quota_exceeded before any model call', async () => {
    const { deps, stored, modelSettings, counted } = setup({ plan: 'starter', quota: false });

    const refused = await ask(deps, 'Is SPY bullish?').catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'quota_exceeded', status: 429 });
    expect(counted).toEqual([`user-1:${new Date().toISOString().slice(0, 10)}`]);
    expect(modelSettings).not.toHaveBeenCalled();
    expect(stub.requests).toHaveLength(0);
    expect(stored).toEqual([]);
  });

  it('an expired trial has no assistant (403 plan_limit) and counts nothing', async () => {
    const { deps, counted } = setup({ plan: 'expired' });
    await expect(ask(deps, 'hi')).rejects.toMatchObject({ code: 'plan_limit', status: 403 });
    expect(counted).toEqual([]);
    expect(stub.requests).toHaveLength(0);
  });

  it('unlimited plans are not counted', async () => {
    const { deps, counted } = setup({ plan: 'pro' });
    stub.enqueue({ type: 'text', content: 'ok' });
    await ask(deps, 'hi');
    expect(counted).toEqual([]);
  });
});

describe('no model configured', () => {
  it('the offline analyst answers from the tools, saying so on its first line', async () => {
    const { deps } = setup({ settings: null });

    const reply = await ask(deps, 'Is AAPL bullish?');

    expect(stub.requests).toHaveLength(0);
    expect(reply.responder).toBe('offline');
    expect(reply.response.split('\n')[0]).toBe(OFFLINE_FIRST_LINE);
    expect(reply.citations.map((c) => c.tool)).toEqual(
      expect.arrayContaining(['get_quotes', 'get_price_history', 'get_iv_stats', 'scan_options']),
    );
  });
});
