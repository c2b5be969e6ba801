/**
 * The market model's and the scanner's fast paths give exactly the numbers of their plain
 * definitions (what the code computed before it was made cheaper for a cold start): the same
 * doubles, not close ones. Each reference below is the definition written out the simple way.
 */
import { describe, expect, it } from 'vitest';
import { dayNumberOf, isTradingDay } from '@shared/market/calendar';
import { nextEarningsDate } from '@shared/market/earnings';
import {
  extendSymbolTo,
  marketClock,
  sessionRealizedVariance,
  symbolModel,
  tradingDayNumber,
  type SymbolModel,
} from '@shared/market/price-model';
import { hashString, normal, randomWalk, uniform } from '@shared/market/random';
import { UNIVERSE, universeEntry, type UniverseEntry } from '@shared/market/universe';
import { generateChain } from '@shared/options/chain';
import {
  clearForecastCache,
  historyVariance,
  VARIANCE_RATIO_HORIZONS,
  VARIANCE_RATIO_SESSIONS,
  varianceRatios,
} from '@shared/options/forecast';
import {
  buildUniverseSnapshot,
  priceChain,
  SCANNABLE_SYMBOLS,
  workFor,
  type ChainWork,
} from '@shared/options/snapshot';
import { BoundaryCache } from '@shared/pricing/american-batch';

const AT = new Date('2026-03-10T15:45:00Z');
const INDEX = marketClock(AT).index;
const MINUTES = 390;
const STOCKS = UNIVERSE.filter((entry) => entry.kind === 'stock');
const SCANNABLE = UNIVERSE.filter((entry) => entry.kind !== 'index');

/** A session's minute path as ./price-model documents it: a line from open to close plus bridges. */
function referencePath(model: SymbolModel, index: number): number[] {
  const bridge = (seed: number, stream: number) => {
    const step = 1 / Math.sqrt(MINUTES);
    const path = [0];
    for (let k = 1; k <= MINUTES; k += 1) path.push(path[k - 1]! + step * normal(seed, index, stream, k));
    return path.map((value, k) => value - (k / MINUTES) * path[MINUTES]!);
  };
  const market = bridge(hashString('#market-intraday'), 0);
  const own = bridge(model.seed, 7);
  const logOpen = Math.log(model.open[index]!);
  const logClose = Math.log(model.close[index]!);
  const dailyVol = model.dailyVol[index]!; // the session's volatility (./market-model.test checks it)
  const residual = Math.sqrt(1 - model.rho * model.rho);
  return market.map((_, k) => {
    const drift = logOpen + (k / MINUTES) * (logClose - logOpen);
    return drift + dailyVol * (model.rho * market[k]! + residual * own[k]!);
  });
}

/** Paths at which `actual` and `expected` differ, comparing every number as Object.is does (bit for bit, NaN equal). */
function differences(actual: unknown, expected: unknown, path = ''): string[] {
  if (typeof actual === 'number' || typeof expected === 'number')
    return Object.is(actual, expected) ? [] : [`${path}: ${String(actual)} !== ${String(expected)}`];
  if (ArrayBuffer.isView(actual) && ArrayBuffer.isView(expected)) {
    const [a, b] = [actual as unknown as ArrayLike<number>, expected as unknown as ArrayLike<number>];
    if (a.length !== b.length) return [`${path}: length ${a.length} !== ${b.length}`];
    for (let i = 0; i < a.length; i += 1)
      if (!Object.is(a[i], b[i])) return [`${path}[${i}]: ${a[i]} !== ${b[i]}`];
    return [];
  }
  if (actual && expected && typeof actual === 'object' && typeof expected === 'object') {
    const keys = new Set([...Object.keys(actual), ...Object.keys(expected)]);
    return [...keys].flatMap((key) =>
      differences(
        (actual as Record<string, unknown>)[key],
        (expected as Record<string, unknown>)[key],
        `${path}.${key}`,
      ),
    );
  }
  return actual === expected ? [] : [`${path}: ${String(actual)} !== ${String(expected)}`];
}

const isReportDay = (symbol: string, index: number): boolean => {
  const day = tradingDayNumber(index);
  return nextEarningsDate(symbol, day) === day;
};

/** The forecast's history estimates, written as loops over the calendar. */
function referenceHistoryVariance(entry: UniverseEntry, index: number) {
  const model = symbolModel(entry);
  const realized: number[] = [];
  let sumLongRun = 0;
  let countLongRun = 0;
  let sumCloses = 0;
  let sumRealized = 0;
  for (let n = Math.max(1, index - 1260); n <= index - 1; n += 1) {
    if (entry.kind === 'stock' && isReportDay(entry.symbol, n)) continue;
    const r = Math.log(model.close[n]! / model.close[n - 1]!);
    sumLongRun += r * r;
    countLongRun += 1;
    if (n < index - 252) continue;
    const v = sessionRealizedVariance(entry, n);
    realized.push(v);
    sumCloses += r * r;
    sumRealized += v;
  }
  const longRun = sumLongRun / countLongRun;
  const scale = sumCloses / sumRealized;
  let ewma = longRun;
  for (const v of realized) ewma = 0.94 * ewma + (1 - 0.94) * scale * v;
  return { dailyVariance: ewma, longRunDailyVariance: longRun, sessions: realized.length };
}

