// size: one model over one trading-day index and each symbol's series: the daily path, the intraday bridge on it and the IV history from it (the market's hot path, read by every quote).
/**
 * The simulated market's price model, a pure function of (symbol, instant); docs/market-model.md
 * has its figures next to a real market's. Daily, from a fixed epoch (2019-01-02) over NYSE
 * trading days n:
 *   - the market's shock, variance (a GJR-GARCH with leverage) and crash regimes: ./volatility;
 *   - each symbol's daily volatility s_n (./volatility: its long-run level times the market's
 *     variance ratio and its own) and log price X_n = (1 - κ)·X_{n-1} + s_n·(ρ·m_n + √(1-ρ²)·ε_n)
 *     - s_n²/2 around ln(reference price), κ = ln 2 / 126 (half-life six months);
 *   - its 30-day ATM implied volatility iv_n after the close: the model's expected volatility over
 *     the next 21 sessions times a premium that varies (./volatility); the VIX is the index's;
 *   - on a stock's earnings day (./earnings: reported before the open) a jump J = m·Z - m²/2 is
 *     added to X_n, m its earnings move, which the option surface prices into every expiry on or
 *     after each report; implied volatility, and so IV rank, is ex-earnings;
 *   - the open gaps part of the way from yesterday's close (all of an earnings jump); volume is
 *     the average volume times a lognormal factor that grows with the size of the move.
 * Intraday, 09:30-16:00 New York, minute by minute: a Brownian bridge from the open to the close
 * at the day's volatility s_n (a market bridge shared by every symbol with weight ρ, plus the
 * symbol's own). Outside the session the price is the last close. Everything is seeded by
 * (symbol, day[, minute]).
 */
import { normal, hashString, randomWalk, uniform } from './random';
import {
  SESSION_CLOSE_MINUTE,
  SESSION_MINUTES,
  isTradingDay,
  newYorkInstant,
  newYorkTime,
  sessionOf,
} from './calendar';
import { UNIVERSE, universeEntry, type UniverseEntry } from './universe';
import { earningsMoveOf, simulatedEarningsDate } from './earnings';
import {
  BASE_REALISED,
  MARKET_EPOCH_DAY,
  baseDailyVariance,
  correlationToMarket,
  crashRatioAfter,
  extendMarketTo,
  flatVarianceState,
  impliedFrom,
  indexImpliedVolatility,
  marketRatioAfter,
  marketRatioOf,
  marketShare,
  marketShockOf,
  nextOwnPremium,
  nextOwnRatio,
  premiumFactor,
  premiumStateOf,
  type VarianceState,
} from './volatility';
import { CappedMap } from '../cache/capped-map';

export { MARKET_EPOCH_DAY };
const HISTORY_DAYS = 252;
const MEAN_REVERSION = Math.LN2 / 126;
const SQRT_252 = Math.sqrt(252);
const INTRADAY_MARKET_SEED = hashString('#market-intraday');
/** The VIX's elasticity to its own level of its options' implied volatility (VVIX rises with the VIX). */
const VIX_VOL_ELASTICITY = 0.35;
const INDEX_TYPICAL_VOL = universeEntry('SPY')!.vol;

/** Trading-day numbers from the epoch, extended on demand. */
const tradingDays: number[] = [MARKET_EPOCH_DAY];
const dayIndex = new Map<number, number>([[MARKET_EPOCH_DAY, 0]]);

function extendTradingDaysTo(dayNumber: number): void {
  if (tradingDays[tradingDays.length - 1]! < dayNumber) appendTradingDays(dayNumber);
}

/** The trading days after the last one known, to `dayNumber` (apart from the check, which runs far more often). */
function appendTradingDays(dayNumber: number): void {
  for (let day = tradingDays[tradingDays.length - 1]! + 1; day <= dayNumber; day += 1) {
    if (isTradingDay(day)) {
      dayIndex.set(day, tradingDays.length);
      tradingDays.push(day);
    }
  }
}

/** The index of the last trading day on or before a calendar day. */
export function tradingIndexOnOrBefore(dayNumber: number): number {
  if (dayNumber < MARKET_EPOCH_DAY + 400) {
    throw new RangeError('The simulated market starts in 2020 (a year of history after its 2019 epoch)');
  }
  extendTradingDaysTo(dayNumber + 10);
  let day = dayNumber;
  while (!dayIndex.has(day)) day -= 1;
  return dayIndex.get(day)!;
}

