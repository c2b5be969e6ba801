/**
 * The Research Assistant end to end with an AI model: a local runtime whose AI server is the
 * OpenAI-compatible stub, real tokens through the local authorizer, dynalite tables. The stub
 * records what the server sent it, so the tests can check what the model saw.
 */
import { QueryCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chatHistorySchema, chatMessageSchema, chatToolNames, type ChatMessage } from '@shared/chat/schemas';
import { CHAT_EMPTY_CONTENT, CHAT_PROVIDER_FAILURE } from '@shared/constants/texts';
import { quoteAt } from '@shared/market/quotes';
import { apiPath } from '@shared/routes';
import { tradeSchema } from '@shared/trades/schemas';
import { startChatStack, STUB_KEY, type ChatStack, type ChatUser } from './chat-stack';

let stack: ChatStack;
let alice: ChatUser;
let bob: ChatUser;

beforeAll(async () => {
  stack = await startChatStack({ model: true });
  [alice, bob] = await Promise.all([stack.createUser('chat-alice'), stack.createUser('chat-bob')]);
}, 60_000);
afterAll(() => stack?.close());
beforeEach(() => stack.stub.reset());

async function ask(user: ChatUser, message: string) {
  const response = await stack.api(apiPath('postChatMessage'), {
    token: user.token,
    method: 'POST',
    body: { message },
  });
  return response;
}

async function answer(user: ChatUser, message: string): Promise<ChatMessage> {
  const response = await ask(user, message);
  expect(response.status, response.text).toBe(201);
  return chatMessageSchema.parse(response.json);
}

async function history(user: ChatUser, limit?: number) {
  const response = await stack.api(apiPath('getChatHistory', {}, { limit }), { token: user.token });
  expect(response.status, response.text).toBe(200);
  return chatHistorySchema.parse(response.json).messages;
}

async function storedFor(user: ChatUser) {
  const { Items = [] } = await stack.db.send(
    new QueryCommand({
      TableName: stack.table('chatMessages'),
      KeyConditionExpression: 'user_id = :u',
      ExpressionAttributeValues: { ':u': user.sub },
    }),
  );
  return Items;
}

