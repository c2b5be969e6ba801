/**
 * The simulated market has the stylised facts of a real one (docs/market-model.md), measured on
 * its whole history once for the file: fat tails and negative skew, volatility clustering, the
 * leverage effect against the VIX, crashes, a volatility risk premium that varies and is sometimes
 * negative; and its option surface prices the model's own expected variance to each expiry, plus
 * every report before it.
 */
import { describe, expect, it } from 'vitest';
import { dayNumberOfIso, isoDateOf, newYorkInstant, SESSION_CLOSE_MINUTE } from '@shared/market/calendar';
import { EARNINGS_MOVE, nextEarningsDate } from '@shared/market/earnings';
import {
  extendSymbolTo,
  symbolModel,
  tradingDayNumber,
  tradingIndexOnOrBefore,
  varianceStateAt,
  type MarketClock,
} from '@shared/market/price-model';
import { stylisedFacts } from '@shared/market/stylised-facts';
import { UNIVERSE, universeEntry } from '@shared/market/universe';
import {
  CRASH_DECAY,
  MARKET_PERSISTENCE,
  OWN_PERSISTENCE,
  crashSessionAt,
  expectedVariance,
  impliedVolatility,
  marketRatioOf,
  marketShare,
  baseDailyVariance,
} from '@shared/market/volatility';
import { generateChain } from '@shared/options/chain';
import { listedExpirations } from '@shared/options/expirations';
import { atmVolatility, surfaceParameters } from '@shared/options/surface';

const FROM = '2019-01-03';
const TO = '2026-10-30';
const facts = stylisedFacts(FROM, TO);
const LAST = tradingIndexOnOrBefore(dayNumberOfIso(TO));
const SYMBOLS = UNIVERSE.filter((entry) => entry.symbol !== 'VIX');

/** The clock at session n's close. */
const closeClock = (n: number): MarketClock => ({
  index: n,
  minute: 390,
  isOpen: false,
  priceTime: newYorkInstant(tradingDayNumber(n), SESSION_CLOSE_MINUTE),
});

/** Whether a crash regime is on at any session of n..n + 21 (the shock the implied volatility does not price). */
function nearCrash(n: number): boolean {
  for (let k = n; k <= n + 21; k += 1) if (crashSessionAt(k) > 0) return true;
  return false;
}

describe(`the market's stylised facts, ${FROM} to ${TO}`, () => {
  it("has SPY's daily returns fat-tailed (excess kurtosis 5 or more) and negatively skewed", () => {
    expect(facts.sessions).toBeGreaterThan(1900);
    expect(facts.spy.excessKurtosis).toBeGreaterThanOrEqual(5);
    expect(facts.spy.skew).toBeLessThan(0);
    // Returns barely autocorrelated, their size strongly: volatility clusters.
    expect(Math.abs(facts.spy.acfReturns)).toBeLessThan(0.1);
    expect(facts.spy.acfAbsolute).toBeGreaterThanOrEqual(0.15);
    // A realistic level: SPX's realised volatility has averaged 15-20% a year.
    expect(facts.spy.annualisedVol).toBeGreaterThan(0.12);
    expect(facts.spy.annualisedVol).toBeLessThan(0.22);
  });

  it('has the leverage effect: returns and the change in the VIX correlate at -0.5 or below', () => {
    expect(facts.returnVixCorrelation).toBeLessThanOrEqual(-0.5);
  });

  it('crashes: the VIX above 40 at least once, the index down 20% or more within a month', () => {
    expect(facts.crashes[0]!.start).toBe('2020-02-24');
    expect(facts.crashes[0]!.vixPeak).toBeGreaterThan(40);
    expect(facts.crashes[0]!.worstMonth).toBeLessThanOrEqual(-0.2);
    expect(facts.vix.max).toBeGreaterThan(40);
    expect(facts.vix.min).toBeGreaterThan(8);
    expect(facts.vix.mean).toBeGreaterThan(13);
    expect(facts.vix.mean).toBeLessThan(22);
    expect(facts.worstMonth.return).toBeLessThanOrEqual(-0.2);
    // The scheduled crash of 2020 is one such month.
    const spy = symbolModel(universeEntry('SPY')!);
    const start = tradingIndexOnOrBefore(dayNumberOfIso('2020-02-24'));
    extendSymbolTo(spy, start + 40);
    let worst = 0;
    for (let n = start; n <= start + 21; n += 1)
      worst = Math.min(worst, spy.close[n + 20]! / spy.close[n - 1]! - 1);
    expect(worst).toBeLessThanOrEqual(-0.2);
  });

  it('has a volatility risk premium that is positive on average and sometimes negative', () => {
    for (const premium of [facts.spyPremium, facts.vixPremium]) {
      expect(premium.meanPoints).toBeGreaterThan(0);
      expect(premium.meanPoints).toBeLessThan(6);
      expect(premium.negativeShare).toBeGreaterThan(0.05);
      expect(premium.negativeShare).toBeLessThan(0.4);
    }
    // The most negative comes with a crash: realised far above implied.
    expect(facts.spyPremium.minPoints).toBeLessThan(-15);
  });
});