export function tradingDayNumber(index: number): number {
  if (index >= tradingDays.length) extendTradingDaysTo(tradingDays[tradingDays.length - 1]! + 10 + index * 2);
  return tradingDays[index]!;
}

export interface SymbolModel {
  entry: UniverseEntry;
  seed: number;
  rho: number;
  /** b²·w and b²·(1 - w): the market's part and the symbol's own part of its long-run daily variance. */
  marketVariance: number;
  ownVariance: number;
  /** By trading-day index. */
  close: number[];
  open: number[];
  iv: number[];
  volume: number[];
  logDeviation: number[];
  /** s_n: the session's daily volatility (of its log return; the intraday bridge's too). */
  dailyVol: number[];
  /** y_{n+1}: the symbol's own variance ratio of the next session, known at the close. */
  ownRatioNext: number[];
  /** e_n: the symbol's part of its implied-volatility premium. */
  ownPremium: number[];
  /** The earnings jump in the log price on each trading day (0 on other days and for non-stocks). */
  earningsJump: number[];
  /** 1 on a stock's report days (./earnings: before the open), 0 on other days and for non-stocks. */
  reportDay: number[];
  /** Realized variance of each session from its minute path, filled on demand (sparse). */
  realizedVariance: number[];
}

const models = new Map<string, SymbolModel>();

function createModel(entry: UniverseEntry): SymbolModel {
  const base = baseDailyVariance(entry);
  const share = entry.symbol === 'VIX' ? 0 : marketShare(entry);
  return {
    entry,
    seed: hashString(entry.symbol),
    rho: correlationToMarket(entry),
    marketVariance: base * share,
    ownVariance: base * (1 - share),
    close: doubles(entry.referencePrice),
    open: doubles(entry.referencePrice),
    iv: doubles(entry.vol),
    volume: doubles(entry.averageVolume),
    logDeviation: doubles(0),
    dailyVol: doubles(Math.sqrt(base)),
    ownRatioNext: doubles(1),
    ownPremium: doubles(0),
    earningsJump: doubles(0),
    reportDay: [0],
    realizedVariance: [],
  };
}

/**
 * A one-element array that holds doubles from the start, whatever its first value: V8 keeps an
 * array of small integers apart from one of doubles, and the series loop's compiled code would
 * meet both (a first close of 210 or 0.27), be thrown away and compiled again.
 */
function doubles(first: number): number[] {
  const array = [0.5];
  array[0] = first;
  return array;
}

/**
 * A symbol's model. The whole universe's are made together on first use, so that every model has
 * the same shape by the time any of them is extended (for the same reason as `doubles`: the
 * fields of the first ones made would otherwise change representation under compiled code).
 */
export function symbolModel(entry: UniverseEntry): SymbolModel {
  if (models.size === 0) for (const other of UNIVERSE) models.set(other.symbol, createModel(other));
  let model = models.get(entry.symbol);
  if (!model) models.set(entry.symbol, (model = createModel(entry)));
  return model;
}

/** Extends a symbol's daily series to a trading-day index. */
export function extendSymbolTo(model: SymbolModel, index: number): void {
  if (model.close.length <= index) growSeries(model, index);
}

/**
 * A symbol's variance state after session `index`'s close (./volatility): what the option
 * surface's term structure and every expectation of the model's future variance start from. The
 * VIX's options see a flat term structure at their own 30-day implied volatility.
 */
export function varianceStateAt(model: SymbolModel, index: number): VarianceState {
  extendSymbolTo(model, index);
  if (model.entry.symbol === 'VIX') return flatVarianceState(model.iv[index]!);
  return {
    marketVariance: model.marketVariance,
    ownVariance: model.ownVariance,
    marketRatio: marketRatioAfter(index),
    crashRatio: crashRatioAfter(index),
    ownRatio: model.ownRatioNext[index]!,
    premium: premiumFactor(premiumStateOf(index), model.ownPremium[index]!),
  };
}

/** The trading-day indices from..to on which a stock reports (./earnings); none for other kinds. */
function reportSessions(entry: UniverseEntry, from: number, to: number): number[] {
  const sessions: number[] = [];
  if (entry.kind !== 'stock') return sessions;
  const last = tradingDayNumber(to);
  for (let day = simulatedEarningsDate(entry.symbol, tradingDayNumber(from)); day <= last;) {
    sessions.push(dayIndex.get(day)!); // a report day is a trading day
    day = simulatedEarningsDate(entry.symbol, day + 1);
  }
  return sessions;
}

