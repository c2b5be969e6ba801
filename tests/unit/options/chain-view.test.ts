import { describe, expect, it } from 'vitest';
import { optionChainQuery, optionChainView } from '@shared/options/chain-view';
import { quoteAt } from '@shared/market/quotes';

const AT = new Date('2026-03-10T15:45:00Z');

describe('optionChainView', () => {
  it('returns the API contract: contracts with a time-value bid have an IV and greeks, or one expiration', () => {
    const all = optionChainView('SPY', AT);
    expect(all.underlyingPrice.toFixed(2)).toBe(quoteAt('SPY', AT).price);
    expect(all.rate).toBe(0.0425);
    expect(all.exercise).toBe('american');
    expect(optionChainView('VIX', AT).exercise).toBe('european');
    expect(all.contracts).toHaveLength(all.expirations.length * 80);
    const spot = all.underlyingPrice;
    for (const c of all.contracts) {
      const intrinsic = Math.max(c.type === 'call' ? spot - c.strike : c.strike - spot, 0);
      // A bid well above intrinsic pays for time value: it has an IV (and greeks).
      if (c.bid > intrinsic + 0.05 + 0.05 * c.strike * c.years) {
        expect(c.iv !== null && c.delta !== null && c.theta !== null).toBe(true);
      }
      if (c.bid === 0) expect(c.iv).toBeNull();
      if (c.iv === null) expect(c.delta).toBeNull();
    }
    const priced = all.contracts.filter((c) => c.iv !== null).length;
    expect(priced).toBeGreaterThan(all.contracts.length / 2);
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
