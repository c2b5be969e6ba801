import { describe, expect, it } from 'vitest';
import { normCdf } from '@shared/pricing/normal';
import { bsmPrice } from '@shared/pricing/bsm';
import { extendSymbolTo, marketClock, symbolModel } from '@shared/market/price-model';
import { universeEntry } from '@shared/market/universe';
import {
  clearForecastCache,
  diffusiveVariance,
  expectedPayoff,
  expiryForecast,
  historyVariance,
  horizonVariance,
  probabilityBelow,
  VARIANCE_RATIO_HORIZONS,
  varianceRatioAt,
  varianceRatios,
  type ExpiryForecast,
} from '@shared/options/forecast';
import { scan } from '@shared/options/scanner';
import { scanFiltersSchema } from '@shared/options/scan-filters';
import { buildUniverseSnapshot } from '@shared/options/snapshot';
import type { SurfaceParameters } from '@shared/options/surface';

const AT = new Date('2026-03-10T15:45:00Z');
const SYMBOLS = ['AAPL', 'SPY', 'XOM'];

const flat = (overrides: Partial<ExpiryForecast> = {}): ExpiryForecast => {
  // A flat 30% at every expiry: the variance of 0.3² a year, no premium, no reports.
  const surface: SurfaceParameters = {
    atm30: 0.3,
    variance: {
      marketVariance: 0,
      ownVariance: 0.09 / 252,
      marketRatio: 1,
      crashRatio: 0,
      ownRatio: 1,
      premium: 1,
    },
    stateIndex: 0,
    firstShare: 1,
    scale: 1,
    skew: 0,
    curvature: 0,
    earningsDays: [],
    earningsMove: 0,
  };
  return {
    years: 0.25,
    forward: 100 * Math.exp(0.0425 * 0.25),
    impliedAtm: 0.3,
    forecastAtm: 0.24,
    scale: 0.8,
    spansEarnings: false,
    surface,
    ...overrides,
  };
};

/** A fingerprint of every scored position of a scan: what it is and how it scored. */
const fingerprint = () => {
  const snapshot = buildUniverseSnapshot(AT, SYMBOLS);
  const out = scan(
    snapshot,
    scanFiltersSchema.parse({
      ivRank: 0,
      limit: 500,
      maxPerStrategy: 500,
      maxPerTicker: 500,
      excludeEarnings: false,
    }),
  );
  return out.results.map(
    (r) =>
      `${r.ticker} ${r.strategy} ${r.expiration} ${r.strikeLabel} ${r.edgeScore} ${r.expectedProfit.toFixed(6)}`,
  );
};

