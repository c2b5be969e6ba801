/**
 * A walk-forward backtest of the edge score in the simulated market (pure computation; the
 * command is scripts/backtest.ts, `npm run backtest`).
 *
 * Every `everySessions` trading days from `start` to `end`, at `minute` (New York time), the whole
 * universe is scanned as the scanner would at that minute: the snapshot is built from quotes and
 * price history up to then (the forecast reads no later price). Every position the scanner scores
 * (all strategies, IV rank 0, earnings included, the default DTE window and liquidity floors,
 * expected losers included) is entered at the
 * bid/ask (buy at the ask, sell at the bid; a covered call's shares at the spot), held to expiry
 * and valued at the expiration day's close (options at intrinsic value; no early exercise or
 * assignment). Its return on capital is P&L / capital at risk (the max loss at those fills).
 *
 * Reported per strategy and overall: Spearman's rank correlation of edge score with return on
 * capital, the mean return of the top and bottom deciles by score, and by score band the hit rate
 * and mean return; and the default scan's 50 picks (the page's defaults: IV rank 50, all
 * strategies, the caps) as one portfolio: total P&L over total capital. The same per calendar year
 * and per market regime of the scan day (calm, bull, bear, crash: ./backtest-regimes).
 */
import { dayNumberOfIso, isoDateOf, newYorkInstant } from '../market/calendar';
import { extendSymbolTo, symbolModel, tradingDayNumber, tradingIndexOnOrBefore } from '../market/price-model';
import { REGIMES, regimeAt, type Regime } from './backtest-regimes';
import { universeEntry } from '../market/universe';
import { edgeScoreBand } from '../ui/colour-bands';
import type { ScannerStrategy } from '../constants/strategies';
import { F_MAX_LOSS } from './scan-candidates';
import { scanFiltersSchema, type ScanFilters, type ScanFiltersInput } from './scan-filters';
import { LEG_QUANTITIES, STRATEGY_CODES } from './scan-results';
import { scan, visitCandidates, type CandidateView } from './scanner';
import { buildUniverseSnapshot, SCANNABLE_SYMBOLS, type UniverseSnapshot } from './snapshot';
import { payoffAt } from './strategies';
import { CALIBRATION_FIT } from './scan-calibration-table';

export interface BacktestOptions {
  /** First and last scan day, 'YYYY-MM-DD' (moved to trading days). */
  start: string;
  end: string;
  /** Scan every n-th trading day. */
  everySessions: number;
  /** Minutes after midnight, New York (930 = 15:30). */
  minute: number;
  symbols?: readonly string[];
  /** Progress, once per scan day. */
  onDay?: (date: string, done: number, total: number) => void;
}

export interface GroupFigures {
  strategy: ScannerStrategy | 'all';
  positions: number;
  spearman: number;
  topDecileReturn: number;
  bottomDecileReturn: number;
  meanReturn: number;
  hitRate: number;
}

export interface BandFigures {
  /** The band's lowest score (80, 60, 40, 20, 0). */
  min: number;
  label: string;
  positions: number;
  hitRate: number;
  meanReturn: number;
  /** The calendar year (of those reported, with 100 positions or more in the band) whose mean return was lowest. */
  worst: { year: number; positions: number; hitRate: number; meanReturn: number } | null;
}

export interface DefaultScanFigures {
  positions: number;
  capital: number;
  pnl: number;
  /** Total P&L over total capital. */
  aggregateReturn: number;
  hitRate: number;
  byStrategy: { strategy: ScannerStrategy; positions: number; aggregateReturn: number }[];
}

export interface BacktestReport {
  dates: string[];
  minute: number;
  overall: GroupFigures;
  strategies: GroupFigures[];
  /** By score band, over the years after the calibration's fit (all years when the run has none). */
  bands: BandFigures[];
  bandsOutOfSample: boolean;
  defaultScan: DefaultScanFigures;
  /** The same figures per calendar year. */
  years: ({ year: number } & Pick<BacktestReport, 'overall' | 'strategies' | 'defaultScan'>)[];
  /** And per market regime of the scan day (./backtest-regimes), with its scan days; regimes without one are left out. */
  regimes: ({ regime: Regime; scanDays: number } & Pick<
    BacktestReport,
    'overall' | 'strategies' | 'defaultScan'
  >)[];
}

