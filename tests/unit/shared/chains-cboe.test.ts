/**
 * The CBOE chain adapter on a recorded response (tests/fixtures/SOURCES.md: QQQ at the close of
 * 2023-05-19, trimmed to two contracts by the repository it comes from) and on hand-written edge
 * cases for what that recording lacks: an index with its underscore and two roots, a full
 * `timestamp`, odd numbers, float sizes and unreadable contracts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chainSnapshotSchema, ChainProviderError } from '@shared/providers/chains/chain';
import { cboeChainUrl, cboeSymbol, fromCboeSymbol, parseCboeChain } from '@shared/providers/chains/cboe';

const recorded: unknown = JSON.parse(
  readFileSync(new URL('../../fixtures/providers/cboe/QQQ.edge-api-public.json', import.meta.url), 'utf8'),
);

describe('CBOE delayed quotes: the recorded QQQ chain', () => {
  const chain = parseCboeChain(recorded);

  it('reads the underlying quote with its New York trade time as an instant', () => {
    expect(chainSnapshotSchema.parse(chain)).toEqual(chain);
    expect(chain).toMatchObject({ provider: 'cboe', delayed: true, rejected: [] });
    // last_trade_time 2023-05-19T15:59:59 in New York (EDT, UTC−4)
    expect(chain.underlying).toEqual({
      symbol: 'QQQ',
      price: 336.46,
      bid: 336.46,
      ask: 336.47,
      asOf: '2023-05-19T19:59:59.000Z',
      // The day's change and volume as CBOE sent them (QUOTES_PROVIDER=cboe shows them).
      previousClose: 336.51,
      change: -0.76,
      changePercent: -0.2258,
      volume: 61554926,
    });
  });

  it('reads both contracts as sent, with no last price where nothing traded', () => {
    expect(chain.contracts).toEqual([
      {
        occ: 'QQQ   230522C00260000',
        root: 'QQQ',
        type: 'call',
        strike: 260,
        expiration: '2023-05-22',
        bid: 76.08,
        ask: 76.3,
        bidSize: 3,
        askSize: 3,
        // last_trade_price 0 with last_trade_time null: no trade, not a trade at 0
        last: null,
        lastTime: null,
        volume: 0,
        openInterest: 0,
        iv: 1.0682,
        greeks: { delta: 0.9995, gamma: 0, theta: 0, vega: 0.0003, rho: 0.0219 },
        // the recording's timestamp is only a time of day ('18:47:30'): no instant to give
        quoteTime: null,
      },
      {
        occ: 'QQQ   230522P00260000',
        root: 'QQQ',
        type: 'put',
        strike: 260,
        expiration: '2023-05-22',
        bid: 0,
        ask: 0.01,
        bidSize: 0,
        askSize: 193,
        last: 0.02,
        lastTime: '2023-05-18T19:37:13.000Z',
        volume: 0,
        openInterest: 121,
        iv: 0.8992,
        greeks: { delta: -0.0002, gamma: 0, theta: -0.0012, vega: 0.0003, rho: 0 },
        quoteTime: null,
      },
    ]);
  });
});

describe('CBOE symbols', () => {
  it("gives indexes CBOE's leading underscore and leaves stocks and ETFs alone", () => {
    expect(['SPX', 'spx', '_SPX', '^VIX', 'NDX', 'QQQ', 'AAPL', 'BRK.B'].map(cboeSymbol)).toEqual([
      '_SPX',
      '_SPX',
      '_SPX',
      '_VIX',
      '_NDX',
      'QQQ',
      'AAPL',
      'BRK.B',
    ]);
    expect(fromCboeSymbol('_SPX')).toBe('SPX');
  });

  it('builds the chain URL under any base, so a local server can serve a recorded body', () => {
    expect(cboeChainUrl('https://cdn.cboe.com', 'SPX')).toBe(
      'https://cdn.cboe.com/api/global/delayed_quotes/options/_SPX.json',
    );
    expect(cboeChainUrl('http://127.0.0.1:4010', 'qqq')).toBe(
      'http://127.0.0.1:4010/api/global/delayed_quotes/options/QQQ.json',
    );
  });
});

describe('CBOE edge cases (hand-written, not recorded)', () => {
  // An _SPX body in CBOE's layout: SPX and SPXW roots, float sizes, a gamma of 2.2e-06, a contract
  // without greeks, and two contracts that cannot be read.
  const body = `{"timestamp": "2025-11-21 21:15:03", "symbol": "_SPX", "data": {
    "symbol": "_SPX", "security_type": "index", "current_price": 6602.99, "bid": 0.0, "ask": 0.0,
    "last_trade_time": "2025-11-21T16:14:59",
    "options": [
      {"option": "SPXW251121P06500000", "bid": 0.05, "bid_size": 59.0, "ask": 0.1, "ask_size": 28.0,
       "iv": 0.3092, "open_interest": 151.0, "volume": 6.0, "delta": -0.0011, "gamma": 2.2e-06,
       "vega": 0.0021, "theta": -0.0412, "rho": 0.0, "last_trade_price": 0.05,
       "last_trade_time": "2025-11-21T15:59:40"},
      {"option": "SPX251219C06600000", "bid": 95.1, "bid_size": 1.0, "ask": 96.4, "ask_size": 1.0,
       "iv": 0.1288, "open_interest": 20311.0, "volume": 1022.0},
      {"option": "garbage", "bid": 1},
      {"bid": "1.00"}
    ]}}`;
  const chain = parseCboeChain(JSON.parse(body));

  it('names the index without the underscore and keeps each contract root', () => {
    expect(chainSnapshotSchema.parse(chain)).toEqual(chain);
    expect(chain.underlying).toEqual({
      symbol: 'SPX',
      price: 6602.99,
      bid: 0,
      ask: 0,
      asOf: '2025-11-21T21:14:59.000Z',
      previousClose: null,
      change: null,
      changePercent: null,
      volume: null,
    });
    expect(chain.contracts.map((c) => [c.occ, c.root])).toEqual([
      ['SPXW  251121P06500000', 'SPXW'],
      ['SPX   251219C06600000', 'SPX'],
    ]);
  });

  it('reads odd numbers and float sizes, takes the timestamp as the quote time, leaves missing greeks null', () => {
    const [weekly, monthly] = chain.contracts;
    expect(weekly).toMatchObject({
      bidSize: 59,
      askSize: 28,
      greeks: { gamma: 2.2e-6 },
      last: 0.05,
      lastTime: '2025-11-21T20:59:40.000Z',
      quoteTime: '2025-11-21T21:15:03.000Z',
    });
    expect(monthly).toMatchObject({ greeks: null, last: null, lastTime: null, openInterest: 20311 });
  });

  it('reports the contracts it could not read, with why, instead of dropping the chain', () => {
    expect(chain.rejected).toEqual([
      { symbol: 'garbage', reason: 'not an OCC option symbol' },
      { symbol: null, reason: expect.stringMatching(/^unreadable contract: option/) },
    ]);
  });

  it('refuses a body that is not a chain', () => {
    expect(() => parseCboeChain({ error: 'Not Found' })).toThrow(ChainProviderError);
    expect(() => parseCboeChain('<html>Access Denied</html>')).toThrow(ChainProviderError);
    expect(() => parseCboeChain({ data: { options: [] } })).toThrow(/without its symbol/);
  });
});
