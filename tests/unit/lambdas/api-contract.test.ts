/**
 * The API contract (shared/src/api/contract.ts) is what the handlers run: each handler registered
 * the contract's own request schemas, and what the market services answer, once through JSON as
 * the client receives it, parses with the contract's response schemas.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { apiContract, type AnySchema, type PerParam } from '@shared/api/contract';
import { routes, type RouteId } from '@shared/routes';
import { tables } from '@shared/tables';
import { simulatedMarket } from '@shared/market/quotes';
import { scanFiltersSchema } from '@shared/options/scan-filters';
import type { Schemas } from '../../../lambdas/common/http';
import { marketData, simulatedOptionsChain, simulatedScan } from '../../../lambdas/market/service';
import { marketSummary } from '../../../lambdas/market/summary-service';
import { priceHistory } from '../../../lambdas/market/history-service';
import { universeSymbolSearch } from '../../../lambdas/market/symbol-search';

/** A Tuesday in session, and a Saturday (the market closed), both New York time. */
const IN_SESSION = new Date('2026-03-10T15:30:00Z');
const WEEKEND = new Date('2026-03-14T15:30:00Z');

const isPerParam = (schema: AnySchema | PerParam | undefined): schema is PerParam =>
  schema !== undefined && 'param' in schema && 'schemas' in schema;

function responseSchema(id: RouteId): AnySchema {
  const { response } = apiContract[id];
  if (!('body' in response) || isPerParam(response.body)) throw new Error(`${id} has no single JSON body`);
  return response.body;
}

/** What the client receives: the answer after JSON.stringify (non-finite numbers become null). */
const overTheWire = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/** The answer parses, and nothing of it is dropped: every field the server sends is in the schema. */
function expectParses(id: RouteId, value: unknown) {
  const wire = overTheWire(value);
  const schema = responseSchema(id) as unknown as {
    safeParse(v: unknown): { success: boolean; data?: unknown; error?: unknown };
  };
  const parsed = schema.safeParse(wire);
  expect(parsed.error).toBeUndefined();
  expect(parsed.data).toStrictEqual(wire);
}

describe('the handlers validate with the contract', () => {
  let registered: Map<RouteId, Schemas<unknown, unknown, unknown>>;

  beforeAll(async () => {
    for (const definition of Object.values(tables))
      vi.stubEnv(definition.envVar, `table-${definition.envVar}`);
    vi.stubEnv('AWS_REGION', 'us-east-1');
    const http = await import('../../../lambdas/common/http');
    for (const area of new Set(routes.map((route) => route.area)))
      await import(/* @vite-ignore */ new URL(`../../../lambdas/${area}/handler.ts`, import.meta.url).href);
    registered = http.routeSchemas;
    vi.unstubAllEnvs();
  });

  it.each(routes.map((route) => route.id))(
    '%s registers the contract’s body, query and path schemas',
    (id) => {
      const declared = registered.get(id);
      expect(declared).toBeDefined();
      const { request } = apiContract[id] as {
        request: { body?: AnySchema; query?: AnySchema | PerParam; params?: AnySchema };
      };
      expect(declared!.body).toBe(request.body);
      expect(declared!.params).toBe(request.params);
      // A query that depends on a path parameter (a feed's filters) is checked by the handler once
      // the parameter is known; it registers a catch-all for the query string itself.
      if (isPerParam(request.query)) expect(declared!.query).toBeDefined();
      else expect(declared!.query).toBe(request.query);
    },
  );
});

describe('the market services answer what the contract says', () => {
  it('quotes', async () => {
    const input = { symbols: ['SPY', 'AAPL', 'VIX'], type: 'dashboard' as const };
    expectParses('getMarketData', await marketData(simulatedMarket, 'simulated', input, IN_SESSION));
  });

  it.each([
    ['SPY', 'an ETF'],
    ['AAPL', 'a stock'],
    ['VIX', 'an index: European exercise'],
  ])('the option chain of %s (%s)', (symbol) => {
    const chain = simulatedOptionsChain('pro', { symbol }, IN_SESSION);
    expect(chain.contracts.length).toBeGreaterThan(0);
    expectParses('getOptionsChain', chain);
  });

  it.each([
    ['every strategy', {}],
    // Losers included where the day's expected values may all be negative (minExpectedReturn -1): the shape is checked.
    ['a covered call (a stock leg)', { ticker: 'AAPL', strategy: 'covered-call', minExpectedReturn: -1 }],
    ['iron condors', { ticker: 'QQQ', strategy: 'iron-condor', minExpectedReturn: -1 }],
    [
      'straddles spanning earnings',
      { ticker: 'NVDA', strategy: 'straddle', excludeEarnings: false, minExpectedReturn: -1 },
    ],
  ])('a scan of %s, in session and at the weekend', (_name, filters) => {
    for (const at of [IN_SESSION, WEEKEND]) {
      const output = simulatedScan('pro', scanFiltersSchema.parse(filters), at);
      expect(output.results.length).toBeGreaterThan(0);
      expectParses('scanOptions', output);
    }
  });

  it('a scan that finds nothing, with the reason', () => {
    const output = simulatedScan(
      'pro',
      scanFiltersSchema.parse({ ticker: 'SPY', minEdgeScore: 100 }),
      IN_SESSION,
    );
    expect(output.results).toEqual([]);
    expect(output.emptyReason).not.toBeNull();
    expectParses('scanOptions', output);
  });

  it('a symbol search (the universe alone here; Polygon’s answer is parsed in market-symbol-search.test.ts)', async () => {
    expectParses('searchSymbols', await universeSymbolSearch.search('apple'));
  });

  it('the daily summary and a price history', () => {
    expectParses('getMarketSummary', marketSummary(IN_SESSION));
    for (const range of ['1D', '1Y'] as const)
      expectParses('getMarketHistory', priceHistory({ symbol: 'QQQ', range }, IN_SESSION));
  });
});