/** Scores and returns of many positions, grown as needed. */
class Sample {
  score = new Float32Array(1 << 16);
  value = new Float32Array(1 << 16);
  size = 0;
  push(score: number, value: number): void {
    if (this.size === this.score.length) {
      const score = new Float32Array(this.size * 2);
      score.set(this.score);
      const value = new Float32Array(this.size * 2);
      value.set(this.value);
      this.score = score;
      this.value = value;
    }
    this.score[this.size] = score;
    this.value[this.size] = value;
    this.size += 1;
  }
}

/** Average ranks (1-based) with ties sharing the mean of their positions. */
function ranks(values: Float32Array, n: number): Float64Array {
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i += 1) order[i] = i;
  order.sort((a, b) => values[a]! - values[b]!);
  const out = new Float64Array(n);
  let i = 0;
  while (i < n) {
    let j = i;
    while (j + 1 < n && values[order[j + 1]!] === values[order[i]!]) j += 1;
    const rank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k += 1) out[order[k]!] = rank;
    i = j + 1;
  }
  return out;
}

export function spearman(a: Float32Array, b: Float32Array, n: number): number {
  if (n < 3) return Number.NaN;
  const ra = ranks(a, n);
  const rb = ranks(b, n);
  const mean = (n + 1) / 2;
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < n; i += 1) {
    const x = ra[i]! - mean;
    const y = rb[i]! - mean;
    sab += x * y;
    saa += x * x;
    sbb += y * y;
  }
  return saa > 0 && sbb > 0 ? sab / Math.sqrt(saa * sbb) : Number.NaN;
}

function figures(strategy: GroupFigures['strategy'], sample: Sample): GroupFigures {
  const n = sample.size;
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i += 1) order[i] = i;
  // By score, ties in scan order, so the deciles are deterministic.
  order.sort((a, b) => sample.score[a]! - sample.score[b]! || a - b);
  const decile = Math.max(1, Math.floor(n / 10));
  let bottom = 0;
  let top = 0;
  let sum = 0;
  let hits = 0;
  for (let i = 0; i < n; i += 1) {
    const value = sample.value[order[i]!]!;
    sum += value;
    if (value > 0) hits += 1;
    if (i < decile) bottom += value;
    if (i >= n - decile) top += value;
  }
  return {
    strategy,
    positions: n,
    spearman: spearman(sample.score, sample.value, n),
    topDecileReturn: n > 0 ? top / decile : Number.NaN,
    bottomDecileReturn: n > 0 ? bottom / decile : Number.NaN,
    meanReturn: n > 0 ? sum / n : Number.NaN,
    hitRate: n > 0 ? hits / n : Number.NaN,
  };
}

/** The close of a symbol on a day (the trading day on or before it). */
function closeOn(symbol: string, dayNumber: number): number {
  const model = symbolModel(universeEntry(symbol)!);
  const index = tradingIndexOnOrBefore(dayNumber);
  extendSymbolTo(model, index);
  return model.close[index]!;
}

/**
 * Every candidate a scan of `snapshot` with `filters` scores, with its realised return on capital:
 * entered at the bid/ask, held to expiry, valued at the expiration day's close (intrinsic value).
 */
export function visitRealised(
  snapshot: UniverseSnapshot,
  filters: ScanFilters,
  visit: (view: CandidateView, realisedReturn: number) => void,
): void {
  const expiryClose = snapshot.chains.map((chain) =>
    chain.expirations.map((date) => closeOn(chain.symbol, dayNumberOfIso(date))),
  );
  visitCandidates(snapshot, filters, (view) => {
    const chain = snapshot.chains[view.chain]!;
    const close = expiryClose[view.chain]![view.expiration]!;
    const strategy = STRATEGY_CODES[view.strategy]!;
    const quantities = LEG_QUANTITIES[strategy];
    let pnl = strategy === 'covered-call' ? close - chain.spot : 0;
    for (let l = 0; l < quantities.length; l += 1) {
      const i = view.legs[l]!;
      const q = quantities[l]!;
      const strike = chain.strike[i]!;
      const payoff = Math.max(chain.isCall[i] === 1 ? close - strike : strike - close, 0);
      pnl += q * (payoff - (q > 0 ? chain.ask[i]! : chain.bid[i]!));
    }
    visit(view, pnl / view.fields[F_MAX_LOSS]!);
  });
}