/**
 * The days of a symbol's series from its length to `index` (apart from the check, which runs far
 * more often): the report days and their jumps, then the rest. Each loop has a function of its
 * own, and what only stocks have is done outside them, so that V8 compiles each loop once for
 * every symbol (an ETF's days first) rather than again when a stock's first report comes.
 */
function growSeries(model: SymbolModel, index: number): void {
  extendMarketTo(index);
  const from = model.close.length;
  const earningsMove = earningsMoveOf(model.entry);
  appendNoReports(model, from, index);
  for (const n of reportSessions(model.entry, from, index)) addReport(model, n, from, earningsMove);
  if (model.entry.symbol === 'VIX') appendVix(model, from, index);
  else appendDays(model, from, index, Math.sqrt(1 - model.rho * model.rho));
}

/** A report's part in each day's volume move, 3·|jump| / the earnings move, from the growth's first day. */
let reportMoves = new Float64Array(0);

/** Days from..to of `reportDay` and `earningsJump` as if none reported (see addReport). */
function appendNoReports(model: SymbolModel, from: number, to: number): void {
  const days = to - from + 1;
  if (reportMoves.length < days) reportMoves = new Float64Array(days);
  reportMoves.fill(0, 0, days);
  for (let n = from; n <= to; n += 1) {
    model.reportDay.push(0);
    model.earningsJump.push(0);
  }
}

/** Report day n of a stock: its jump at the open, and its part in the day's volume. */
function addReport(model: SymbolModel, n: number, from: number, earningsMove: number): void {
  model.reportDay[n] = 1;
  if (!(earningsMove > 0)) return;
  const jump = earningsMove * normal(model.seed, n, 6) - 0.5 * earningsMove * earningsMove;
  model.earningsJump[n] = jump;
  reportMoves[n - from] = (3 * Math.abs(jump)) / earningsMove;
}

/** Days from..to of the other series, the report days already in. */
function appendDays(model: SymbolModel, from: number, to: number, residual: number): void {
  const { seed, rho, marketVariance, ownVariance } = model;
  for (let n = from; n <= to; n += 1) {
    const jump = model.earningsJump[n]!;
    const ownShock = normal(seed, n, 2);
    const y = model.ownRatioNext[n - 1]!;
    const dailyVol = Math.sqrt(marketVariance * marketRatioOf(n) + ownVariance * y);
    model.dailyVol.push(dailyVol);
    const yNext = nextOwnRatio(y, ownShock);
    model.ownRatioNext.push(yNext);
    const e = nextOwnPremium(model.ownPremium[n - 1]!, normal(seed, n, 1));
    model.ownPremium.push(e);
    const premium = premiumFactor(premiumStateOf(n), e);
    const x = marketRatioAfter(n);
    model.iv.push(impliedFrom(marketVariance, ownVariance, x, crashRatioAfter(n), yNext, premium));
    const z = rho * marketShockOf(n) + residual * ownShock;
    const deviation =
      (1 - MEAN_REVERSION) * model.logDeviation[n - 1]! + dailyVol * z - 0.5 * dailyVol * dailyVol + jump;
    model.logDeviation.push(deviation);
    const close = model.entry.referencePrice * Math.exp(deviation);
    pushSession(model, n, close, jump, dailyVol, Math.abs(z), from);
  }
}

/**
 * Days from..to of the VIX: the index's 30-day implied volatility (./volatility) as 17 × it / 0.16,
 * with a little noise of its own; its options' volatility rises with it.
 */
function appendVix(model: SymbolModel, from: number, to: number): void {
  const { entry, seed } = model;
  for (let n = from; n <= to; n += 1) {
    const implied = indexImpliedVolatility(n, INDEX_TYPICAL_VOL);
    const close =
      ((entry.referencePrice * implied) / INDEX_TYPICAL_VOL) * Math.exp(0.01 * normal(seed, n, 2));
    const dailyVol = (BASE_REALISED * model.iv[n - 1]!) / SQRT_252;
    model.dailyVol.push(dailyVol);
    model.ownRatioNext.push(1);
    const e = nextOwnPremium(model.ownPremium[n - 1]!, normal(seed, n, 1));
    model.ownPremium.push(e);
    model.iv.push(entry.vol * Math.pow(close / entry.referencePrice, VIX_VOL_ELASTICITY) * Math.exp(e));
    const previous = model.close[n - 1]!;
    model.logDeviation.push(Math.log(close / entry.referencePrice));
    const move = Math.abs(Math.log(close / previous)) / Math.max(dailyVol, 1e-9);
    pushSession(model, n, close, 0, dailyVol, move, from);
  }
}