describe("the model's expected variance", () => {
  it('is what the symbols go on to realise over the next 21 sessions, pooled outside crashes', () => {
    // One market path: its shocks' sample (a little calmer than their distribution: 29 jump days
    // where 39 were expected) moves every symbol's ratio together, so the bounds are a path's.
    const returns: number[] = [];
    const variances: number[] = [];
    for (const entry of SYMBOLS) {
      const model = symbolModel(entry);
      extendSymbolTo(model, LAST + 21);
      let realised = 0;
      let modelled = 0;
      let expected = 0;
      for (let n = 260; n <= LAST; n += 5) {
        if (nearCrash(n)) continue;
        for (let k = n + 1; k <= n + 21; k += 1) {
          modelled += model.dailyVol[k]! ** 2;
          // A report day's jump is the surface's to add: its diffusion only.
          realised +=
            model.reportDay[k] === 1
              ? model.dailyVol[k]! ** 2
              : Math.log(model.close[k]! / model.close[k - 1]!) ** 2;
        }
        expected += expectedVariance(varianceStateAt(model, n), 21);
      }
      returns.push(realised / expected);
      variances.push(modelled / expected);
    }
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    expect(mean(returns)).toBeGreaterThan(0.88);
    expect(mean(returns)).toBeLessThan(1.12);
    expect(mean(variances)).toBeGreaterThan(0.94);
    expect(mean(variances)).toBeLessThan(1.06);
    expect(Math.min(...returns)).toBeGreaterThan(0.75);
    expect(Math.max(...returns)).toBeLessThan(1.25);
  });

  it('sums the expected ratios E[x_{n+k}] = 1 + φ^{k-1}(x_{n+1} - 1) in closed form', () => {
    for (const [marketRatio, crashRatio, ownRatio] of [
      [0.4, 0, 1.3],
      [6, 9, 0.7],
    ] as const) {
      const state = {
        marketVariance: 2e-4,
        ownVariance: 1e-4,
        marketRatio,
        crashRatio,
        ownRatio,
        premium: 1.1,
      };
      for (const sessions of [1, 3, 21, 250]) {
        let sum = 0;
        for (let k = 1; k <= sessions; k += 1) {
          const market =
            1 + MARKET_PERSISTENCE ** (k - 1) * (marketRatio - 1) + CRASH_DECAY ** (k - 1) * crashRatio;
          const own = 1 + OWN_PERSISTENCE ** (k - 1) * (ownRatio - 1);
          sum += (k === 1 ? 0.4 : 1) * (2e-4 * market + 1e-4 * own);
        }
        expect(expectedVariance(state, sessions, 0.4)).toBeCloseTo(sum, 15);
      }
    }
  });

  it("is each session's variance b²·(w·v_n + (1 - w)·y_n), and the 30-day IV its expectation times the premium", () => {
    for (const symbol of ['SPY', 'AAPL', 'TLT', 'SOXL']) {
      const entry = universeEntry(symbol)!;
      const model = symbolModel(entry);
      const w = marketShare(entry);
      for (const n of [300, 320, 900, 1500]) {
        const variance =
          baseDailyVariance(entry) * (w * marketRatioOf(n) + (1 - w) * model.ownRatioNext[n - 1]!);
        expect(model.dailyVol[n]).toBeCloseTo(Math.sqrt(variance), 12);
        const state = varianceStateAt(model, n);
        expect(model.iv[n]).toBeCloseTo(
          state.premium * Math.sqrt((252 * expectedVariance(state, 21)) / 21),
          12,
        );
        expect(state.premium).toBeGreaterThan(1);
      }
    }
  });
});

