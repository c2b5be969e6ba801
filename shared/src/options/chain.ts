/**
 * Simulated option chains: every listed expiration of a symbol (./expirations), 40 strikes around
 * the previous close, a call and a put on each, quoted around the surface's model price.
 *
 *   exercise       American for stocks and ETFs (Andersen–Lake–Offengelder, ../pricing/american),
 *                  European for the cash-settled indices (VIX, DXY)
 *   strikes        spacing from the ladder 0.05/0.1/0.25/0.5/1/2.5/5/10/25/50/100: the smallest step
 *                  that spans about ±2.5 standard deviations with 40 strikes, and at least 3% of the
 *                  price under $25 (so a $0.86 stock gets 0.05 apart, not 0.5), 1 under $200, 2.5
 *                  above; centred on the previous close, fixed for the session
 *   bid / ask      around the model value V: with L the value at zero volatility (at least the
 *                  intrinsic value for an American option) and U the upper bound (the spot for a
 *                  call, the strike for a put; discounted for European ones),
 *                  spread = tick + (V - L) × (2% to 8% by the name's liquidity) × (1 + 0.8·min(|z|, 3))
 *                  × 1.5 inside a week + L × (0.4% to 1.2%), z the standardised moneyness; bid rounded
 *                  down and ask up to the tick (0.01 under $3, 0.05 from $3); then L < ask <= U and
 *                  0 <= bid < ask, so no quote can be bought below what exercising pays or above what
 *                  the option can ever be worth, however near expiry or deep in the money
 *   open interest  ~ average share volume / 1000, peaking at the money (Gaussian in standardised
 *                  moneyness), fading with expiry, more on monthlies, seeded per day
 *   volume         a seeded daily turnover of the open interest (higher for near expiries),
 *                  accumulating over the session like the share volume
 * Everything is a pure function of (symbol, trading day, minute).
 */
import type { RealIvStats } from '../providers/history/real-iv';
import { BoundaryCache, tableFor, tabulatedPrice, type QuoteBatch } from '../pricing/american-batch';
import type { ExerciseStyle } from '../pricing/american';
import { expiryInstant, isoDateOf, MS_PER_YEAR } from '../market/calendar';
import {
  marketClock,
  sessionVolumeShare,
  symbolModel,
  tradingDayNumber,
  type MarketClock,
  type SymbolModel,
} from '../market/price-model';
import { underlyingAt, UnknownSymbolError, type UnderlyingState } from '../market/quotes';
import { mix, normal, uniform } from '../market/random';
import { exerciseStyleOfSymbol, universeEntry, type UniverseEntry } from '../market/universe';
import { listedExpirations } from './expirations';
import { atmVolatility, smileVolatility, surfaceParameters, type SurfaceParameters } from './surface';
import type { OptionBatch } from '../pricing/batch';

export const STRIKES_PER_EXPIRATION = 40;
const STRIKE_LADDER = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 25, 50, 100];

export interface ChainData {
  symbol: string;
  /** American for stocks and ETFs, European for the cash-settled indices. */
  style: ExerciseStyle;
  underlying: UnderlyingState;
  /** The implied-volatility surface the quotes were priced from (its skew is public: it is in the quotes). */
  surface: SurfaceParameters;
  /** Spot the quotes are priced from (= underlying.spot). */
  spot: number;
  rate: number;
  dividendYield: number;
  /** When the quotes were set (ISO). */
  asOf: string;
  /** The session's New York day number (days since 1970-01-01). */
  sessionDay: number;
  /** 'YYYY-MM-DD', ascending. */
  expirations: string[];
  /** Calendar days from the session day to each expiration. */
  expirationDte: Int32Array;
  expirationYears: Float64Array;
  /** Contracts of expiration e are [expirationStart[e], expirationStart[e + 1]). */
  expirationStart: Int32Array;
  count: number;
  expirationIndex: Uint16Array;
  /** 1 call, 0 put; each strike's call is followed by its put. */
  isCall: Uint8Array;
  strike: Float64Array;
  years: Float64Array;
  bid: Float64Array;
  ask: Float64Array;
  mid: Float64Array;
  last: Float64Array;
  volume: Float64Array;
  openInterest: Float64Array;
  /** The surface volatility each quote was priced from (the chain's iv is solved from the mid). */
  surfaceIv: Float64Array;
  /**
   * A real chain's IV rank and percentile from its recorded IVs (../providers/history/real-iv),
   * with the sessions they rest on; absent on a simulated chain (its underlying's are the model's).
   */
  realIv?: RealIvStats;
  /** Why a real chain has no forecast (no expected return, no edge score); absent or null when it has one. */
  noForecastReason?: string | null;
}