describe('POST /api/chat with a model', () => {
  it('the server calls the model with the spec parameters, the system prompt and the tools; the key stays there', async () => {
    const reply = await answer(alice, 'Explain theta decay briefly');

    expect(stack.stub.requests).toHaveLength(1);
    const [request] = stack.stub.requests;
    expect(request!.authorization).toBe(`Bearer ${STUB_KEY}`);
    expect(request!.userAgent).toMatch(/^OpenAI\/JS /); // the server's SDK, not a browser
    expect(request!.body).toMatchObject({ model: 'gpt-4o-mini', max_tokens: 500, temperature: 0.7 });
    expect(request!.body.messages![0]).toMatchObject({
      role: 'system',
      content: expect.stringContaining('concise, actionable options-trading assistant'),
    });
    expect(request!.body.messages![1]).toEqual({ role: 'user', content: 'Explain theta decay briefly' });
    expect(request!.body.tools!.map((t) => t.function.name)).toEqual([...chatToolNames]);

    expect(reply).toMatchObject({
      user_id: alice.sub,
      message: 'Explain theta decay briefly',
      responder: 'model',
    });
    expect(reply.response).toContain('Stub model answer');
    const config = await (await fetch(`${stack.runtime.url}/config.json`)).text();
    expect(config).not.toContain(STUB_KEY);
    expect(JSON.stringify(reply)).not.toContain(STUB_KEY);
  });

  it('a tool-call round trip: the stub asks for a quote, the server answers from the market model, the reply cites it', async () => {
    stack.stub.enqueue({
      type: 'tool_calls',
      calls: [{ name: 'get_quotes', arguments: { symbols: ['SPY'] } }],
    });

    const reply = await answer(alice, 'Where is SPY trading right now?');

    expect(stack.stub.requests).toHaveLength(2);
    const sent = stack.stub.requests[1]!.body.messages!;
    expect(sent.at(-2)).toMatchObject({
      role: 'assistant',
      tool_calls: [{ function: { name: 'get_quotes' } }],
    });
    const tool = sent.at(-1)!;
    expect(tool).toMatchObject({ role: 'tool', tool_call_id: sent.at(-2)!.tool_calls![0]!.id });
    const { quotes } = JSON.parse(tool.content!) as { quotes: { price: string; timestamp: string }[] };
    const { price, timestamp } = quotes[0]!;
    expect(price).toBe(quoteAt('SPY', new Date(timestamp)).price);

    expect(reply.response).toContain(`SPY last traded at $${price}`);
    expect(reply.citations[0]).toMatchObject({
      tool: 'get_quotes',
      symbols: ['SPY'],
      asOf: timestamp,
      figures: [{ name: 'SPY price', value: expect.stringContaining(`$${price}`), asOf: timestamp }],
    });
    expect(reply.charts.map((c) => c.symbol)).toEqual(['SPY']);
  });

  it("answers a journal question from the caller's own trades, never another user's", async () => {
    const add = async (user: ChatUser, body: Record<string, unknown>) => {
      const response = await stack.api(apiPath('createTrade'), { token: user.token, method: 'POST', body });
      expect(response.status, response.text).toBe(201);
      return tradeSchema.parse(response.json);
    };
    const condor = { ticker: 'SPY', strategy: 'Iron Condor', side: 'credit' };
    const aliceCondors = [
      await add(alice, { ...condor, entry_price: 2, exit_price: 0.5 }), // +150
      await add(alice, { ...condor, entry_price: 1.5, exit_price: 3.25 }), // -175
    ];
    await add(alice, { ticker: 'AAPL', strategy: 'Long Call', entry_price: 3, exit_price: 4 });
    const bobCondor = await add(bob, { ...condor, ticker: 'QQQ', entry_price: 5, exit_price: 1 }); // +400
    const quarter = `${new Date().toISOString().slice(0, 4)}-${String(Math.floor(new Date().getUTCMonth() / 3) * 3 + 1).padStart(2, '0')}-01`;
    const script = () =>
      stack.stub.enqueue({
        type: 'tool_calls',
        calls: [
          { name: 'get_journal_stats', arguments: { strategy: 'Iron Condor', from: quarter } },
          { name: 'get_journal_trades', arguments: { strategy: 'Iron Condor' } },
        ],
      });

    script();
    const reply = await answer(alice, 'How did my iron condors do this quarter?');
    const results = stack.stub.requests[1]!.body.messages!.filter((m) => m.role === 'tool').map((m) =>
      JSON.parse(m.content!),
    );
    expect(results[0]).toMatchObject({ total_trades: 2, closed_trades: 2, win_rate: 50, total_pnl: -25 });
    expect(results[1].trades.map((t: { trade_id: string }) => t.trade_id).sort()).toEqual(
      aliceCondors.map((t) => t.trade_id).sort(),
    );
    expect(reply.response).toContain('2 trades, win rate 50%, total P&L $-25');
    const cited = reply.citations.filter((c) => c.source === 'journal').flatMap((c) => c.tradeIds);
    expect(new Set(cited)).toEqual(new Set(aliceCondors.map((t) => t.trade_id)));
    expect(cited).not.toContain(bobCondor.trade_id);

    stack.stub.reset();
    script();
    const bobs = await answer(bob, 'How did my iron condors do this quarter?');
    expect(bobs.response).toContain('1 trades, win rate 100%, total P&L $400');
    expect(bobs.citations.flatMap((c) => c.tradeIds)).toEqual(
      expect.not.arrayContaining(aliceCondors.map((t) => t.trade_id)),
    );
  });

  it('a provider error gives the technical-difficulties text with no charts or strategies, and is stored', async () => {
    stack.stub.enqueue({ type: 'error', status: 500 });
    const reply = await answer(alice, 'Is SPY bullish?');
    expect(reply).toMatchObject({ response: CHAT_PROVIDER_FAILURE, charts: [], strategies: [] });
    expect((await storedFor(alice)).map((item) => item.id)).toContain(reply.id);
  });

  it('a provider that does not answer within the time budget gives the same text', async () => {
    process.env.CHAT_TIME_BUDGET_MS = '1500';
    try {
      stack.stub.enqueue({ type: 'text', content: 'too late', delayMs: 8_000 });
      const started = Date.now();
      const reply = await answer(alice, 'Is QQQ bullish?');
      expect(reply).toMatchObject({ response: CHAT_PROVIDER_FAILURE, charts: [], strategies: [] });
      expect(Date.now() - started).toBeLessThan(7_000);
    } finally {
      delete process.env.CHAT_TIME_BUDGET_MS;
    }
  });

  it('empty content gives "I\'m sorry, I couldn\'t process your request."', async () => {
    stack.stub.enqueue({ type: 'empty' });
    expect((await answer(alice, 'Hello')).response).toBe(CHAT_EMPTY_CONTENT);
  });
});