describe("the option surface's term structure", () => {
  it('never prices the front week below what the model expects to realise, except in a crash', () => {
    let checked = 0;
    let below = 0;
    let belowInCrash = 0;
    for (let n = 290; n <= LAST; n += 7) {
      const clock = closeClock(n);
      const today = tradingDayNumber(n);
      for (const entry of SYMBOLS) {
        const model = symbolModel(entry);
        extendSymbolTo(model, n);
        const front = listedExpirations(entry, today).find((day) => day > today)!;
        const years =
          (newYorkInstant(front, SESSION_CLOSE_MINUTE).getTime() - clock.priceTime.getTime()) /
          (365 * 86_400_000);
        const surface = surfaceParameters(model, clock, model.iv[n]!);
        const sessions = tradingIndexOnOrBefore(front) - n;
        const reports = surface.earningsDays.filter((day) => day <= front).length;
        const expected =
          expectedVariance(varianceStateAt(model, n), sessions) + reports * surface.earningsMove ** 2;
        const implied = atmVolatility(surface, years, front) ** 2 * years;
        checked += 1;
        if (implied < expected) {
          below += 1;
          if (nearCrash(n)) belowInCrash += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(20_000);
    expect(below).toBe(belowInCrash);
    expect(below).toBe(0);
  });

  it('is the expected variance times the premium at a close, and follows the 30-day IV through a session', () => {
    const at = new Date('2026-03-10T20:30:00Z'); // after the close
    const chain = generateChain('SPY', at);
    const s = chain.surface;
    expect(s.scale).toBeCloseTo(1, 12);
    expect(impliedVolatility(s.variance) * s.scale).toBeCloseTo(chain.underlying.atmIv, 12);
    const during = generateChain('SPY', new Date('2026-03-10T17:00:00Z')); // 13:00 New York
    expect(during.surface.firstShare).toBeCloseTo(1 - 210 / 390, 12);
    expect(during.surface.scale * impliedVolatility(during.surface.variance)).toBeCloseTo(
      during.underlying.atmIv,
      12,
    );
  });

  it('adds the earnings variance of every report an expiry spans, not just the next one', () => {
    const at = new Date('2026-04-01T15:00:00Z');
    for (const symbol of ['AAPL', 'MSFT', 'JPM']) {
      const entry = universeEntry(symbol)!;
      const chain = generateChain(symbol, at);
      const s = chain.surface;
      const m = EARNINGS_MOVE * entry.vol;
      const counts = new Set<number>();
      chain.expirations.forEach((date, e) => {
        const day = dayNumberOfIso(date);
        const years = chain.expirationYears[e]!;
        // The reports on or before the expiry, counted from the earnings calendar.
        let reports = 0;
        for (
          let r = nextEarningsDate(symbol, chain.sessionDay + 1);
          r <= day;
          r = nextEarningsDate(symbol, r + 1)
        )
          reports += 1;
        counts.add(reports);
        const withReports = atmVolatility(s, years, day);
        const without = atmVolatility({ ...s, earningsDays: [] }, years, day);
        expect(withReports ** 2 * years - without ** 2 * years).toBeCloseTo(reports * m * m, 12);
      });
      // The year of expiries spans every count from none to four reports.
      expect([...counts].sort()).toEqual([0, 1, 2, 3, 4]);
    }
    // The price model jumps on each of those report days.
    const aapl = symbolModel(universeEntry('AAPL')!);
    const report = nextEarningsDate('AAPL', dayNumberOfIso('2026-04-02'));
    const index = tradingIndexOnOrBefore(report);
    extendSymbolTo(aapl, index);
    expect(isoDateOf(tradingDayNumber(index))).toBe(isoDateOf(report));
    expect(aapl.earningsJump[index]).not.toBe(0);
  });
});