const ladderStep = (wanted: number): number =>
  STRIKE_LADDER.find((step) => step >= wanted) ?? STRIKE_LADDER[STRIKE_LADDER.length - 1]!;

function strikeSpacing(price: number, atm: number, years: number): number {
  const floor = price < 25 ? ladderStep(0.03 * price) : price < 200 ? 1 : 2.5;
  const wanted = Math.max(floor, (2 * 2.5 * atm * Math.sqrt(years) * price) / STRIKES_PER_EXPIRATION);
  return ladderStep(wanted);
}

const tickOf = (price: number): number => (price < 3 ? 0.01 : 0.05);
const roundDown = (price: number): number => {
  const tick = tickOf(price);
  return Math.max(0, Math.floor(price / tick + 1e-9) * tick);
};
const roundUp = (price: number): number => {
  const tick = tickOf(price);
  return Math.ceil(price / tick - 1e-9) * tick;
};
const toCents = (price: number): number => Math.round(price * 100) / 100;

/** 0 (thin) to 1 (the most liquid names) from average share volume. */
function liquidityOf(entry: UniverseEntry): number {
  if (entry.kind === 'index') return entry.symbol === 'VIX' ? 0.7 : 0.1;
  return Math.min(1, Math.max(0, (Math.log10(entry.averageVolume) - 6) / 2));
}

/** The exercise style of an underlying's options. */
const exerciseStyleOf = (entry: UniverseEntry): ExerciseStyle => exerciseStyleOfSymbol(entry.symbol);

/**
 * What a chain is quoted from: the underlying at the minute, its surface and the listed
 * expirations still ahead (./expirations), with the chain's arrays allocated.
 */
/**
 * An expiry's strikes, fixed for the session: STRIKES_PER_EXPIRATION of them `spacing` apart from
 * `first`, centred on the previous close with the surface's IV to that expiry.
 */
function strikeGrid(
  surface: SurfaceParameters,
  previousClose: number,
  day: number,
  today: number,
): { first: number; spacing: number } {
  const years = Math.max((day - today) / 365, 1 / 365);
  const spacing = strikeSpacing(previousClose, atmVolatility(surface, years, day), years);
  const centre = Math.round(previousClose / spacing) * spacing;
  return { first: Math.max(spacing, centre - (STRIKES_PER_EXPIRATION / 2) * spacing), spacing };
}

/**
 * The strike the chain of `symbol` at `at` lists for the expiry `day` nearest to `target`: what a
 * feed names (an options-flow alert) is a contract the same market quotes.
 */
export function listedStrikeNear(symbol: string, at: Date, day: number, target: number): number {
  const { model, clock, chain } = chainSetup(symbol, at);
  const { first, spacing } = strikeGrid(chain.surface, model.close[clock.index - 1]!, day, chain.sessionDay);
  const j = Math.min(STRIKES_PER_EXPIRATION - 1, Math.max(0, Math.round((target - first) / spacing)));
  return toCents(first + j * spacing);
}

export interface ChainSetup {
  entry: UniverseEntry;
  model: SymbolModel;
  clock: MarketClock;
  expiries: { day: number; years: number }[];
  chain: ChainData;
}

/**
 * A symbol's chain at `at`. `boundaries` caches the early-exercise boundaries of American prices;
 * pass one shared cache for many chains at the same minute (a universe snapshot does).
 */
