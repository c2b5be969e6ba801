/**
 * The simulated market's stylised facts, measured on its own history (docs/market-model.md puts
 * them next to published real-market figures; `npm run market-figures` prints them): the daily
 * log returns' moments and volatility clustering, the leverage effect against the VIX, the VIX's
 * range, the worst month, and the volatility risk premium (30-day implied volatility at a close
 * minus the volatility realised over the next 21 sessions).
 */
import { dayNumberOfIso, isoDateOf } from './calendar';
import { extendSymbolTo, symbolModel, tradingDayNumber, tradingIndexOnOrBefore } from './price-model';
import { UNIVERSE, universeEntry } from './universe';
import { crashSessionAt, extendMarketTo } from './volatility';

export interface Moments {
  mean: number;
  sd: number;
  skew: number;
  excessKurtosis: number;
}

export function moments(values: ArrayLike<number>): Moments {
  const n = values.length;
  let mean = 0;
  for (let i = 0; i < n; i += 1) mean += values[i]!;
  mean /= n;
  let m2 = 0;
  let m3 = 0;
  let m4 = 0;
  for (let i = 0; i < n; i += 1) {
    const d = values[i]! - mean;
    m2 += d * d;
    m3 += d * d * d;
    m4 += d * d * d * d;
  }
  m2 /= n;
  m3 /= n;
  m4 /= n;
  return { mean, sd: Math.sqrt(m2), skew: m3 / Math.pow(m2, 1.5), excessKurtosis: m4 / (m2 * m2) - 3 };
}

export function correlation(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = Math.min(a.length, b.length);
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < n; i += 1) {
    ma += a[i]!;
    mb += b[i]!;
  }
  ma /= n;
  mb /= n;
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < n; i += 1) {
    sab += (a[i]! - ma) * (b[i]! - mb);
    saa += (a[i]! - ma) ** 2;
    sbb += (b[i]! - mb) ** 2;
  }
  return sab / Math.sqrt(saa * sbb);
}

/** The autocorrelation of a series at a lag. */
export function autocorrelation(values: ArrayLike<number>, lag: number): number {
  const x = Array.from(values);
  return correlation(x.slice(lag), x.slice(0, x.length - lag));
}

/** A symbol's closes of sessions first..last. */
function closes(symbol: string, first: number, last: number): number[] {
  const model = symbolModel(universeEntry(symbol)!);
  extendSymbolTo(model, last);
  return model.close.slice(first, last + 1);
}

export function logReturns(prices: readonly number[]): Float64Array {
  const out = new Float64Array(prices.length - 1);
  for (let i = 1; i < prices.length; i += 1) out[i - 1] = Math.log(prices[i]! / prices[i - 1]!);
  return out;
}

export interface PremiumFigures {
  /** Mean of implied minus realised, in volatility points (annualised, × 100). */
  meanPoints: number;
  /** Share of closes at which the next 21 sessions realised more than was implied. */
  negativeShare: number;
  minPoints: number;
  maxPoints: number;
}

/**
 * The ex-post volatility risk premium of a symbol: its 30-day implied volatility at each close of
 * first..last minus √(252 × mean squared log return) over the next 21 sessions.
 */
export function volatilityPremium(symbol: string, first: number, last: number): PremiumFigures {
  const model = symbolModel(universeEntry(symbol)!);
  extendSymbolTo(model, last + 21);
  const premiums: number[] = [];
  for (let n = first; n <= last; n += 1) {
    let sum = 0;
    for (let k = n + 1; k <= n + 21; k += 1) sum += Math.log(model.close[k]! / model.close[k - 1]!) ** 2;
    premiums.push(100 * (model.iv[n]! - Math.sqrt((252 * sum) / 21)));
  }
  return {
    meanPoints: premiums.reduce((a, b) => a + b, 0) / premiums.length,
    negativeShare: premiums.filter((p) => p < 0).length / premiums.length,
    minPoints: Math.min(...premiums),
    maxPoints: Math.max(...premiums),
  };
}