describe('the forecast uses no future data', () => {
  it("gives today's scores unchanged when every later price is moved", () => {
    const session = marketClock(AT).index;
    clearForecastCache();
    const before = fingerprint();
    const models = SYMBOLS.map((symbol) => symbolModel(universeEntry(symbol)!));
    const saved = models.map((model) => {
      extendSymbolTo(model, session + 300);
      return { close: [...model.close], open: [...model.open], iv: [...model.iv] };
    });
    try {
      // Move the future: every session after today doubles (and its opens and IVs jump).
      for (const model of models) {
        for (let n = session + 1; n < model.close.length; n += 1) {
          model.close[n] = model.close[n]! * 2;
          model.open[n] = model.open[n]! * 2;
          model.iv[n] = model.iv[n]! * 1.7;
        }
      }
      clearForecastCache();
      expect(fingerprint()).toEqual(before);

      // The test can see a change: moving the past does change today's scores.
      const model = models[0]!;
      model.close[session - 3] = model.close[session - 3]! * 1.08;
      clearForecastCache();
      expect(fingerprint()).not.toEqual(before);
    } finally {
      models.forEach((model, m) => {
        model.close.splice(0, model.close.length, ...saved[m]!.close);
        model.open.splice(0, model.open.length, ...saved[m]!.open);
        model.iv.splice(0, model.iv.length, ...saved[m]!.iv);
      });
      clearForecastCache();
    }
    expect(fingerprint()).toEqual(before);
  });

  it('estimates variance from sessions before the one given only', () => {
    const entry = universeEntry('MSFT')!;
    const index = marketClock(AT).index;
    clearForecastCache();
    const first = historyVariance(entry, index);
    const model = symbolModel(entry);
    const saved = model.close[index]!;
    model.close[index] = saved * 1.5;
    clearForecastCache();
    expect(historyVariance(entry, index)).toEqual(first);
    model.close[index] = saved;
    clearForecastCache();
    expect(first.sessions).toBeGreaterThan(240);
    expect(first.sessions).toBeLessThanOrEqual(252);
  });

  it('measures the variance ratios on closes before the session given only', () => {
    const index = marketClock(AT).index;
    clearForecastCache();
    const ratios = varianceRatios(index);
    const model = symbolModel(universeEntry('NVDA')!);
    extendSymbolTo(model, index);
    const today = model.close[index]!;
    const yesterday = model.close[index - 1]!;
    try {
      model.close[index] = today * 1.5;
      clearForecastCache();
      expect(varianceRatios(index)).toEqual(ratios);
      // A past close is in the measurement: moving it changes the ratios.
      model.close[index - 1] = yesterday * 1.5;
      clearForecastCache();
      expect(varianceRatios(index)).not.toEqual(ratios);
    } finally {
      model.close[index] = today;
      model.close[index - 1] = yesterday;
      clearForecastCache();
    }
    expect(varianceRatios(index)).toEqual(ratios);
  });

  it("measures this market's reversion: the ratio is 1 at one session and falls over months", () => {
    const ratios = varianceRatios(marketClock(AT).index);
    expect(ratios).toHaveLength(VARIANCE_RATIO_HORIZONS.length);
    expect(ratios[0]).toBeCloseTo(1, 12);
    const at = (h: number) => ratios[VARIANCE_RATIO_HORIZONS.indexOf(h)]!;
    // Prices revert to their levels with a half-life of months: a year's move is smaller than 252
    // independent sessions would make it, a week's nearly the same.
    expect(at(5)).toBeGreaterThan(0.85);
    expect(at(252)).toBeLessThan(1);
    expect(at(252)).toBeLessThan(at(63));
    // Crashes trend for weeks (./price-model's crash regimes), so months' moves run above it.
    expect(at(63)).toBeGreaterThan(at(5));
  });
});