export function generateChain(
  symbol: string,
  at: Date,
  clock: MarketClock = marketClock(at),
  boundaries: BoundaryCache = new BoundaryCache(),
): ChainData {
  return quoteChain(chainSetup(symbol, at, clock), boundaries);
}

/** A chain's underlying, surface and expirations (see quoteChain for its quotes). */
export function chainSetup(symbol: string, at: Date, clock: MarketClock = marketClock(at)): ChainSetup {
  const entry = universeEntry(symbol);
  if (!entry) throw new UnknownSymbolError([symbol]);
  const underlying = underlyingAt(entry.symbol, at, clock);
  const model = symbolModel(entry);
  const session = clock.index;
  const today = tradingDayNumber(session);
  const priceTime = clock.priceTime.getTime();
  const expiries = listedExpirations(entry, today)
    .map((day) => ({
      day,
      years: (expiryInstant(day).getTime() - priceTime) / MS_PER_YEAR,
    }))
    .filter((e) => e.years > 0);
  const count = expiries.length * STRIKES_PER_EXPIRATION * 2;
  const chain: ChainData = {
    symbol: entry.symbol,
    style: exerciseStyleOf(entry),
    underlying,
    surface: surfaceParameters(model, clock, underlying.atmIv),
    spot: underlying.spot,
    rate: underlying.rate,
    dividendYield: underlying.dividendYield,
    asOf: clock.priceTime.toISOString(),
    sessionDay: today,
    expirations: expiries.map((e) => isoDateOf(e.day)),
    expirationDte: Int32Array.from(expiries.map((e) => e.day - today)),
    expirationYears: Float64Array.from(expiries.map((e) => e.years)),
    expirationStart: new Int32Array(expiries.length + 1),
    count,
    expirationIndex: new Uint16Array(count),
    isCall: new Uint8Array(count),
    strike: new Float64Array(count),
    years: new Float64Array(count),
    bid: new Float64Array(count),
    ask: new Float64Array(count),
    mid: new Float64Array(count),
    last: new Float64Array(count),
    volume: new Float64Array(count),
    openInterest: new Float64Array(count),
    surfaceIv: new Float64Array(count),
  };
  return { entry, model, clock, expiries, chain };
}

/**
 * A chain's quotes, priced from its setup. Quoting fills `boundaries` as it goes; a snapshot
 * (./snapshot) sets up every chain first and then quotes them, in the same order as ever.
 */
