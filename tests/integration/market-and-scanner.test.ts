/** POST /api/market-data, GET /api/symbols, GET /api/options-chain and POST /api/options-scanner through the local API. */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { quoteSchema } from '@shared/market/schemas';
import { symbolSearchResponseSchema } from '@shared/market/symbol-search';
import { quoteAt, underlyingAt } from '@shared/market/quotes';
import { SCANNABLE_SYMBOLS } from '@shared/options/snapshot';
import { api, createUser, documentClient, type TestUser } from '../helpers/local-stack';

type ScanBody = {
  results: Record<string, unknown>[];
  source: string;
  matched: number;
  activeFilters: number;
};

let trader: TestUser;
beforeAll(async () => {
  trader = await createUser('scanner');
});

async function userOnPlan(tag: string, plan: { subscription_tier: string | null; trial_end_date: string }) {
  const user = await createUser(tag);
  const id = String(decodeJwt(user.accessToken).sub);
  await documentClient().send(
    new PutCommand({
      TableName: 'profiles',
      Item: {
        id,
        email: user.email,
        full_name: null,
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
        notification_prefs: {
          email_alerts: true,
          push_notifications: true,
          market_updates: true,
          trade_confirmations: true,
        },
        ...plan,
      },
    }),
  );
  return user;
}

describe('POST /api/market-data', () => {
  it('returns spec quotes for known symbols, the same numbers the shared market gives', async () => {
    const response = await api('/api/market-data', {
      method: 'POST',
      token: trader.accessToken,
      body: { symbols: ['spy', 'QQQ', 'VIX'], type: 'dashboard' },
    });
    expect(response.status).toBe(200);
    const { data, source } = response.json as { data: unknown[]; source: string };
    expect(source).toBe('simulated');
    const quotes = data.map((q) => quoteSchema.parse(q));
    expect(quotes.map((q) => q.symbol)).toEqual(['SPY', 'QQQ', 'VIX']);
    const reference = quoteAt('SPY', new Date(quotes[0]!.timestamp));
    expect(quotes[0]!.name).toBe(reference.name);
  });

  it('refuses unknown symbols by name rather than inventing a company', async () => {
    const response = await api('/api/market-data', {
      method: 'POST',
      token: trader.accessToken,
      body: { symbols: ['SPY', 'ZZZZ'], type: 'ticker' },
    });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({
      error: { code: 'validation_failed', message: 'Unknown symbol: ZZZZ' },
    });
  });

  it('refuses more than 50 symbols, and a missing token', async () => {
    const many = Array.from({ length: 51 }, () => 'SPY');
    expect(
      (
        await api('/api/market-data', {
          method: 'POST',
          token: trader.accessToken,
          body: { symbols: many, type: 'ticker' },
        })
      ).status,
    ).toBe(400);
    expect(
      (await api('/api/market-data', { method: 'POST', body: { symbols: ['SPY'], type: 'ticker' } })).status,
    ).toBe(401);
  });
});

describe('GET /api/symbols', () => {
  it('finds the universe’s symbols by symbol or name on a simulated stage (no provider), scannable', async () => {
    const response = await api('/api/symbols?q=micro', { token: trader.accessToken });
    expect(response.status).toBe(200);
    expect(symbolSearchResponseSchema.parse(response.json)).toEqual({
      symbols: expect.arrayContaining([{ symbol: 'MSFT', name: 'Microsoft Corporation', scannable: true }]),
      provider: null,
      providerError: null,
    });
    const none = await api('/api/symbols?q=zzzzqq', { token: trader.accessToken });
    expect(none.json).toEqual({ symbols: [], provider: null, providerError: null });
  });

  it('refuses an empty or long text, a missing token, and a plan without market data', async () => {
    for (const query of ['', '?q=', `?q=${'x'.repeat(41)}`])
      expect((await api(`/api/symbols${query}`, { token: trader.accessToken })).status, query).toBe(400);
    expect((await api('/api/symbols?q=aapl')).status).toBe(401);
    const expired = await userOnPlan('expired-symbols', {
      subscription_tier: null,
      trial_end_date: '2026-01-08T00:00:00.000Z',
    });
    const refused = await api('/api/symbols?q=aapl', { token: expired.accessToken });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ error: { code: 'plan_limit' } });
  });
});