/** The trading days scanned: every n-th from start (moved forward to a trading day) to end. */
export function scanDays(start: string, end: string, everySessions: number): number[] {
  const last = dayNumberOfIso(end);
  let index = tradingIndexOnOrBefore(dayNumberOfIso(start));
  if (tradingDayNumber(index) < dayNumberOfIso(start)) index += 1;
  const days: number[] = [];
  for (let day = tradingDayNumber(index); day <= last; day = tradingDayNumber(index)) {
    days.push(day);
    index += everySessions;
  }
  return days;
}

/** The spec's edge score bands by their lowest score (80+, 60+, 40+, 20+, below). */
export const BAND_FLOORS = [80, 60, 40, 20, 0] as const;

/** Every position the scanner scores within its default DTE window and liquidity floors, expected losers included. */
export const EVERY_SCORED: ScanFiltersInput = {
  ivRank: 0,
  excludeEarnings: false,
  minExpectedReturn: -1,
  limit: 1,
};

/** The page's default scan (spec: IV rank 50, all strategies) with the scanner's defaults. */
export const DEFAULT_SCAN: ScanFiltersInput = {};

/** One period's positions and default-scan picks, and their figures. */
class Tally {
  readonly all = new Sample();
  readonly byStrategy = STRATEGY_CODES.map(() => new Sample());
  readonly picks = { positions: 0, capital: 0, pnl: 0, hits: 0 };
  readonly pickStrategies = STRATEGY_CODES.map(() => ({ positions: 0, capital: 0, pnl: 0 }));

  position(strategy: number, score: number, value: number): void {
    this.all.push(score, value);
    this.byStrategy[strategy]!.push(score, value);
  }

  pick(strategy: number, capital: number, pnl: number): void {
    this.picks.positions += 1;
    this.picks.capital += capital;
    this.picks.pnl += pnl;
    if (pnl > 0) this.picks.hits += 1;
    const s = this.pickStrategies[strategy]!;
    s.positions += 1;
    s.capital += capital;
    s.pnl += pnl;
  }

  figures(): Pick<BacktestReport, 'overall' | 'strategies' | 'defaultScan'> {
    const { picks, pickStrategies } = this;
    return {
      overall: figures('all', this.all),
      strategies: STRATEGY_CODES.map((strategy, code) => figures(strategy, this.byStrategy[code]!)),
      defaultScan: {
        positions: picks.positions,
        capital: picks.capital,
        pnl: picks.pnl,
        aggregateReturn: picks.capital > 0 ? picks.pnl / picks.capital : Number.NaN,
        hitRate: picks.positions > 0 ? picks.hits / picks.positions : Number.NaN,
        byStrategy: STRATEGY_CODES.map((strategy, code) => ({
          strategy,
          positions: pickStrategies[code]!.positions,
          aggregateReturn:
            pickStrategies[code]!.capital > 0
              ? pickStrategies[code]!.pnl / pickStrategies[code]!.capital
              : Number.NaN,
        })),
      },
    };
  }
}

function bandFigures(sample: Sample): BandFigures[] {
  const bands: BandFigures[] = BAND_FLOORS.map((min) => ({
    min,
    label: edgeScoreBand(min).label,
    positions: 0,
    hitRate: 0,
    meanReturn: 0,
    worst: null,
  }));
  for (let i = 0; i < sample.size; i += 1) {
    const band = bands.find((b) => sample.score[i]! >= b.min)!;
    band.positions += 1;
    band.meanReturn += sample.value[i]!;
    if (sample.value[i]! > 0) band.hitRate += 1;
  }
  for (const band of bands) {
    band.meanReturn = band.positions > 0 ? band.meanReturn / band.positions : Number.NaN;
    band.hitRate = band.positions > 0 ? band.hitRate / band.positions : Number.NaN;
  }
  return bands;
}