describe('plans and quota', () => {
  it('Starter: 50 questions a day, counted atomically; the 51st is 429 quota_exceeded with no provider call', async () => {
    const carol = await stack.createUser('chat-carol');
    await stack.setPlan(carol, 'starter');
    const day = new Date().toISOString().slice(0, 10);
    await stack.db.send(
      new PutCommand({
        TableName: stack.table('usage'),
        Item: { user_id: carol.sub, sk: `ai-questions#${day}`, questions: 47 },
      }),
    );

    const statuses = (
      await Promise.all(Array.from({ length: 5 }, (_, i) => ask(carol, `Question ${i}`)))
    ).map((r) => r.status);

    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    expect(stack.stub.requests).toHaveLength(3);
    stack.stub.reset();
    const refused = await ask(carol, 'One more?');
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ error: { code: 'quota_exceeded' } });
    expect(stack.stub.requests).toHaveLength(0);
    expect(await storedFor(carol)).toHaveLength(3);
  });

  it('an expired trial has no assistant: 403 plan_limit, no provider call, nothing stored', async () => {
    const dave = await stack.createUser('chat-dave');
    await stack.setPlan(dave, 'expired');
    const refused = await ask(dave, 'Is SPY bullish?');
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ error: { code: 'plan_limit' } });
    expect(stack.stub.requests).toHaveLength(0);
    expect(await storedFor(dave)).toHaveLength(0);
  });
});

describe('GET /api/chat', () => {
  it('returns the last messages, oldest first, up to the limit, only the caller’s own', async () => {
    const erin = await stack.createUser('chat-erin');
    for (const question of ['first', 'second', 'third']) await answer(erin, question);

    expect((await history(erin)).map((m) => m.message)).toEqual(['first', 'second', 'third']);
    expect((await history(erin, 2)).map((m) => m.message)).toEqual(['second', 'third']);
    expect((await history(erin)).every((m) => m.user_id === erin.sub)).toBe(true);
    const others = await history(bob);
    expect(others.every((m) => m.user_id === bob.sub)).toBe(true);
    expect(others.map((m) => m.message)).not.toContain('first');
  });

  it('refuses a limit over 50, blank text (storing nothing, calling nothing) and a missing token', async () => {
    expect(
      (await stack.api(apiPath('getChatHistory', {}, { limit: 51 }), { token: alice.token })).status,
    ).toBe(400);
    const before = (await storedFor(alice)).length;
    const blank = await ask(alice, '   \n ');
    expect(blank.status).toBe(400);
    expect(blank.json).toMatchObject({
      error: { code: 'validation_failed', details: [{ path: 'message' }] },
    });
    expect(stack.stub.requests).toHaveLength(0);
    expect(await storedFor(alice)).toHaveLength(before);
    expect((await stack.api(apiPath('getChatHistory'))).status).toBe(401);
  });
});
