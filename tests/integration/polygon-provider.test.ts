/** The real quote provider against a recorded Polygon snapshot served by a local HTTP stub. */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { quoteSchema } from '@shared/market/schemas';
import { UpstreamError } from '../../lambdas/common/errors';
import { polygonProvider } from '../../lambdas/market/polygon-provider';
import { marketData } from '../../lambdas/market/service';

const recorded = readFileSync(new URL('../fixtures/polygon-snapshot.json', import.meta.url), 'utf8');
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
  answer = { status: 200, body: recorded };
});

const provider = () => polygonProvider({ baseUrl, apiKey: async () => 'test-key-123' });

describe('Polygon quote provider', () => {
  it('asks for all symbols in one request with the key, and maps the snapshot to spec quotes', async () => {
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
});
