/**
 * The Polygon options chain adapter on recorded responses (tests/fixtures/SOURCES.md): AAPL from
 * client-python's mocks (quote, greeks, underlying price) and page 1 of a paged SPY answer (no
 * quotes, a real `next_url`). Page 2 of that answer was never recorded: the paging test serves a
 * hand-written one, labelled below.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chainSnapshotSchema, ChainProviderError } from '@shared/providers/chains/chain';
import {
  fetchPolygonChain,
  fetchPolygonChainPages,
  parsePolygonChain,
  polygonChainUrl,
} from '@shared/providers/chains/polygon';
import { serveJson } from '../../helpers/served-json';

const recorded = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../fixtures/providers/polygon/${name}`, import.meta.url), 'utf8'));
const aapl = recorded('options-chain-AAPL.client-python.json');
const spyCallsPage1 = recorded('options-chain-SPY-calls.market-parser-polygon-mcp.json');
const RECORDED_CURSOR =
  'YXA9TyUzQVNQWTI1MTAxMEMwMDY4MjAwMCZhcz0mY29udHJhY3RfdHlwZT1jYWxsJmV4cGlyYXRpb25fZGF0ZT0yMDI1LTEwLTEwJmxpbWl0PTEwJm9yZGVyPWFzYyZzb3J0PXN0cmlrZV9wcmljZSZzdHJpa2VfcHJpY2UuZ3RlPTY4Mi4wMDAwMDA';

describe('Polygon chain snapshot: recorded responses', () => {
  it('reads a contract with its quote, sizes, last trade, greeks and the underlying price (AAPL)', () => {
    const chain = parsePolygonChain('AAPL', [aapl]);

    expect(chainSnapshotSchema.parse(chain)).toEqual(chain);
    expect(chain).toMatchObject({ provider: 'polygon', delayed: false, rejected: [] });
    // underlying_asset.price 159.9606, last_updated 1651254263172073152 ns
    expect(chain.underlying).toEqual({
      symbol: 'AAPL',
      price: 159.9606,
      bid: null,
      ask: null,
      asOf: '2022-04-29T17:44:23.172Z',
    });
    expect(chain.contracts).toEqual([
      {
        occ: 'AAPL  230616C00150000',
        root: 'AAPL',
        type: 'call',
        strike: 150,
        expiration: '2023-06-16',
        bid: 28.9,
        ask: 29.25,
        bidSize: 294,
        askSize: 209,
        last: 29.25,
        lastTime: '2023-03-13T14:42:07.714Z',
        volume: 8,
        openInterest: 8133,
        iv: 0.3570277203465058,
        greeks: {
          delta: 0.6436614934293701,
          gamma: 0.0061735291012820675,
          theta: -0.028227189324641973,
          vega: 0.6381159723175714,
          rho: null,
        },
        quoteTime: '2022-04-29T17:44:20.800Z',
      },
    ]);
  });

  it('reads a page without quotes or underlying price: nulls, and the day close as the last price (SPY)', () => {
    const chain = parsePolygonChain('spy', [spyCallsPage1]);

    expect(chainSnapshotSchema.parse(chain)).toEqual(chain);
    expect(chain.underlying).toEqual({ symbol: 'SPY', price: null, bid: null, ask: null, asOf: null });
    expect(chain.delayed).toBeNull();
    expect(chain.contracts).toHaveLength(10);
    expect(chain.contracts.map((c) => c.strike)).toEqual([673, 674, 675, 676, 677, 678, 679, 680, 681, 682]);
    expect(new Set(chain.contracts.map((c) => `${c.type} ${c.expiration}`))).toEqual(
      new Set(['call 2025-10-10']),
    );
    expect(chain.contracts[2]).toMatchObject({
      occ: 'SPY   251010C00675000',
      bid: null,
      ask: null,
      bidSize: null,
      quoteTime: null,
      last: 1.16,
      lastTime: null,
      volume: 25727,
      openInterest: 16166,
      iv: 0.10177923924941987,
      greeks: { delta: 0.3559503489458921, theta: -0.5221115493619091 },
    });
  });
});

describe('Polygon chain paging', () => {
  const base = 'http://127.0.0.1:4020';
  // Hand-written page 2 (not recorded): the next strike and no next_url, as a last page ends.
  const handwrittenPage2 = {
    status: 'OK',
    request_id: 'handwritten',
    results: [
      {
        details: {
          contract_type: 'call',
          exercise_style: 'american',
          expiration_date: '2025-10-10',
          shares_per_contract: 100,
          strike_price: 683,
          ticker: 'O:SPY251010C00683000',
        },
        day: { close: 0.01, volume: 1520.0 },
        open_interest: 4120,
        underlying_asset: { ticker: 'SPY' },
      },
    ],
  };

  it("follows the recorded next_url on the configured host and joins the pages' contracts", async () => {
    const { fetchJson, asked } = serveJson({
      [`${base}/v3/snapshot/options/SPY`]: spyCallsPage1,
      [`${base}/v3/snapshot/options/SPY?cursor=${RECORDED_CURSOR}`]: handwrittenPage2,
    });

    const chain = await fetchPolygonChain(base, 'SPY', fetchJson);

    // The recorded next_url names api.polygon.io; only its path and cursor are followed.
    expect(asked).toEqual([
      `${base}/v3/snapshot/options/SPY`,
      `${base}/v3/snapshot/options/SPY?cursor=${RECORDED_CURSOR}`,
    ]);
    expect(chain.contracts).toHaveLength(11);
    expect(chain.contracts.at(-1)).toMatchObject({ occ: 'SPY   251010C00683000', volume: 1520, last: 0.01 });
  });

  it('builds the first URL under any base', () => {
    expect(polygonChainUrl('https://api.polygon.io', 'spy')).toBe(
      'https://api.polygon.io/v3/snapshot/options/SPY',
    );
  });

  it('stops on a next_url it has already followed, and on an error page', async () => {
    const loop = { status: 'OK', results: [], next_url: 'https://api.polygon.io/v3/snapshot/options/SPY' };
    await expect(
      fetchPolygonChainPages(base, 'SPY', serveJson({ [`${base}/v3/snapshot/options/SPY`]: loop }).fetchJson),
    ).rejects.toThrow(/already sent/);

    const refused = {
      status: 'NOT_AUTHORIZED',
      request_id: 'x',
      message: 'You are not entitled to this data.',
    };
    await expect(
      fetchPolygonChain(base, 'SPY', serveJson({ [`${base}/v3/snapshot/options/SPY`]: refused }).fetchJson),
    ).rejects.toThrow(ChainProviderError);
  });

  it('rejects a contract whose details disagree with its symbol, and keeps the rest (hand-written)', () => {
    const [good] = handwrittenPage2.results;
    const wrong = { ...good, details: { ...good!.details, strike_price: 684 } };
    const chain = parsePolygonChain('SPY', [{ status: 'OK', results: [good, wrong, { details: {} }] }]);

    expect(chain.contracts.map((c) => c.strike)).toEqual([683]);
    expect(chain.rejected).toEqual([
      { symbol: 'O:SPY251010C00683000', reason: 'details disagree with the option symbol' },
      { symbol: null, reason: expect.stringMatching(/^unreadable contract: details/) },
    ]);
  });
});
