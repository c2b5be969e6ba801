/**
 * A market whose quotes hold up to expiry: bounded bid/ask spreads, no quote outside the
 * no-arbitrage bounds, an IV for every quote that pays for time value, theta never more than the
 * time value left, a strike ladder proportional to the price; and the earnings jump.
 */
import { describe, expect, it } from 'vitest';
import { UNIVERSE, universeEntry } from '@shared/market/universe';
import { extendSymbolTo, marketClock, symbolModel, tradingDayNumber } from '@shared/market/price-model';
import { EARNINGS_MOVE, nextEarningsDate } from '@shared/market/earnings';
import { underlyingAt } from '@shared/market/quotes';
import { dayNumberOfIso, isoDateOf } from '@shared/market/calendar';
import { BoundaryCache } from '@shared/pricing/american-batch';
import { generateChain } from '@shared/options/chain';
import { atmVolatility } from '@shared/options/surface';
import { priceChain, workFor } from '@shared/options/snapshot';

const tickOf = (price: number) => (price < 3 ? 0.01 : 0.05);

describe.each([
  ['15:59 on an expiry Friday', '2026-03-13T19:59:00Z'],
  ['a Tuesday morning', '2026-03-10T14:31:00Z'],
])('every quote of the universe at %s', (_when, iso) => {
  const at = new Date(iso);
  const clock = marketClock(at);
  const boundaries = new BoundaryCache();
  const chains = UNIVERSE.map((entry) => generateChain(entry.symbol, at, clock, boundaries));

  it('stays inside the no-arbitrage bounds, with spreads bounded deep in and out of the money', () => {
    let checked = 0;
    for (const chain of chains) {
      const american = chain.style === 'american';
      for (let i = 0; i < chain.count; i += 1) {
        const k = chain.strike[i]!;
        const t = chain.years[i]!;
        const call = chain.isCall[i] === 1;
        const bid = chain.bid[i]!;
        const ask = chain.ask[i]!;
        const mid = (bid + ask) / 2;
        const carry = Math.exp(-chain.dividendYield * t);
        const discount = Math.exp(-chain.rate * t);
        const intrinsic = Math.max(call ? chain.spot - k : k - chain.spot, 0);
        const zeroVol = Math.max(
          call ? chain.spot * carry - k * discount : k * discount - chain.spot * carry,
          0,
        );
        const lower = american ? Math.max(intrinsic, zeroVol) : zeroVol;
        const upper = american ? (call ? chain.spot : k) : call ? chain.spot * carry : k * discount;
        expect(bid).toBeGreaterThanOrEqual(0);
        expect(ask).toBeGreaterThan(bid);
        expect(ask).toBeGreaterThan(lower); // nothing to buy below what exercising (or the forward) pays
        expect(ask).toBeLessThanOrEqual(upper + 1e-9); // nor above what it can ever be worth
        const spread = ask - bid;
        expect(spread).toBeLessThanOrEqual(8 * tickOf(ask) + 0.25 * mid + 1e-9);
        // Mostly intrinsic value (deep in the money, or near expiry): a tight market.
        if (mid - lower < 0.1 * mid) expect(spread).toBeLessThanOrEqual(3 * tickOf(ask) + 0.06 * mid + 1e-9);
        checked += 1;
      }
    }
    expect(checked).toBe(chains.reduce((n, c) => n + c.count, 0));
  });

  it('solves an IV for every quote whose bid pays time value (none failing, none absurd), and theta never exceeds the time value', () => {
    let priced = 0;
    for (const chain of chains) {
      const work = workFor(chain);
      expect(priceChain(chain, work, boundaries)).toBe(0);
      for (let i = 0; i < chain.count; i += 1) {
        if (!(work.iv[i]! > 0)) continue;
        priced += 1;
        expect(work.iv[i]).toBeLessThan(5);
        const k = chain.strike[i]!;
        const intrinsic = Math.max(chain.isCall[i] ? chain.spot - k : k - chain.spot, 0);
        const mid = chain.mid[i]!;
        if (chain.style === 'american') {
          // A day's decay is at most the time value left, and never a gain: exercise is always there.
          expect(-work.theta[i]!).toBeLessThanOrEqual(mid - intrinsic + 1e-9);
          expect(work.theta[i]!).toBeLessThanOrEqual(1e-12);
        } else if (intrinsic === 0) {
          expect(-work.theta[i]!).toBeLessThanOrEqual(mid + 1e-9);
        }
      }
    }
    expect(priced).toBeGreaterThan(20_000);
  });

  it('lists strikes in proportion to the price, however low it is', () => {
    for (const chain of chains) {
      const first = Array.from(chain.strike.subarray(0, 80));
      const previousClose = chain.underlying.previousClose;
      // No listed strike is closer than a nickel: under $0.67, 40 of them reach past 3× the price.
      expect(Math.max(...first)).toBeLessThanOrEqual(Math.max(3 * previousClose, 40 * 0.05));
      if (previousClose < 25)
        expect(first[2]! - first[0]!).toBeLessThanOrEqual(Math.max(0.05, 0.1 * previousClose));
    }
  });
});