function referenceVarianceRatios(index: number): number[] {
  const horizons = VARIANCE_RATIO_HORIZONS;
  const sums = horizons.map(() => 0);
  const counts = horizons.map(() => 0);
  const first = Math.max(0, index - 1 - VARIANCE_RATIO_SESSIONS);
  for (const entry of SCANNABLE) {
    const model = symbolModel(entry);
    const path = [0];
    for (let n = first + 1; n <= index - 1; n += 1) {
      const report = entry.kind === 'stock' && isReportDay(entry.symbol, n);
      path.push(path[n - first - 1]! + (report ? 0 : Math.log(model.close[n]! / model.close[n - 1]!)));
    }
    horizons.forEach((h, k) => {
      let sum = 0;
      for (let j = h; j < path.length; j += 1) {
        const move = path[j]! - path[j - h]!;
        sum += move * move;
      }
      sums[k] = sums[k]! + sum;
      counts[k] = counts[k]! + Math.max(0, path.length - h);
    });
  }
  return horizons.map((h, k) => sums[k]! / counts[k]! / (h * (sums[0]! / counts[0]!)));
}

describe('the market model computes its definitions exactly', () => {
  it('draws a random walk with the numbers of one normal draw per step', () => {
    for (const [seed, a, b] of [
      [hashString('AAPL'), 1800, 7],
      [hashString('#market-intraday'), 2, 0],
      [885284978, 1999, 3],
    ] as const) {
      const walk = randomWalk(new Float64Array(MINUTES + 1), 0.05, seed, a, b);
      let expected = 0;
      expect(walk[0]).toBe(0);
      for (let k = 1; k <= MINUTES; k += 1) {
        expected += 0.05 * normal(seed, a, b, k);
        expect(walk[k]).toBe(expected);
      }
    }
  });

  it("measures a session's realized variance from the 5-minute marks of its whole minute path", () => {
    for (const symbol of ['AAPL', 'SPY', 'VIX', 'TLT']) {
      const entry = universeEntry(symbol)!;
      const model = symbolModel(entry);
      for (const index of [INDEX - 1, INDEX - 100, 900, 403]) {
        extendSymbolTo(model, index);
        const path = referencePath(model, index);
        let expected = 0;
        for (let k = 5; k <= MINUTES; k += 5) {
          const r = path[k]! - path[k - 5]!;
          expected += r * r;
        }
        const overnight = Math.log(model.open[index]! / model.close[index - 1]!);
        expected += overnight * overnight;
        expect(sessionRealizedVariance(entry, index)).toBe(expected);
      }
    }
  });

  it("marks a stock's report days as the earnings calendar has them, and jumps on those only", () => {
    const wrong: string[] = [];
    for (const entry of [...STOCKS, universeEntry('SPY')!, universeEntry('VIX')!]) {
      const model = symbolModel(entry);
      extendSymbolTo(model, INDEX);
      for (let n = 1; n <= INDEX; n += 1) {
        const report = entry.kind === 'stock' && isReportDay(entry.symbol, n);
        if (model.reportDay[n] !== (report ? 1 : 0) || (!report && model.earningsJump[n] !== 0))
          wrong.push(`${entry.symbol} ${n}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('finds the next report day by the rule of ./earnings: a fixed lag after each quarter starts', () => {
    for (const entry of STOCKS.slice(0, 20)) {
      const lag = 18 + Math.floor(uniform(hashString(entry.symbol), 99) * 30);
      const reports: number[] = [];
      for (let year = 2019; year <= 2028; year += 1) {
        for (const month of [1, 4, 7, 10]) {
          let day = dayNumberOf(year, month, 1) + lag;
          while (!isTradingDay(day)) day += 1;
          reports.push(day);
        }
      }
      for (let day = dayNumberOf(2019, 1, 1); day < dayNumberOf(2027, 12, 1); day += 3) {
        expect(nextEarningsDate(entry.symbol, day)).toBe(reports.find((report) => report >= day));
      }
    }
  });
});

describe("the scanner's forecast and snapshot compute their definitions exactly", () => {
  it('estimates the history variance and the variance ratios as the plain loops do', () => {
    clearForecastCache();
    for (const index of [INDEX, INDEX - 400, 600]) {
      for (const symbol of ['AAPL', 'NVDA', 'SPY', 'XOM']) {
        const entry = universeEntry(symbol)!;
        expect(historyVariance(entry, index)).toEqual(referenceHistoryVariance(entry, index));
      }
      expect(Array.from(varianceRatios(index))).toEqual(referenceVarianceRatios(index));
    }
  });

  it('builds the chains and their work as chain after chain, sharing one boundary cache, would', () => {
    const snapshot = buildUniverseSnapshot(AT);
    const boundaries = new BoundaryCache();
    const clock = marketClock(AT);
    const chains = SCANNABLE_SYMBOLS.map((symbol) => generateChain(symbol, AT, clock, boundaries));
    const works = chains.map((chain) => {
      const work = workFor(chain);
      priceChain(chain, work, boundaries);
      return work;
    });
    expect(differences(snapshot.chains, chains)).toEqual([]);
    // The forecast's fields are filled when a scan reads a chain (and checked above); the rest now.
    const priced = ({
      iv,
      delta,
      gamma,
      theta,
      vega,
      spreadPct,
      liquidity,
      ivFailures,
      unpriced,
    }: ChainWork) => ({
      iv,
      delta,
      gamma,
      theta,
      vega,
      spreadPct,
      liquidity,
      ivFailures,
      unpriced,
    });
    expect(differences(snapshot.work.map(priced), works.map(priced))).toEqual([]);
    // Ranked for sorting by ticker as by locale.
    const byLocale = [...SCANNABLE_SYMBOLS].sort((a, b) => a.localeCompare(b));
    expect(Array.from(snapshot.tickerRank)).toEqual(
      SCANNABLE_SYMBOLS.map((symbol) => byLocale.indexOf(symbol)),
    );
  });
});