export function quoteChain(setup: ChainSetup, boundaries: BoundaryCache): ChainData {
  const { entry, model, clock, expiries, chain } = setup;
  const { style, surface, spot, rate, dividendYield } = chain;
  const session = clock.index;
  const today = chain.sessionDay;
  const previousClose = model.close[session - 1]!;
  const liquidity = liquidityOf(entry);
  const baseOpenInterest = Math.max(entry.averageVolume, entry.symbol === 'VIX' ? 30e6 : 1e6) / 1000;
  const sessionShare = sessionVolumeShare(clock.minute / 390);
  const symbolSeed = model.seed ^ 0x5bd1e995;

  let i = 0;
  for (let e = 0; e < expiries.length; e += 1) {
    const { day, years } = expiries[e]!;
    chain.expirationStart[e] = i;
    const atm = atmVolatility(surface, years, day);
    const { first, spacing } = strikeGrid(surface, previousClose, day, today);
    const forward = spot * Math.exp((rate - dividendYield) * years);
    const carry = Math.exp(-dividendYield * years);
    const discount = Math.exp(-rate * years);
    const isMonthly =
      new Date(day * 86_400_000).getUTCDate() >= 15 && new Date(day * 86_400_000).getUTCDate() <= 21;
    const expiryFade = Math.exp(-years * 1.5) * (isMonthly ? 1 : 0.45);
    const turnover = 0.05 + 0.35 * Math.exp(-years * 12);
    const shortDated = years < 7 / 365 ? 1.5 : 1;
    const callTable = tableFor(boundaries, style, years, rate, dividendYield, true);
    const putTable = tableFor(boundaries, style, years, rate, dividendYield, false);
    for (let j = 0; j < STRIKES_PER_EXPIRATION; j += 1) {
      const strike = toCents(first + j * spacing);
      const vol = smileVolatility(surface, atm, forward, strike, years);
      const z = Math.log(strike / forward) / (atm * Math.sqrt(years));
      for (let type = 1; type >= 0; type -= 1) {
        const isCall = type === 1;
        const table = isCall ? callTable : putTable;
        const fair = tabulatedPrice(spot, strike, years, rate, dividendYield, vol, isCall, table);
        const zeroVol = Math.max(
          isCall ? spot * carry - strike * discount : strike * discount - spot * carry,
          0,
        );
        const intrinsic = Math.max(isCall ? spot - strike : strike - spot, 0);
        const lower = style === 'american' ? Math.max(zeroVol, intrinsic) : zeroVol;
        const upper =
          style === 'american' ? (isCall ? spot : strike) : isCall ? spot * carry : strike * discount;
        const relative = (0.02 + 0.06 * (1 - liquidity)) * (1 + 0.8 * Math.min(Math.abs(z), 3)) * shortDated;
        const spread =
          tickOf(fair) + Math.max(fair - lower, 0) * relative + lower * 0.004 * (1 + 2 * (1 - liquidity));
        let bid = roundDown(fair - spread / 2);
        let ask = Math.max(roundUp(fair + spread / 2), bid + tickOf(bid));
        // No quote to buy below what exercising (or the forward) pays, none above what it can be worth.
        if (ask <= lower) ask = roundUp(lower + 1e-9);
        if (ask <= lower) ask += tickOf(ask);
        if (ask > upper) ask = roundDown(upper);
        if (bid >= ask) bid = roundDown(ask - tickOf(ask) + 1e-9);
        bid = toCents(Math.max(bid, 0));
        ask = toCents(ask);
        const mid = (bid + ask) / 2;
        const contractSeed = mix(symbolSeed, day, j * 2 + type);
        const moneynessWeight = Math.exp(-0.5 * (z / 1.3) * (z / 1.3));
        const typeWeight = isCall ? 1 : entry.kind === 'etf' ? 1.4 : 0.85;
        const openInterest = Math.round(
          baseOpenInterest *
            moneynessWeight *
            expiryFade *
            typeWeight *
            Math.exp(0.5 * normal(contractSeed, session, 1)),
        );
        const dailyVolume = openInterest * turnover * Math.exp(0.6 * normal(contractSeed, session, 2));
        const noise = uniform(contractSeed, session, 3, clock.minute) - 0.5;
        const last = toCents(
          Math.min(ask, Math.max(bid, Math.max(0.01, roundDown(mid + noise * (ask - bid) * 0.8)))),
        );

        chain.expirationIndex[i] = e;
        chain.isCall[i] = type;
        chain.strike[i] = strike;
        chain.years[i] = years;
        chain.bid[i] = bid;
        chain.ask[i] = ask;
        chain.mid[i] = mid;
        chain.last[i] = last;
        chain.openInterest[i] = openInterest;
        chain.volume[i] = Math.floor(dailyVolume * sessionShare);
        chain.surfaceIv[i] = vol;
        i += 1;
      }
    }
  }
  chain.expirationStart[expiries.length] = i;
  return chain;
}

/** The chain's quotes for ../pricing/american-batch: solved from their mids under the chain's exercise style. */
export function quoteBatch(chain: ChainData): QuoteBatch {
  return {
    start: 0,
    end: chain.count,
    spot: chain.spot,
    rate: chain.rate,
    dividendYield: chain.dividendYield,
    style: chain.style,
    strike: chain.strike,
    years: chain.years,
    isCall: chain.isCall,
    price: chain.mid,
    bid: chain.bid,
  };
}

/** The chain's contracts as one European batch for the kernels of ../pricing/batch, priced at their mids. */
export function chainBatch(chain: ChainData): OptionBatch {
  return {
    start: 0,
    end: chain.count,
    spot: chain.spot,
    rate: chain.rate,
    dividendYield: chain.dividendYield,
    strike: chain.strike,
    years: chain.years,
    isCall: chain.isCall,
    price: chain.mid,
  };
}