describe('GET /api/options-chain', () => {
  it('returns the chain with greeks, the underlying price, rate and dividend yield', async () => {
    const response = await api('/api/options-chain?symbol=SPY', { token: trader.accessToken });
    expect(response.status).toBe(200);
    const chain = response.json as {
      symbol: string;
      underlyingPrice: number;
      rate: number;
      expirations: string[];
      contracts: {
        type: string;
        strike: number;
        bid: number;
        ask: number;
        iv: number | null;
        delta: number | null;
      }[];
      exercise: string;
    };
    expect(chain.symbol).toBe('SPY');
    expect(chain.underlyingPrice).toBeGreaterThan(0);
    expect(chain.rate).toBeGreaterThan(0);
    expect(chain.expirations.length).toBeGreaterThanOrEqual(8);
    expect(chain.exercise).toBe('american');
    // Contracts whose bid pays no time value (deep in or far out of the money) have no IV.
    const call = chain.contracts.find((c) => c.type === 'call' && c.iv !== null)!;
    expect(call.ask).toBeGreaterThanOrEqual(call.bid);
    expect(call.delta).toBeGreaterThan(0);
    expect(call.iv).toBeGreaterThan(0);

    const one = await api(`/api/options-chain?symbol=SPY&expiration=${chain.expirations[0]}`, {
      token: trader.accessToken,
    });
    const contracts = (one.json as { contracts: { expiration: string }[] }).contracts;
    expect(contracts.length).toBeGreaterThan(0);
    expect(new Set(contracts.map((c) => c.expiration))).toEqual(new Set([chain.expirations[0]]));
  });

  it('refuses an unknown or malformed symbol', async () => {
    expect((await api('/api/options-chain?symbol=ZZZZ', { token: trader.accessToken })).status).toBe(400);
    expect((await api('/api/options-chain', { token: trader.accessToken })).status).toBe(400);
  });
});

