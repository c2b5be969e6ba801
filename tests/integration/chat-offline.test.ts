/**
 * The Research Assistant with no AI model configured (a fresh `npm start`): the built-in offline
 * analyst answers from the same tools, says so on its first line, and its figures are the app's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessageSchema, type ChatMessage } from '@shared/chat/schemas';
import { quoteAt } from '@shared/market/quotes';
import { apiPath } from '@shared/routes';
import { startChatStack, type ChatStack, type ChatUser } from './chat-stack';

const FIRST_LINE =
  "No AI model is configured on this server, so the built-in offline analyst answered from the app's own data.";

let stack: ChatStack;
let trader: ChatUser;

beforeAll(async () => {
  stack = await startChatStack({ model: false });
  trader = await stack.createUser('chat-offline');
}, 60_000);
afterAll(() => stack?.close());

async function answer(message: string, user = trader): Promise<ChatMessage> {
  const response = await stack.api(apiPath('postChatMessage'), {
    token: user.token,
    method: 'POST',
    body: { message, tz: 'America/New_York' },
  });
  expect(response.status, response.text).toBe(201);
  return chatMessageSchema.parse(response.json);
}

/** The '- **Long Call** ...' lines of the scanner ideas. */
const ideaStrategies = (response: string) =>
  [...response.matchAll(/^- \*\*([A-Za-z ]+)\*\* \d{4}-\d{2}-\d{2}/gm)].map((m) => m[1]);

/**
 * Every strategy of the view is answered: by its idea lines, or, when the scanner found none, by
 * one '- Long Put: <why>' line (e.g. "No trade: …" when every candidate is expected to lose).
 */
function expectIdeaOrReason(response: string, strategies: string[]) {
  const ideas = ideaStrategies(response);
  expect(ideas.every((idea) => strategies.includes(idea!))).toBe(true);
  for (const strategy of strategies) {
    const reasons = response.match(new RegExp(`^- ${strategy}: \\S.*$`, 'gm')) ?? [];
    expect(ideas.includes(strategy) ? 0 : 1, `${strategy}: ${reasons.join(' | ')}`).toBe(reasons.length);
  }
}

describe('offline analyst', () => {
  it('a bullish question: the quote and move, levels, IV, bullish ideas, call suggestions', async () => {
    const reply = await answer('Is NVDA bullish here?');

    expect(reply.responder).toBe('offline');
    expect(reply.response.split('\n')[0]).toBe(FIRST_LINE);
    expect(stack.stub.requests).toHaveLength(0);
    expect(reply.response).toContain('**bullish** view');
    // The price in the text is the market model's quote at the cited time.
    const quoted = reply.citations.find((c) => c.tool === 'get_quotes')!;
    const asOf = quoted.figures[0]!.asOf!;
    const quote = quoteAt('NVDA', new Date(asOf));
    expect(reply.response).toContain(
      `**Price** $${quote.price}, ${quote.change} (${quote.changePercent}) today`,
    );
    const support = (Number(quote.price) * 0.98).toLocaleString('en-US', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    expect(reply.response).toContain(`support $${support}`);
    expect(reply.response).toMatch(/IV rank \d+, IV percentile \d+/);
    // Each bullish strategy is either an idea or the scanner's reason for none ("no trade").
    expectIdeaOrReason(reply.response, ['Long Call', 'Cash Secured Put', 'Covered Call']);
    expect(reply.strategies.map((s) => `${s.strategy} ${s.symbol}`)).toEqual([
      'Long Call NVDA',
      'Covered Call NVDA',
    ]);
    expect(reply.charts.map((c) => c.symbol)).toEqual(['NVDA']);
    expect(reply.citations.map((c) => c.tool)).toEqual(
      expect.arrayContaining(['get_quotes', 'get_price_history', 'get_iv_stats', 'scan_options']),
    );
  });

  it('a bearish question: put ideas and a put suggestion for the ticker asked about', async () => {
    const reply = await answer('I am bearish on AAPL, what now?');
    expect(reply.response.split('\n')[0]).toBe(FIRST_LINE);
    expect(reply.response).toContain('**bearish** view');
    expectIdeaOrReason(reply.response, ['Long Put']);
    expect(reply.strategies.map((s) => `${s.strategy} ${s.symbol}`)).toEqual(['Long Put AAPL']);
  });

  it('a neutral market question: no view, the market summary, the best ideas, SPY and QQQ charts', async () => {
    const reply = await answer('How is the market doing today?');
    expect(reply.response.split('\n')[0]).toBe(FIRST_LINE);
    expect(reply.response).not.toMatch(/\*\*(bullish|bearish)\*\* view/);
    expect(reply.response).toMatch(/### The market \(close of \d{4}-\d{2}-\d{2}\)/);
    expect(reply.response).toContain('Top scanner ideas across the market:');
    expect(reply.citations.map((c) => c.tool)).toContain('get_market_summary');
    expect(reply.charts.map((c) => c.symbol)).toEqual(['SPY', 'QQQ']);
    expect(reply.strategies.map((s) => `${s.strategy} ${s.symbol}`)).toEqual([
      'Long Call SPY',
      'Iron Condor QQQ',
    ]);
    for (const s of reply.strategies) expect(s.position).toBeDefined();
  });

  it("a journal question: the caller's own figures, with the trades it read", async () => {
    const add = (body: Record<string, unknown>) =>
      stack.api(apiPath('createTrade'), { token: trader.token, method: 'POST', body });
    await add({ ticker: 'SPY', strategy: 'Iron Condor', side: 'credit', entry_price: 2, exit_price: 0.5 });
    await add({ ticker: 'QQQ', strategy: 'Iron Condor', side: 'credit', entry_price: 1, exit_price: 1.5 });
    const someoneElse = await stack.createUser('chat-offline-other');
    await stack.api(apiPath('createTrade'), {
      token: someoneElse.token,
      method: 'POST',
      body: { ticker: 'SPY', strategy: 'Iron Condor', side: 'credit', entry_price: 9, exit_price: 1 },
    });

    const reply = await answer('How did my iron condors do this month?');

    expect(reply.response).toContain('### Your journal: Iron Condor trades this month');
    expect(reply.response).toContain('**2 trades**, 2 closed and 0 open.');
    expect(reply.response).toContain('**Win rate** 50.0%; **total P&L** +$100.00');
    const cited = reply.citations.find((c) => c.source === 'journal')!;
    expect(cited.tradeIds).toHaveLength(2);
  });
});