/** Session n's close, its open (gapping part of the way from the last close) and its volume. */
function pushSession(
  model: SymbolModel,
  n: number,
  close: number,
  jump: number,
  dailyVol: number,
  move: number,
  from: number,
): void {
  const { entry, seed } = model;
  const previousClose = model.close[n - 1]!;
  model.close.push(close);
  const gapShare = 0.2 + 0.2 * uniform(seed, n, 3);
  // A report comes before the open: the open carries all of its jump.
  model.open.push(
    previousClose *
      Math.exp(
        jump + gapShare * (Math.log(close / previousClose) - jump) + 0.1 * dailyVol * normal(seed, n, 4),
      ),
  );
  const moveSize = move + reportMoves[n - from]!;
  model.volume.push(
    entry.averageVolume * Math.exp(0.3 * normal(seed, n, 5) - 0.045 + 0.25 * (moveSize - 0.8)),
  );
}

const CACHE_LIMIT = 600;
const intradayCache = new CappedMap<string, Float64Array>(CACHE_LIMIT);
const marketBridgeCache = new CappedMap<number, Float64Array>(CACHE_LIMIT);

const MINUTE_STEP = 1 / Math.sqrt(SESSION_MINUTES);

/** A Brownian bridge over the session's minutes (0 at the open and the close), written into `path`. */
function bridge(
  seed: number,
  index: number,
  stream: number,
  path: Float64Array = new Float64Array(SESSION_MINUTES + 1),
): Float64Array {
  randomWalk(path, MINUTE_STEP, seed, index, stream);
  const end = path[SESSION_MINUTES]!;
  for (let k = 1; k <= SESSION_MINUTES; k += 1) path[k] = path[k]! - (k / SESSION_MINUTES) * end;
  return path;
}

function remember<K, V>(cache: CappedMap<K, V>, key: K, value: V): V {
  cache.set(key, value);
  return value;
}

/** Log prices minute by minute (0 = 09:30 open, 390 = 16:00 close) of a trading day. */
function intradayLogPath(model: SymbolModel, index: number): Float64Array {
  const key = `${model.entry.symbol}:${index}`;
  const cached = intradayCache.get(key);
  if (cached) return cached;
  return remember(intradayCache, key, logPathOf(model, index));
}

/**
 * A session's minute path, log price at minute k (0-390): the line from the open to the close
 * plus the day's volatility times the market's bridge (weight ρ) and the symbol's own.
 */
class SessionPath {
  readonly marketBridge: Float64Array;
  readonly own: Float64Array;
  private readonly logOpen: number;
  private readonly logClose: number;
  private readonly dailyVol: number;
  private readonly rho: number;
  private readonly residual: number;

  constructor(model: SymbolModel, index: number, own?: Float64Array) {
    extendSymbolTo(model, index);
    this.marketBridge =
      marketBridgeCache.get(index) ??
      remember(marketBridgeCache, index, bridge(INTRADAY_MARKET_SEED, index, 0));
    this.own = bridge(model.seed, index, 7, own);
    this.logOpen = Math.log(model.open[index]!);
    this.logClose = Math.log(model.close[index]!);
    this.dailyVol = model.dailyVol[index]!;
    this.rho = model.rho;
    this.residual = Math.sqrt(1 - model.rho * model.rho);
  }

  at(k: number): number {
    const drift = this.logOpen + (k / SESSION_MINUTES) * (this.logClose - this.logOpen);
    return drift + this.dailyVol * (this.rho * this.marketBridge[k]! + this.residual * this.own[k]!);
  }
}

/** The minute path of a session, uncached. */
function logPathOf(model: SymbolModel, index: number): Float64Array {
  const session = new SessionPath(model, index);
  const path = new Float64Array(SESSION_MINUTES + 1);
  for (let k = 0; k <= SESSION_MINUTES; k += 1) path[k] = session.at(k);
  return path;
}

