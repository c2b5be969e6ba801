/**
 * The parity forward and the real-chain pricer: forwards and discount factors recovered from
 * quotes built by hand from C - P = D·(F - K), IVs recovered from prices built with bsm at a known
 * volatility, each hygiene reason on a contract written for it, and the recorded QQQ chain
 * (tests/fixtures/SOURCES.md), whose two contracts have no time-value bid.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bsm } from '@shared/pricing/bsm';
import type { ChainContract, ChainSnapshot } from '@shared/providers/chains/chain';
import { parseCboeChain } from '@shared/providers/chains/cboe';
import { impliedForward, type ParityPair } from '@shared/providers/chains/parity';
import { priceRealChain, yearsToExpiry } from '@shared/providers/chains/price-real-chain';

describe('impliedForward', () => {
  // Hand-built: F = 100, D = 0.99 (C - P = 0.99·(100 - K)), the put worth 6 at every strike.
  const pairs: ParityPair[] = [95, 97, 99, 100, 101, 103, 105].map((strike) => ({
    strike,
    putMid: 6,
    callMid: 6 + 0.99 * (100 - strike),
    spread: 0.1,
  }));

  it('fits F and D from the strikes nearest the money', () => {
    const fit = impliedForward(pairs, 98, 0.5, 0.04, 0.01);
    expect(fit.method).toBe('parity');
    expect(fit.forward).toBeCloseTo(100, 9);
    expect(fit.discount).toBeCloseTo(0.99, 9);
    expect(fit.strikesUsed).toBe(7);
  });

  it('takes D from the rate when fewer than three strikes pair up, and F from parity', () => {
    const fit = impliedForward(pairs.slice(3, 5), 98, 0.5, 0.04, 0.01);
    const discount = Math.exp(-0.04 * 0.5);
    expect(fit).toMatchObject({ method: 'parity_forward_rate_discount', discount, strikesUsed: 2 });
    // K + (C - P)/D at K = 100 and 101: 100 and 101 - 0.99/D; their median.
    expect(fit.forward).toBeCloseTo((100 + 101 - 0.99 / discount) / 2, 12);
  });

  it('takes D from the rate when the fitted one implies an impossible rate', () => {
    // Slope -0.5: D = 0.5 over half a year is a 139 % rate.
    const steep = pairs.map((p) => ({ ...p, callMid: 6 + 0.5 * (100 - p.strike) }));
    expect(impliedForward(steep, 98, 0.5, 0.04, 0.01).method).toBe('parity_forward_rate_discount');
  });

  it('falls back to the rate and dividend yield, and says so, with no pair', () => {
    const fit = impliedForward([], 98, 0.5, 0.04, 0.01);
    expect(fit).toEqual({
      forward: 98 * Math.exp(0.03 * 0.5),
      discount: Math.exp(-0.02),
      method: 'rate_and_yield',
      strikesUsed: 0,
    });
  });
});

describe('priceRealChain', () => {
  const asOf = '2024-03-15T18:00:00.000Z'; // 14:00 New York (EDT)
  const expiration = '2024-06-21';
  const years = yearsToExpiry(expiration, new Date(asOf));
  const rate = 0.05;
  const discount = Math.exp(-rate * years);
  const forward = 101;
  const vol = 0.3;
  // Black-76 prices at F = 101, D = e^{-rT}: bsm on the forward with q = r.
  const price = (strike: number, type: 'call' | 'put') =>
    bsm({ spot: forward, strike, years, rate, dividendYield: rate, volatility: vol, type }).price;

  const contract = (
    strike: number,
    type: 'call' | 'put',
    over: Partial<ChainContract> = {},
  ): ChainContract => {
    const p = price(strike, type);
    return {
      occ: 'XYZ   240621C00100000',
      root: 'XYZ',
      type,
      strike,
      expiration,
      bid: Math.round((p - 0.05) * 1e6) / 1e6,
      ask: Math.round((p + 0.05) * 1e6) / 1e6,
      bidSize: 10,
      askSize: 10,
      last: null,
      lastTime: null,
      volume: 100,
      openInterest: 1000,
      iv: null,
      greeks: null,
      quoteTime: asOf,
      ...over,
    };
  };
  const snapshot = (contracts: ChainContract[]): ChainSnapshot => ({
    provider: 'cboe',
    delayed: true,
    underlying: { symbol: 'XYZ', price: 100, bid: 99.99, ask: 100.01, asOf },
    contracts,
    rejected: [],
  });
  const strikes = [90, 95, 100, 105, 110];
  const clean = strikes.flatMap((k) => [contract(k, 'call'), contract(k, 'put')]);

  it('recovers the forward, the discount factor and the volatility the quotes were priced at', () => {
    const priced = priceRealChain(snapshot(clean), { rate: 0.01, dividendYield: 0 }, new Date(asOf));
    expect(priced.asOf).toBe(asOf);
    expect(priced.expiries).toHaveLength(1);
    expect(priced.expiries[0]!.method).toBe('parity');
    expect(priced.expiries[0]!.forward).toBeCloseTo(forward, 6);
    expect(priced.expiries[0]!.discount).toBeCloseTo(discount, 6);
    for (const c of priced.contracts) {
      expect(c.noIvReason).toBeNull();
      expect(c.iv!).toBeCloseTo(vol, 5);
    }
    // Sorted by strike, call before put.
    expect(priced.contracts.map((c) => `${c.contract.strike}${c.contract.type[0]}`).slice(0, 3)).toEqual([
      '90c',
      '90p',
      '95c',
    ]);
  });

  it('gives each unusable quote its reason and no IV', () => {
    const yesterday = new Date(Date.parse(asOf) - 86_400_000).toISOString();
    const odd = [
      contract(100, 'call', { bid: 5, ask: 4.9, occ: 'crossed              ' }),
      contract(105, 'call', { bid: 0, ask: 0.05, occ: 'zero bid             ' }),
      contract(105, 'put', { bid: null, occ: 'no quote             ' }),
      contract(110, 'put', { quoteTime: yesterday, occ: 'stale                ' }),
      // Intrinsic D·(120 - 101) ≈ 18.75 (no call at 120, so these join no parity pair):
      // a put quoted 18.2 / 18.9 has a mid under it;
      contract(120, 'put', { bid: 18.2, ask: 18.9, occ: 'below intrinsic      ' }),
      // a bid of 18.7 is under it and a mid of 19.0 above: the bid pays no time value.
      contract(120, 'put', { bid: 18.7, ask: 19.3, occ: 'no time value bid    ' }),
      contract(100, 'call', { expiration: '2024-03-14', occ: 'expired              ' }),
    ];
    const priced = priceRealChain(
      snapshot([...clean, ...odd]),
      { rate: 0.01, dividendYield: 0 },
      new Date(asOf),
    );
    const reasons = Object.fromEntries(
      priced.contracts
        .filter((c) => c.noIvReason)
        .map((c) => [c.contract.occ.trim(), { reason: c.noIvReason, iv: c.iv }]),
    );
    expect(reasons).toEqual({
      crossed: { reason: 'crossed', iv: null },
      'zero bid': { reason: 'zero_bid', iv: null },
      'no quote': { reason: 'no_quote', iv: null },
      stale: { reason: 'stale', iv: null },
      'below intrinsic': { reason: 'below_intrinsic', iv: null },
      'no time value bid': { reason: 'no_time_value_bid', iv: null },
      expired: { reason: 'expired', iv: null },
    });
  });

  it('solves a locked quote from its one price, and a quote unchanged for hours in the same session', () => {
    const p = Math.round(price(100, 'put') * 100) / 100;
    const earlierToday = new Date(Date.parse(asOf) - 4 * 3_600_000).toISOString();
    const priced = priceRealChain(
      snapshot([
        ...clean,
        contract(100, 'put', { bid: p, ask: p, occ: 'locked               ' }),
        contract(110, 'put', { quoteTime: earlierToday, occ: 'unchanged            ' }),
      ]),
      { rate: 0.01, dividendYield: 0 },
      new Date(asOf),
    );
    const byOcc = new Map(priced.contracts.map((c) => [c.contract.occ.trim(), c]));
    expect(byOcc.get('locked')!.noIvReason).toBeNull();
    expect(byOcc.get('locked')!.iv!).toBeCloseTo(vol, 2);
    expect(byOcc.get('unchanged')!.noIvReason).toBeNull();
    expect(byOcc.get('unchanged')!.iv!).toBeCloseTo(vol, 5);
  });

  it('reads a contract expiring today as expired once the session has closed', () => {
    expect(yearsToExpiry('2024-03-15', new Date('2024-03-15T19:59:00Z'))).toBeGreaterThan(0);
    expect(yearsToExpiry('2024-03-15', new Date('2024-03-15T20:00:00Z'))).toBe(0);
  });
});

describe('priceRealChain on the recorded QQQ chain', () => {
  const recorded: unknown = JSON.parse(
    readFileSync(new URL('../../fixtures/providers/cboe/QQQ.edge-api-public.json', import.meta.url), 'utf8'),
  );

  it('prices at the underlying quote time and says why its two contracts have no IV', () => {
    const priced = priceRealChain(parseCboeChain(recorded), { rate: 0.05, dividendYield: 0.006 }, new Date());
    expect(priced.asOf).toBe('2023-05-19T19:59:59.000Z');
    expect(priced.expiries[0]!.method).toBe('rate_and_yield');
    // The 260 call: bid 76.08 / ask 76.30 under its intrinsic value (spot 336.46); the put: bid 0.
    expect(priced.contracts.map((c) => [c.contract.type, c.noIvReason])).toEqual([
      ['call', 'below_intrinsic'],
      ['put', 'zero_bid'],
    ]);
  });
});
