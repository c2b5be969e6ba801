import { describe, expect, it } from 'vitest';
import { BoundaryCache, solveQuotes } from '@shared/pricing/american-batch';
import { generateChain, quoteBatch, STRIKES_PER_EXPIRATION } from '@shared/options/chain';
import { dayNumberOfIso, weekday } from '@shared/market/calendar';

const AT = new Date('2026-03-10T15:45:00Z');

const solve = (chain: ReturnType<typeof generateChain>) => {
  const n = chain.count;
  const out = {
    iv: new Float64Array(n),
    delta: new Float64Array(n),
    gamma: new Float64Array(n),
    theta: new Float64Array(n),
    vega: new Float64Array(n),
  };
  const { failures, unpriced } = solveQuotes(quoteBatch(chain), new BoundaryCache(), out);
  return { iv: out.iv, failures, unpriced };
};

describe('generateChain', () => {
  it('is identical for the same symbol and minute', () => {
    const a = generateChain('AAPL', AT);
    const b = generateChain('AAPL', new Date(AT.getTime() + 30_000));
    expect(b.bid).toEqual(a.bid);
    expect(b.ask).toEqual(a.ask);
    expect(b.volume).toEqual(a.volume);
    expect(b.expirations).toEqual(a.expirations);
  });

  it('changes from day to day but keeps its structure', () => {
    const today = generateChain('AAPL', AT);
    const tomorrow = generateChain('AAPL', new Date('2026-03-11T15:45:00Z'));
    expect(tomorrow.mid).not.toEqual(today.mid);
    expect(tomorrow.openInterest).not.toEqual(today.openInterest);
    expect(tomorrow.expirations.slice(1)).toEqual(today.expirations.slice(1));
  });

  it('lists weeklies and third-Friday monthlies out to a year, 40 strikes each, a call and a put per strike', () => {
    const chain = generateChain('SPY', AT);
    expect(chain.expirations.slice(0, 5)).toEqual([
      '2026-03-13',
      '2026-03-20',
      '2026-03-27',
      '2026-04-02',
      '2026-04-10',
    ]);
    expect(chain.expirations).toContain('2026-06-18'); // June 19 (Juneteenth) moves to the Thursday
    expect(chain.expirations).toContain('2026-12-18');
    expect(chain.expirations.at(-1)! <= '2027-03-10').toBe(true);
    for (let e = 0; e < chain.expirations.length; e += 1) {
      expect(chain.expirationStart[e + 1]! - chain.expirationStart[e]!).toBe(2 * STRIKES_PER_EXPIRATION);
    }
    const thin = generateChain('GS', AT); // 2.2M shares a day: monthlies only
    for (const date of thin.expirations) {
      const day = dayNumberOfIso(date);
      expect([4, 5]).toContain(weekday(day));
      expect(Number(date.slice(8))).toBeGreaterThanOrEqual(15);
      expect(Number(date.slice(8))).toBeLessThanOrEqual(21);
    }
  });

  it('quotes bid <= ask on the tick (0.01 under $3, 0.05 above) with spreads widening away from the money', () => {
    const chain = generateChain('AAPL', AT);
    for (let i = 0; i < chain.count; i += 1) {
      const bid = chain.bid[i]!;
      const ask = chain.ask[i]!;
      expect(bid).toBeLessThan(ask);
      for (const price of [bid, ask]) {
        const tick = price < 3 ? 1 : 5;
        expect(Math.round(price * 100) % tick).toBe(0);
      }
      expect(Number.isInteger(chain.volume[i])).toBe(true);
      expect(Number.isInteger(chain.openInterest[i])).toBe(true);
    }
    const start = chain.expirationStart[4]!;
    const relativeSpread = (i: number) => (chain.ask[i]! - chain.bid[i]!) / chain.mid[i]!;
    const nearMoney = Array.from({ length: 40 }, (_, j) => start + 2 * j).reduce((best, i) =>
      Math.abs(chain.strike[i]! - chain.spot) < Math.abs(chain.strike[best]! - chain.spot) ? i : best,
    );
    expect(relativeSpread(nearMoney)).toBeLessThan(relativeSpread(start + 2 * 39));
  });

  it('peaks open interest near the money', () => {
    const chain = generateChain('TSLA', AT);
    const start = chain.expirationStart[5]!;
    const calls = Array.from({ length: 40 }, (_, j) => chain.openInterest[start + 2 * j]!);
    const peak = calls.indexOf(Math.max(...calls));
    expect(Math.abs(chain.strike[start + 2 * peak]! / chain.spot - 1)).toBeLessThan(0.2);
    expect(calls[0]! + calls[39]!).toBeLessThan(Math.max(...calls));
  });

  it('solves an IV (American) for every contract with a time-value bid, close to the surface that priced it', () => {
    const chain = generateChain('MSFT', AT);
    expect(chain.style).toBe('american');
    const { iv, failures, unpriced } = solve(chain);
    expect(failures).toBe(0);
    for (let i = 0; i < chain.count; i += 1) {
      const k = chain.strike[i]!;
      const t = chain.years[i]!;
      const intrinsic = Math.max(chain.isCall[i] ? chain.spot - k : k - chain.spot, 0);
      const forward = chain.spot * Math.exp(-chain.dividendYield * t) - k * Math.exp(-chain.rate * t);
      const floor = Math.max(intrinsic, chain.isCall[i] ? forward : -forward);
      // A bid above what the option is worth at zero volatility pays for time value: it has an IV.
      if (chain.bid[i]! > floor) expect(iv[i]).toBeGreaterThan(0);
      else expect(iv[i]).toBeNaN();
    }
    expect(unpriced).toBeLessThan(chain.count / 2);
    let near = 0;
    for (let i = 0; i < chain.count; i += 1) {
      // Those with a time-value bid (a deep put's bid can be its exercise value when volatility is low).
      if (Math.abs(chain.strike[i]! / chain.spot - 1) < 0.1 && chain.years[i]! > 20 / 365 && iv[i]! > 0) {
        near += 1;
        expect(Math.abs(iv[i]! - chain.surfaceIv[i]!)).toBeLessThan(0.02);
      }
    }
    expect(near).toBeGreaterThan(20);
  });

  it('puts richer than calls on an equity skew', () => {
    const chain = generateChain('SPY', AT);
    const start = chain.expirationStart[6]!;
    expect(chain.surfaceIv[start + 1]!).toBeGreaterThan(chain.surfaceIv[start + 2 * 39]!); // low strike > high strike
  });

  it('rejects an unknown symbol', () => {
    expect(() => generateChain('NOPE', AT)).toThrow('Unknown symbol');
  });
});
