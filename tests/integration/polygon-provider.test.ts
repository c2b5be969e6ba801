/**
 * The real quote provider against Polygon snapshots served by a local HTTP stub: a recorded response
 * (polygon-io/client-python's test mock, tests/fixtures/SOURCES.md) and a hand-written two-ticker
 * edge case for the universe's names, market caps and the order of symbols. And its ticker search
 * (GET /api/symbols' provider) on the library's recorded `/v3/reference/tickers` page.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { quoteSchema } from '@shared/market/schemas';
import { UpstreamError } from '../../lambdas/common/errors';
import { polygonProvider } from '../../lambdas/market/polygon-provider';
import { marketData } from '../../lambdas/market/service';
import { polygonSymbolSearch } from '../../lambdas/market/symbol-search';
import { feedFetchJson } from '../../lambdas/feeds/provider-fetch';

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/providers/polygon/${name}`, import.meta.url), 'utf8');
const recorded = fixture('stocks-snapshot-tickers.client-python.json');
const handwritten = fixture('stocks-snapshot.handwritten.json');
let server: Server;
let baseUrl: string;
let requests: IncomingMessage[];
let answer: { status: number; body: string };

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(req);
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  requests = [];
  answer = { status: 200, body: handwritten };
});

const provider = () => polygonProvider({ baseUrl, apiKey: async () => 'test-key-123' });

describe('Polygon quote provider', () => {
  it('maps a recorded snapshot: last trade as the price, the nanosecond update time, unknown names as the symbol', async () => {
    answer = { status: 200, body: recorded };

    const quotes = await provider().quotes(['BCAT', 'SPY'], new Date());

    expect(requests[0]!.url).toBe('/v2/snapshot/locale/us/markets/stocks/tickers?tickers=BCAT%2CSPY');
    // BCAT: lastTrade.p 20.506, todaysChange -0.124 (-0.601 %), day.v 37216, updated 1605192894630916600 ns
    expect(quotes.map((q) => quoteSchema.parse(q))).toEqual([
      {
        symbol: 'BCAT',
        name: 'BCAT',
        price: '20.51',
        change: '-0.12',
        changePercent: '-0.60%',
        isPositive: false,
        volume: '37.2K',
        timestamp: '2020-11-12T14:54:54.630Z',
      },
    ]);
  });

  it('asks for all symbols in one request with the key, and keeps their order (hand-written edge case)', async () => {
    const quotes = await provider().quotes(['SPY', 'AAPL'], new Date());

    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe('/v2/snapshot/locale/us/markets/stocks/tickers?tickers=SPY%2CAAPL');
    expect(requests[0]!.headers.authorization).toBe('Bearer test-key-123');
    expect(quotes.map((q) => quoteSchema.parse(q))).toEqual([
      {
        symbol: 'SPY',
        name: expect.stringContaining('S&P 500'),
        price: '602.91',
        change: '+3.42',
        changePercent: '+0.57%',
        isPositive: true,
        volume: '61.2M',
        timestamp: '2025-11-21T16:00:00.000Z',
      },
      {
        symbol: 'AAPL',
        name: 'Apple Inc.',
        price: '226.13',
        change: '-1.87',
        changePercent: '-0.82%',
        isPositive: false,
        volume: '48.2M',
        timestamp: '2025-11-21T16:00:00.000Z',
        marketCap: expect.stringMatching(/^\d+\.\d{2}T$/),
      },
    ]);
  });

  it('turns a provider error into a 502-class upstream error, never a made-up quote', async () => {
    answer = { status: 429, body: '{"status":"ERROR","error":"rate limited"}' };
    await expect(
      marketData(provider(), 'live', { symbols: ['SPY'], type: 'dashboard' }),
    ).rejects.toBeInstanceOf(UpstreamError);
    answer = { status: 200, body: '{"unexpected":true}' };
    await expect(marketData(provider(), 'live', { symbols: ['SPY'], type: 'dashboard' })).rejects.toThrow(
      /unexpected response/,
    );
  });

  it('quotes a ticker outside the universe (the ticker search offers them), which the simulated market refuses', async () => {
    answer = { status: 200, body: recorded };
    const { data } = await marketData(provider(), 'live', { symbols: ['BCAT'], type: 'dashboard' });
    expect(data.map((q) => [q.symbol, q.name])).toEqual([['BCAT', 'BCAT']]);
  });

  it('searches Polygon’s tickers with the key in the header, and lists the ones outside the universe as quotes only', async () => {
    answer = { status: 200, body: fixture('reference-tickers.client-python.json') };
    const search = polygonSymbolSearch(
      baseUrl,
      feedFetchJson(async () => ({ authorization: 'Bearer test-key-123' })),
    );
    const found = await search.search('alco');
    expect(found).toEqual({
      symbols: [
        { symbol: 'A', name: 'Agilent Technologies Inc.', scannable: false },
        { symbol: 'AA', name: 'Alcoa Corporation', scannable: false },
      ],
      provider: 'polygon',
      providerError: null,
    });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe('/v3/reference/tickers?search=alco&active=true&market=stocks&limit=10');
    expect(requests[0]!.headers.authorization).toBe('Bearer test-key-123');

    answer = { status: 401, body: '{"status":"ERROR","error":"Unknown API Key"}' };
    expect(await search.search('agil')).toMatchObject({ providerError: 'Polygon answered 401' });
  });
});