/** Each band's worst calendar year by mean return (years with 100 positions or more in the band). */
function withWorstYear(bands: BandFigures[], byYear: Map<number, Sample>): BandFigures[] {
  const yearly = [...byYear].map(([year, sample]) => ({ year, bands: bandFigures(sample) }));
  return bands.map((band, b) => {
    let worst: BandFigures['worst'] = null;
    for (const { year, bands: those } of yearly) {
      const that = those[b]!;
      if (that.positions >= 100 && (worst === null || that.meanReturn < worst.meanReturn)) {
        worst = { year, positions: that.positions, hitRate: that.hitRate, meanReturn: that.meanReturn };
      }
    }
    return { ...band, worst };
  });
}

export function runBacktest(options: BacktestOptions): BacktestReport {
  const symbols = options.symbols ?? SCANNABLE_SYMBOLS;
  const days = scanDays(options.start, options.end, options.everySessions);
  const total = new Tally();
  const byYear = new Map<number, Tally>();
  const byRegime = new Map<Regime, { tally: Tally; days: number }>();
  // The score bands the position dialog shows: from the years the calibration did not see.
  const heldOut = new Sample();
  const heldOutByYear = new Map<number, Sample>();
  const everything = scanFiltersSchema.parse(EVERY_SCORED);
  const defaults = scanFiltersSchema.parse(DEFAULT_SCAN);
  days.forEach((day, d) => {
    const at = newYorkInstant(day, options.minute);
    const snapshot = buildUniverseSnapshot(at, symbols);
    const year = Number(isoDateOf(day).slice(0, 4));
    const tally = byYear.get(year) ?? new Tally();
    byYear.set(year, tally);
    const regime = regimeAt(tradingIndexOnOrBefore(day));
    const inRegime = byRegime.get(regime) ?? { tally: new Tally(), days: 0 };
    byRegime.set(regime, inRegime);
    inRegime.days += 1;
    const outOfSample = year > CALIBRATION_FIT.until;
    visitRealised(snapshot, everything, (view, value) => {
      total.position(view.strategy, view.edgeScore, value);
      tally.position(view.strategy, view.edgeScore, value);
      inRegime.tally.position(view.strategy, view.edgeScore, value);
      if (outOfSample) {
        heldOut.push(view.edgeScore, value);
        let yearSample = heldOutByYear.get(year);
        if (!yearSample) heldOutByYear.set(year, (yearSample = new Sample()));
        yearSample.push(view.edgeScore, value);
      }
    });
    for (const result of scan(snapshot, defaults).results) {
      const close = closeOn(result.ticker, dayNumberOfIso(result.expiration));
      const pnl = payoffAt(result.position, close);
      const code = STRATEGY_CODES.indexOf(result.strategy);
      total.pick(code, result.capitalRequired, pnl);
      tally.pick(code, result.capitalRequired, pnl);
      inRegime.tally.pick(code, result.capitalRequired, pnl);
    }
    options.onDay?.(isoDateOf(day), d + 1, days.length);
  });
  return {
    dates: days.map(isoDateOf),
    minute: options.minute,
    ...total.figures(),
    bands: withWorstYear(
      bandFigures(heldOut.size > 0 ? heldOut : total.all),
      heldOut.size > 0 ? heldOutByYear : new Map([...byYear].map(([year, t]) => [year, t.all])),
    ),
    bandsOutOfSample: heldOut.size > 0,
    years: [...byYear].map(([year, tally]) => ({ year, ...tally.figures() })),
    regimes: REGIMES.filter((regime) => byRegime.has(regime)).map((regime) => ({
      regime,
      scanDays: byRegime.get(regime)!.days,
      ...byRegime.get(regime)!.tally.figures(),
    })),
  };
}
