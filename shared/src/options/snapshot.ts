/**
 * A universe snapshot: every scannable symbol's chain at one minute, as typed arrays, with what
 * the scanner reads of each contract computed once: the implied volatility solved from the mid
 * under the chain's exercise style and its greeks (../pricing/american-batch), the spread and the
 * forecast's expected payoff (./forecast). Snapshots are cached by minute, since everything in
 * them is a pure function of (symbol, minute); a scan (./scanner) only combines these numbers.
 */
import { UNIVERSE, universeEntry } from '../market/universe';
import { marketClock, type MarketClock } from '../market/price-model';
import { dayNumberOfIso } from '../market/calendar';
import { BoundaryCache, solveQuotes } from '../pricing/american-batch';
import { chainSetup, quoteBatch, quoteChain, type ChainData } from './chain';
import {
  expectedPayoff,
  expiryForecast,
  underlyingForecast,
  type ExpiryForecast,
  type UnderlyingForecast,
} from './forecast';
import { legLiquidityScore } from './scoring';
import { CappedMap } from '../cache/capped-map';

export interface ChainWork {
  /** Solved from the mid; NaN for a contract without a time-value bid (see ../pricing/american-batch). */
  iv: Float64Array;
  delta: Float64Array;
  gamma: Float64Array;
  /** The value lost over the next calendar day. */
  theta: Float64Array;
  vega: Float64Array;
  /** Percent of the mid. */
  spreadPct: Float64Array;
  /** 0-100, see legLiquidityScore. */
  liquidity: Float64Array;
  /** E[payoff at expiry] per share under the forecast (./forecast); filled by forecastChain. */
  expectedPayoff: Float64Array;
  /** The forecast of each expiration (empty until forecastChain). */
  expiries: ExpiryForecast[];
  forecast: UnderlyingForecast | null;
  /** Contracts with a time-value bid whose IV could not be solved (0 expected). */
  ivFailures: number;
  /** Contracts without a time-value bid (no IV). */
  unpriced: number;
}

export interface UniverseSnapshot {
  asOf: string;
  /** Whether the market is in session at the snapshot's minute. */
  marketOpen: boolean;
  chains: ChainData[];
  /** Each chain's work: priced when the snapshot is built, forecast when first read (forecastOnDemand). */
  work: ChainWork[];
  /** Alphabetical rank of each chain's ticker, for sorting by ticker. */
  tickerRank: Int32Array;
  contractCount: number;
  /** Early-exercise boundaries shared by every chain of the snapshot. */
  boundaries: BoundaryCache;
}

/** Stocks and ETFs; index options (VIX, DXY) have chains but are not scanned (no shares to cover a call). */
export const SCANNABLE_SYMBOLS: readonly string[] = UNIVERSE.filter((entry) => entry.kind !== 'index').map(
  (entry) => entry.symbol,
);

/** Work arrays for a chain, with each contract's spread and leg liquidity filled in. */
export function workFor(chain: ChainData): ChainWork {
  const n = chain.count;
  const work: ChainWork = {
    iv: new Float64Array(n),
    delta: new Float64Array(n),
    gamma: new Float64Array(n),
    theta: new Float64Array(n),
    vega: new Float64Array(n),
    spreadPct: new Float64Array(n),
    liquidity: new Float64Array(n),
    expectedPayoff: new Float64Array(n),
    expiries: [],
    forecast: null,
    ivFailures: 0,
    unpriced: 0,
  };
  for (let i = 0; i < n; i += 1) {
    const mid = chain.mid[i]!;
    const spreadPct = mid > 0 ? ((chain.ask[i]! - chain.bid[i]!) / mid) * 100 : 100;
    work.spreadPct[i] = spreadPct;
    work.liquidity[i] = legLiquidityScore(chain.volume[i]!, chain.openInterest[i]!, spreadPct);
  }
  return work;
}

/**
 * Solves every contract's IV from its mid and computes its greeks under the chain's exercise
 * style, into the work arrays; returns the failures (contracts with a time-value bid and no IV).
 */