export interface StylisedFacts {
  from: string;
  to: string;
  sessions: number;
  /** SPY's daily log returns. */
  spy: Moments & { annualisedVol: number; acfReturns: number; acfAbsolute: number; acfSquared: number };
  /** Correlation of SPY's daily log return with the VIX's change the same day: in points, and in percent. */
  returnVixCorrelation: number;
  returnVixPercentCorrelation: number;
  vix: { min: number; minDate: string; max: number; maxDate: string; mean: number };
  /** SPY's worst return over 21 sessions, and the session it ended. */
  worstMonth: { return: number; endDate: string };
  spyPremium: PremiumFigures;
  /** The VIX minus SPY's realised volatility over the next 21 sessions, in points. */
  vixPremium: PremiumFigures;
  /** Each crash regime: its first session, the VIX's peak and SPY's worst 21 sessions within 60 sessions of it. */
  crashes: { start: string; vixPeak: number; worstMonth: number }[];
  /** The stocks' daily log returns: the medians of their moments and clustering. */
  stocks: { count: number; medianSkew: number; medianExcessKurtosis: number; medianAcfAbsolute: number };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

function stockFigures(first: number, last: number): StylisedFacts['stocks'] {
  const skews: number[] = [];
  const kurtoses: number[] = [];
  const clustering: number[] = [];
  for (const entry of UNIVERSE.filter((e) => e.kind === 'stock')) {
    const r = logReturns(closes(entry.symbol, first - 1, last));
    const m = moments(r);
    skews.push(m.skew);
    kurtoses.push(m.excessKurtosis);
    clustering.push(autocorrelation(r.map(Math.abs), 1));
  }
  return {
    count: skews.length,
    medianSkew: median(skews),
    medianExcessKurtosis: median(kurtoses),
    medianAcfAbsolute: median(clustering),
  };
}

/** The stylised facts of the sessions from `from` to `to` ('YYYY-MM-DD'). */
export function stylisedFacts(from: string, to: string): StylisedFacts {
  let first = 1;
  while (tradingDayNumber(first) < dayNumberOfIso(from)) first += 1; // the history's first year included
  const last = tradingIndexOnOrBefore(dayNumberOfIso(to));
  const spyCloses = closes('SPY', first - 1, last);
  const vixCloses = closes('VIX', first - 1, last + 21);
  const r = logReturns(spyCloses);
  const absolute = r.map(Math.abs);
  const squared = r.map((x) => x * x);
  const vixChange = new Float64Array(r.length);
  const vixReturn = new Float64Array(r.length);
  for (let i = 0; i < r.length; i += 1) {
    vixChange[i] = vixCloses[i + 1]! - vixCloses[i]!;
    vixReturn[i] = vixCloses[i + 1]! / vixCloses[i]! - 1;
  }
  const vix = vixCloses.slice(1, r.length + 1);
  const vixMax = vix.indexOf(Math.max(...vix));
  const vixMin = vix.indexOf(Math.min(...vix));
  let worst = { return: Infinity, endDate: '' };
  for (let i = 21; i < spyCloses.length; i += 1) {
    const move = spyCloses[i]! / spyCloses[i - 21]! - 1;
    if (move < worst.return) worst = { return: move, endDate: isoDateOf(tradingDayNumber(first - 1 + i)) };
  }
  // The VIX against SPY's realised volatility: read SPY's closes once more, 21 sessions further.
  const spyAhead = closes('SPY', first, last + 21);
  const vixPremiums: number[] = [];
  for (let i = 0; i + 21 < spyAhead.length; i += 1) {
    let sum = 0;
    for (let k = i + 1; k <= i + 21; k += 1) sum += Math.log(spyAhead[k]! / spyAhead[k - 1]!) ** 2;
    vixPremiums.push(vixCloses[i + 1]! - 100 * Math.sqrt((252 * sum) / 21));
  }
  extendMarketTo(last);
  const crashes: StylisedFacts['crashes'] = [];
  for (let n = first; n <= last; n += 1) {
    if (crashSessionAt(n) !== 1) continue;
    const i = n - first + 1; // the session's place in spyCloses and vixCloses
    const end = Math.min(i + 60, spyCloses.length - 1);
    let worst = 0;
    for (let k = i; k <= end; k += 1)
      worst = Math.min(worst, spyCloses[k]! / spyCloses[Math.max(0, k - 21)]! - 1);
    crashes.push({
      start: isoDateOf(tradingDayNumber(n)),
      vixPeak: Math.max(...vixCloses.slice(i, end + 1)),
      worstMonth: worst,
    });
  }
  const spyMoments = moments(r);
  return {
    from: isoDateOf(tradingDayNumber(first)),
    to: isoDateOf(tradingDayNumber(last)),
    sessions: r.length,
    spy: {
      ...spyMoments,
      annualisedVol: spyMoments.sd * Math.sqrt(252),
      acfReturns: autocorrelation(r, 1),
      acfAbsolute: autocorrelation(absolute, 1),
      acfSquared: autocorrelation(squared, 1),
    },
    returnVixCorrelation: correlation(r, vixChange),
    returnVixPercentCorrelation: correlation(r, vixReturn),
    vix: {
      min: vix[vixMin]!,
      minDate: isoDateOf(tradingDayNumber(first + vixMin)),
      max: vix[vixMax]!,
      maxDate: isoDateOf(tradingDayNumber(first + vixMax)),
      mean: vix.reduce((a, b) => a + b, 0) / vix.length,
    },
    worstMonth: worst,
    spyPremium: volatilityPremium('SPY', first, last),
    vixPremium: {
      meanPoints: vixPremiums.reduce((a, b) => a + b, 0) / vixPremiums.length,
      negativeShare: vixPremiums.filter((p) => p < 0).length / vixPremiums.length,
      minPoints: Math.min(...vixPremiums),
      maxPoints: Math.max(...vixPremiums),
    },
    crashes,
    stocks: stockFigures(first, last),
  };
}
