/** GET /api/market-history through the local API: real tokens, the route table, bad input. */
import { beforeAll, describe, expect, it } from 'vitest';
import { marketHistorySchema } from '@shared/market/history';
import { quoteAt } from '@shared/market/quotes';
import { apiPath } from '@shared/routes';
import { api, createUser, type TestUser } from '../helpers/local-stack';

let trader: TestUser;

beforeAll(async () => {
  trader = await createUser('history');
});

const history = (query: Record<string, string>, token: string | null = trader.accessToken) =>
  api(apiPath('getMarketHistory', {}, query), { token: token ?? undefined });

describe('GET /api/market-history', () => {
  it.each([
    ['1D', '5m'],
    ['1M', '1d'],
    ['3M', '1d'],
    ['1Y', '1d'],
  ])('%s: points from the market model, the last one the quote at its time', async (range, interval) => {
    const response = await history({ symbol: 'nvda', range });
    expect(response.status, response.text).toBe(200);
    const body = marketHistorySchema.parse(response.json);
    expect(body).toMatchObject({ symbol: 'NVDA', range, interval, source: 'simulated' });
    expect(body.points.length).toBeGreaterThan(0);
    const last = body.points.at(-1)!;
    expect(last.close).toBe(Number(quoteAt('NVDA', new Date(last.time)).price));
  });

  it('defaults to 1M', async () => {
    const response = await history({ symbol: 'SPY' });
    expect(marketHistorySchema.parse(response.json)).toMatchObject({ range: '1M', interval: '1d' });
  });

  it('refuses an unknown symbol, a bad range and an unknown field with 400, naming the field', async () => {
    const unknown = await history({ symbol: 'NOPE' });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({
      error: { code: 'validation_failed', details: [{ path: 'symbol' }] },
    });
    const range = await history({ symbol: 'SPY', range: '5Y' });
    expect(range.json).toMatchObject({ error: { code: 'validation_failed', details: [{ path: 'range' }] } });
    expect((await history({ symbol: 'SPY', period: '1M' })).status).toBe(400);
  });

  it('needs a token', async () => {
    expect((await history({ symbol: 'SPY' }, null)).status).toBe(401);
  });
});