describe('the forecast distribution', () => {
  it('reverts the variance from today to the long run like GARCH(1,1)', () => {
    const f = {
      dailyVariance: 4e-4,
      longRunDailyVariance: 1e-4,
      sessionIndex: 0,
      remainingToday: 0,
      sessions: 252,
    };
    expect(diffusiveVariance(f, 1)).toBeCloseTo(4e-4, 12);
    const long = diffusiveVariance(f, 2000) / 2000;
    expect(long).toBeGreaterThan(1e-4);
    expect(long).toBeLessThan(1.1e-4);
    expect(diffusiveVariance(f, 30)).toBeLessThan(30 * 4e-4);
  });

  it('scales the summed variance by the variance ratio of the horizon, interpolated between the measured horizons', () => {
    const horizons = VARIANCE_RATIO_HORIZONS;
    const ratios = Float64Array.from(horizons, (h) => 1 / Math.sqrt(h));
    expect(varianceRatioAt(ratios, 0)).toBe(1);
    expect(varianceRatioAt(ratios, 0.4)).toBeCloseTo(1, 12);
    horizons.forEach((h, k) => expect(varianceRatioAt(ratios, h)).toBeCloseTo(ratios[k]!, 12));
    const k = horizons.indexOf(42);
    const between = ratios[k]! + ((50 - 42) / (horizons[k + 1]! - 42)) * (ratios[k + 1]! - ratios[k]!);
    expect(varianceRatioAt(ratios, 50)).toBeCloseTo(between, 12);
    expect(varianceRatioAt(ratios, 400)).toBe(ratios[horizons.length - 1]);
    const f = {
      dailyVariance: 4e-4,
      longRunDailyVariance: 1e-4,
      sessionIndex: 0,
      remainingToday: 0,
      sessions: 252,
      varianceRatios: ratios,
    };
    expect(horizonVariance(f, 50)).toBeCloseTo(diffusiveVariance(f, 50) * between, 15);
    expect(horizonVariance(f, 1)).toBeCloseTo(diffusiveVariance(f, 1), 15);
  });

  it('prices expected payoffs as undiscounted Black at the forecast volatility (hand-computed)', () => {
    const f = flat();
    const s = 0.24 * Math.sqrt(0.25);
    for (const strike of [80, 100, 120]) {
      const d1 = Math.log(f.forward / strike) / s + s / 2;
      const d2 = d1 - s;
      const call = f.forward * normCdf(d1) - strike * normCdf(d2);
      const put = strike * normCdf(-d2) - f.forward * normCdf(-d1);
      expect(expectedPayoff(f, strike, true)).toBeCloseTo(call, 10);
      expect(expectedPayoff(f, strike, false)).toBeCloseTo(put, 10);
      expect(probabilityBelow(f, strike)).toBeCloseTo(normCdf(-d2), 10);
    }
    // With the forecast at the implied volatility, the expected payoff is the option's forward price.
    const fair = flat({ forecastAtm: 0.3, scale: 1 });
    expect(expectedPayoff(fair, 105, true)).toBeCloseTo(
      bsmPrice(100, 105, 0.25, 0.0425, 0, 0.3, true) * Math.exp(0.0425 * 0.25),
      10,
    );
  });

  it("keeps the surface's skew: P(S_T > K) is minus the slope of the expected call payoff in K", () => {
    const f = flat({ surface: { ...flat().surface, skew: -0.1, curvature: 0.03 } });
    let previous = 0;
    for (let strike = 60; strike <= 150; strike += 5) {
      const h = 1e-3;
      const slope = (expectedPayoff(f, strike + h, true) - expectedPayoff(f, strike - h, true)) / (2 * h);
      expect(1 - probabilityBelow(f, strike)).toBeCloseTo(-slope, 6);
      const below = probabilityBelow(f, strike);
      expect(below).toBeGreaterThanOrEqual(previous);
      previous = below;
    }
    // A negative skew puts more mass far below than the flat lognormal does.
    expect(probabilityBelow(f, 70)).toBeGreaterThan(probabilityBelow(flat(), 70));
  });

  it('adds the earnings move of every report on or before an expiry', () => {
    const entry = universeEntry('AAPL')!;
    const snapshot = buildUniverseSnapshot(AT, ['AAPL']);
    const chain = snapshot.chains[0]!;
    const work = snapshot.work[0]!;
    const surface = chain.surface;
    expect(surface.earningsDays.length).toBeGreaterThan(0);
    const clock = marketClock(AT);
    const e = work.expiries.findIndex((x) => x.spansEarnings);
    expect(e).toBeGreaterThan(0);
    const withReport = work.expiries[e]!;
    const without = expiryForecast(
      work.forecast!,
      { ...surface, earningsDays: [] },
      chain.spot,
      chain.rate,
      chain.dividendYield,
      Date.parse(`${chain.expirations[e]}T00:00:00Z`) / 86_400_000,
      chain.expirationYears[e]!,
    );
    expect(
      withReport.forecastAtm ** 2 * withReport.years - without.forecastAtm ** 2 * without.years,
    ).toBeCloseTo((0.14 * entry.vol) ** 2, 10);
    expect(clock.isOpen).toBe(true);
    // A year out, every report before the expiry adds its move.
    const last = work.expiries.length - 1;
    const expiryDay = Date.parse(`${chain.expirations[last]}T00:00:00Z`) / 86_400_000;
    const reports = surface.earningsDays.filter((day) => day <= expiryDay).length;
    expect(reports).toBeGreaterThanOrEqual(3);
    const bare = expiryForecast(
      work.forecast!,
      { ...surface, earningsDays: [] },
      chain.spot,
      chain.rate,
      chain.dividendYield,
      expiryDay,
      chain.expirationYears[last]!,
    );
    const far = work.expiries[last]!;
    expect(far.forecastAtm ** 2 * far.years - bare.forecastAtm ** 2 * bare.years).toBeCloseTo(
      reports * (0.14 * entry.vol) ** 2,
      10,
    );
  });
});