describe('earnings reports move the stock', () => {
  const stocks = UNIVERSE.filter((entry) => entry.kind === 'stock').slice(0, 40);

  it("jumps on each report day at the open by the surface's earnings move, and only then", () => {
    const z: number[] = [];
    for (const entry of stocks) {
      const model = symbolModel(entry);
      const m = EARNINGS_MOVE * entry.vol;
      let day = dayNumberOfIso('2021-01-04');
      while (day < dayNumberOfIso('2025-12-31')) {
        const report = nextEarningsDate(entry.symbol, day);
        const index = marketClock(new Date(`${isoDateOf(report)}T20:30:00Z`)).index;
        extendSymbolTo(model, index + 1);
        expect(tradingDayNumber(index)).toBe(report);
        const jump = model.earningsJump[index]!;
        z.push((jump + (m * m) / 2) / m);
        // The report comes before the open: the open carries the jump.
        const gap = Math.log(model.open[index]! / model.close[index - 1]!);
        expect(Math.abs(gap - jump)).toBeLessThan(Math.abs(jump) + 0.5 * entry.vol);
        expect(model.earningsJump[index + 1]).toBe(0);
        day = report + 1;
      }
    }
    expect(z.length).toBeGreaterThan(600);
    const mean = z.reduce((a, b) => a + b, 0) / z.length;
    const sd = Math.sqrt(z.reduce((a, b) => a + (b - mean) * (b - mean), 0) / (z.length - 1));
    expect(Math.abs(mean)).toBeLessThan(0.12);
    expect(sd).toBeGreaterThan(0.9);
    expect(sd).toBeLessThan(1.1);
    // ETFs report nothing.
    const spy = symbolModel(universeEntry('SPY')!);
    extendSymbolTo(spy, 1500);
    expect(spy.earningsJump.every((jump) => jump === 0)).toBe(true);
  });

  it('ranks IV on ex-earnings implied volatility: the reports are priced on top, in the surface only', () => {
    const at = new Date('2026-04-01T15:00:00Z');
    const chain = generateChain('AAPL', at);
    const surface = chain.surface;
    expect(surface.earningsDays.length).toBeGreaterThan(0);
    // The 30-day IV the rank is computed from carries no earnings variance...
    const u = chain.underlying;
    expect(u.atmIv).toBeCloseTo(surface.atm30, 12);
    // ...while an expiry spanning the next report does, by exactly the report's move.
    const e = chain.expirations.findIndex((d) => dayNumberOfIso(d) >= surface.earningsDays[0]!);
    const day = dayNumberOfIso(chain.expirations[e]!);
    const years = chain.expirationYears[e]!;
    const spanning = atmVolatility(surface, years, day);
    const without = atmVolatility({ ...surface, earningsDays: [] }, years, day);
    expect(spanning ** 2 * years - without ** 2 * years).toBeCloseTo(
      (EARNINGS_MOVE * universeEntry('AAPL')!.vol) ** 2,
      12,
    );
    const history = symbolModel(universeEntry('AAPL')!).iv;
    expect(u.ivHistory.every((iv) => history.includes(iv))).toBe(true);
  });

  it('counts the next report as still ahead before the open and past once the session opens', () => {
    const report = nextEarningsDate('AAPL', dayNumberOfIso('2026-04-01'));
    const date = isoDateOf(report);
    expect(underlyingAt('AAPL', new Date(`${date}T12:00:00Z`)).nextEarnings).toBe(date); // 08:00 New York
    expect(underlyingAt('AAPL', new Date(`${date}T15:00:00Z`)).nextEarnings! > date).toBe(true);
  });
});