const FIVE_MINUTES = 5;
/** The symbol's own bridge of the session being measured (sessionRealizedVariance keeps no path). */
const ownBridge = new Float64Array(SESSION_MINUTES + 1);

/**
 * A closed session's realized variance: the sum of its squared 5-minute log returns from the open
 * to the close, plus the squared overnight return (previous close to open). What a trader computes
 * from minute bars; kept per symbol and session once computed. Only the 79 five-minute marks of
 * the path are needed, so only those are computed (each as the full path has it).
 */
export function sessionRealizedVariance(entry: UniverseEntry, index: number): number {
  const model = symbolModel(entry);
  const known = model.realizedVariance[index];
  if (known !== undefined) return known;
  const session = new SessionPath(model, index, ownBridge);
  let sum = 0;
  let previous = session.at(0);
  for (let k = FIVE_MINUTES; k <= SESSION_MINUTES; k += FIVE_MINUTES) {
    const current = session.at(k);
    const r = current - previous;
    sum += r * r;
    previous = current;
  }
  const overnight = Math.log(model.open[index]! / model.close[index - 1]!);
  const value = sum + overnight * overnight;
  model.realizedVariance[index] = value;
  return value;
}

/** Where an instant falls: the trading day whose prices apply and the session minute (0-390). */
export interface MarketClock {
  /** Trading-day index of the session the price belongs to. */
  index: number;
  /** Minutes since the open, 0-390 (390 once the session is over). */
  minute: number;
  isOpen: boolean;
  /** The instant the price was set (the minute, or the close). */
  priceTime: Date;
}

export function marketClock(at: Date): MarketClock {
  const { dayNumber, minuteOfDay } = newYorkTime(at);
  const index = tradingIndexOnOrBefore(dayNumber);
  const minuteMs = Math.floor(at.getTime() / 60_000) * 60_000;
  const session = sessionOf(dayNumber);
  if (tradingDays[index] === dayNumber && session && minuteOfDay < session.close) {
    if (minuteOfDay >= session.open) {
      // An early close's shorter session runs the same bridge, compressed: it ends at its close.
      const length = session.close - session.open;
      return {
        index,
        minute: Math.floor(((minuteOfDay - session.open) * SESSION_MINUTES) / length),
        isOpen: true,
        priceTime: new Date(minuteMs),
      };
    }
    // Before the open: yesterday's close holds.
    return closedAt(index - 1);
  }
  return closedAt(index);
}

function closedAt(index: number): MarketClock {
  const day = tradingDays[index]!;
  const priceTime = newYorkInstant(day, sessionOf(day)?.close ?? SESSION_CLOSE_MINUTE);
  return { index, minute: SESSION_MINUTES, isOpen: false, priceTime };
}

export interface PricePoint {
  price: number;
  previousClose: number;
  /** Shares traded in the session so far. */
  volume: number;
  /** 30-day ATM implied volatility now. */
  iv: number;
}

/** Cumulative share of a day's volume traded by a point of the session (U-shaped intensity). */
export function sessionVolumeShare(fraction: number): number {
  const a = 2;
  const centred = 2 * fraction - 1;
  return (fraction + (a * (centred * centred * centred + 1)) / 6) / (1 + a / 3);
}

export function pricePoint(entry: UniverseEntry, clock: MarketClock): PricePoint {
  const model = symbolModel(entry);
  const { index, minute } = clock;
  extendSymbolTo(model, index);
  const previousClose = model.close[index - 1]!;
  const fraction = minute / SESSION_MINUTES;
  const iv = model.iv[index - 1]! + fraction * (model.iv[index]! - model.iv[index - 1]!);
  if (minute >= SESSION_MINUTES) {
    return { price: model.close[index]!, previousClose, volume: model.volume[index]!, iv: model.iv[index]! };
  }
  const price = Math.exp(intradayLogPath(model, index)[minute]!);
  return { price, previousClose, volume: model.volume[index]! * sessionVolumeShare(fraction), iv };
}

/** The closing 30-day ATM IVs of the HISTORY_DAYS trading days before the session `index`. */
export function ivHistory(entry: UniverseEntry, index: number): Float64Array {
  const model = symbolModel(entry);
  extendSymbolTo(model, index);
  return Float64Array.from(model.iv.slice(index - HISTORY_DAYS, index));
}