describe('POST /api/options-scanner', () => {
  it('scans the universe with the spec body and returns scored results, simulated', async () => {
    const response = await api('/api/options-scanner', {
      method: 'POST',
      token: trader.accessToken,
      body: { ivRank: 0 },
    });
    expect(response.status).toBe(200);
    const body = response.json as ScanBody;
    expect(body.source).toBe('simulated');
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.results[0]).toMatchObject({
      ticker: expect.any(String),
      strategy: expect.any(String),
      strike: expect.any(Number),
      lastPrice: expect.any(Number),
      iv: expect.any(Number),
      delta: expect.any(Number),
      theta: expect.any(Number),
      volume: expect.any(Number),
      edgeScore: expect.any(Number),
      scoreBreakdown: expect.any(Array),
    });
  });

  it('narrows by ticker and strategy', async () => {
    const response = await api('/api/options-scanner', {
      method: 'POST',
      token: trader.accessToken,
      body: { ticker: 'aapl', strategy: 'long-call', ivRank: 0, minExpectedReturn: -1 },
    });
    const { results } = response.json as ScanBody;
    expect(results.length).toBeGreaterThan(0);
    expect(new Set(results.map((r) => `${String(r.ticker)} ${String(r.strategy)}`))).toEqual(
      new Set(['AAPL long-call']),
    );
  });

  it('scans a ticker at the default IV rank and shows that ticker, whatever its IV rank', async () => {
    // The lowest IV rank of a few liquid names now: below the slider's default of 50 more often than not.
    const now = new Date();
    const [symbol] = ['AAPL', 'MSFT', 'NVDA', 'META', 'TSLA', 'AMZN']
      .map((s) => ({ s, rank: underlyingAt(s, now).ivRank }))
      .sort((a, b) => a.rank - b.rank)
      .map((x) => x.s);
    const response = await api('/api/options-scanner', {
      method: 'POST',
      token: trader.accessToken,
      // Expected losers and promises inside the default margins included: this checks the IV rank
      // slider, not whether the ticker has a trade today.
      body: { ticker: symbol, strategy: 'all', ivRank: 50, minExpectedReturn: -1 },
    });
    expect(response.status).toBe(200);
    const body = response.json as ScanBody & { emptyReason: unknown; marketOpen: boolean };
    expect(body.results.length).toBeGreaterThan(0);
    expect(new Set(body.results.map((r) => r.ticker))).toEqual(new Set([symbol]));
    expect(body.emptyReason).toBeNull();
    expect(typeof body.marketOpen).toBe('boolean');
    for (const r of body.results) {
      expect(r).toMatchObject({
        ivRank: expect.any(Number),
        expiration: expect.any(String),
        strikeLabel: expect.any(String),
      });
    }
  });

  it('says which filter emptied a scan, with the values, and how to relax it', async () => {
    const now = new Date();
    const symbol = SCANNABLE_SYMBOLS.find((s) => underlyingAt(s, now).ivRank < 90)!;
    const empty = await api('/api/options-scanner', {
      method: 'POST',
      token: trader.accessToken,
      body: { ticker: symbol, ivRankMin: 99 },
    });
    expect(empty.status).toBe(200);
    const body = empty.json as ScanBody & {
      emptyReason: { filter: string; message: string; relax: Record<string, number> };
    };
    expect(body.results).toEqual([]);
    expect(body.emptyReason.filter).toBe('ivRankMin');
    expect(body.emptyReason.message).toMatch(
      new RegExp(`^${symbol.replace('.', '\\.')}'s IV rank is \\d+%, below your minimum of 99%\\.$`),
    );
    const relaxed = await api('/api/options-scanner', {
      method: 'POST',
      token: trader.accessToken,
      body: { ticker: symbol, ...body.emptyReason.relax },
    });
    expect((relaxed.json as ScanBody).results.length).toBeGreaterThan(0);
  });

  it('names the field of a bad filter, and an unknown ticker', async () => {
    const bad = await api('/api/options-scanner', {
      method: 'POST',
      token: trader.accessToken,
      body: { ivRank: 150, deltaMin: 0.6, deltaMax: 0.2 },
    });
    expect(bad.status).toBe(400);
    const paths = (bad.json as { error: { details: { path: string }[] } }).error.details.map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['ivRank', 'deltaMax']));

    const unknown = await api('/api/options-scanner', {
      method: 'POST',
      token: trader.accessToken,
      body: { ticker: 'ZZZZ' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ error: { message: 'Unknown symbol: ZZZZ' } });
  });

  it('enforces plans on the server: Starter gets 10 filters, an expired trial no scanner', async () => {
    const past = '2026-01-08T00:00:00.000Z';
    const starter = await userOnPlan('starter', { subscription_tier: 'starter', trial_end_date: past });
    const elevenFilters = {
      ivRank: 10,
      ivRankMax: 100,
      ivMin: 0.01,
      ivMax: 3,
      dteMin: 1,
      dteMax: 400,
      deltaMin: -1,
      deltaMax: 1,
      minVolume: 1,
      minOpenInterest: 1,
      minEdgeScore: 1,
    };
    const refused = await api('/api/options-scanner', {
      method: 'POST',
      token: starter.accessToken,
      body: elevenFilters,
    });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({
      error: { code: 'plan_limit', message: expect.stringContaining('10 scanner filters') },
    });
    const { minEdgeScore: _dropped, ...ten } = elevenFilters;
    const allowed = await api('/api/options-scanner', {
      method: 'POST',
      token: starter.accessToken,
      body: ten,
    });
    expect(allowed.status).toBe(200);
    expect((allowed.json as ScanBody).activeFilters).toBe(10);

    const expired = await userOnPlan('expired', { subscription_tier: null, trial_end_date: past });
    const scan = await api('/api/options-scanner', {
      method: 'POST',
      token: expired.accessToken,
      body: { ivRank: 50 },
    });
    expect(scan.status).toBe(403);
    expect(scan.json).toMatchObject({ error: { code: 'plan_limit' } });
    expect((await api('/api/options-chain?symbol=SPY', { token: expired.accessToken })).status).toBe(403);
  });
});