export function priceChain(
  chain: ChainData,
  work: ChainWork,
  boundaries: BoundaryCache = new BoundaryCache(),
): number {
  const { failures, unpriced } = solveQuotes(quoteBatch(chain), boundaries, work);
  work.ivFailures = failures;
  work.unpriced = unpriced;
  return failures;
}

/** The forecast of each expiration and each contract's expected payoff under it. */
export function forecastChain(chain: ChainData, work: ChainWork, clock: MarketClock): void {
  const entry = universeEntry(chain.symbol)!;
  const forecast = underlyingForecast(entry, clock);
  work.forecast = forecast;
  work.expiries = chain.expirations.map((date, e) =>
    expiryForecast(
      forecast,
      chain.surface,
      chain.spot,
      chain.rate,
      chain.dividendYield,
      dayNumberOfIso(date),
      chain.expirationYears[e]!,
    ),
  );
  for (let i = 0; i < chain.count; i += 1) {
    const f = work.expiries[chain.expirationIndex[i]!]!;
    work.expectedPayoff[i] = expectedPayoff(f, chain.strike[i]!, chain.isCall[i] === 1);
  }
}

export function buildUniverseSnapshot(
  at: Date,
  symbols: readonly string[] = SCANNABLE_SYMBOLS,
): UniverseSnapshot {
  const clock = marketClock(at);
  const boundaries = new BoundaryCache();
  // Every underlying and surface first, then the quotes in the same order as always (the shared
  // boundary tables fill as contracts are priced): the objects the quoting reads all exist, in
  // every shape they take, before the quoting code is compiled.
  const setups = symbols.map((symbol) => chainSetup(symbol, at, clock));
  const chains = setups.map((setup) => quoteChain(setup, boundaries));
  // By code unit: the universe's symbols (capitals and a dot) sort so as by locale, without the
  // first locale comparison's load of ICU's collation data on a cold start.
  const order = chains
    .map((chain, i) => ({ symbol: chain.symbol, i }))
    .sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));
  const tickerRank = new Int32Array(chains.length);
  order.forEach(({ i }, rank) => (tickerRank[i] = rank));
  const priced = chains.map((chain) => {
    const chainWork = workFor(chain);
    priceChain(chain, chainWork, boundaries);
    return chainWork;
  });
  return {
    asOf: clock.priceTime.toISOString(),
    marketOpen: clock.isOpen,
    chains,
    work: forecastOnDemand(chains, priced, clock),
    tickerRank,
    contractCount: chains.reduce((sum, chain) => sum + chain.count, 0),
    boundaries,
  };
}

/**
 * The chains' work, each forecast the first time it is read, then kept. A forecast reads a year
 * of the underlying's intraday history (its realized variance, session by session), the costliest
 * part of a snapshot when nothing is cached yet, on a cold start; a scan reads the work of the
 * underlyings its screen keeps (the IV rank floor, a ticker, a sector, a price range, all read
 * from the chain itself), so only those are forecast. Forecasts are pure, so the values do not
 * depend on what is read first. Pricing stays eager, in the snapshot's order: the boundary tables
 * the chains share are filled as contracts are priced, and their last digits depend on that order.
 */
function forecastOnDemand(chains: ChainData[], works: ChainWork[], clock: MarketClock): ChainWork[] {
  const onDemand: ChainWork[] = [];
  works.forEach((work, c) => {
    Object.defineProperty(onDemand, c, {
      enumerable: true,
      configurable: true,
      get(): ChainWork {
        forecastChain(chains[c]!, work, clock);
        Object.defineProperty(onDemand, c, { value: work, enumerable: true, writable: false });
        return work;
      },
    });
  });
  return onDemand;
}

/** This minute's snapshot and the last one's. */
const cache = new CappedMap<number, UniverseSnapshot>(2);

/** The whole scannable universe at `at`'s minute, built once per minute. */
export function universeSnapshot(at: Date): UniverseSnapshot {
  const minute = Math.floor(at.getTime() / 60_000);
  const cached = cache.get(minute);
  if (cached) return cached;
  const snapshot = buildUniverseSnapshot(at);
  cache.set(minute, snapshot);
  return snapshot;
}
