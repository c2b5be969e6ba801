import { describe, expect, it } from 'vitest';
import { optionChainQuery, optionChainView } from '@shared/options/chain-view';
import { quoteAt } from '@shared/market/quotes';

const AT = new Date('2026-03-10T15:45:00Z');

describe('optionChainView', () => {
  it('returns the API contract: every contract with an IV and greeks, or one expiration', () => {
    const all = optionChainView('SPY', AT);
    expect(all.underlyingPrice.toFixed(2)).toBe(quoteAt('SPY', AT).price);
    expect(all.rate).toBe(0.0425);
    expect(all.contracts).toHaveLength(all.expirations.length * 80);
    expect(all.contracts.every((c) => c.iv !== null && c.delta !== null)).toBe(true);
    const one = optionChainView('SPY', AT, all.expirations[2]);
    expect(one.contracts).toHaveLength(80);
    expect(new Set(one.contracts.map((c) => c.expiration))).toEqual(new Set([all.expirations[2]]));
    expect(one.contracts[0]).toMatchObject({ type: 'call', expiration: all.expirations[2] });
  });

  it('validates the query', () => {
    expect(optionChainQuery.parse({ symbol: ' spy ' })).toEqual({ symbol: 'SPY' });
    expect(optionChainQuery.safeParse({ symbol: 'SPY', expiration: 'soon' }).error?.issues[0]?.path).toEqual([
      'expiration',
    ]);
  });
});
