/**
 * A universe snapshot: every scannable symbol's chain at one minute, as typed arrays, plus the
 * per-contract work arrays the scanner fills (implied volatility and greeks are recomputed by each
 * scan from the mids; liquidity and spread are static and computed here once). Snapshots are
 * cached by minute, since everything in them is a pure function of (symbol, minute).
 */
import { UNIVERSE } from '../market/universe';
import { marketClock } from '../market/price-model';
import { generateChain, type ChainData } from './chain';
import { legLiquidityScore } from './scoring';

export interface ChainWork {
  iv: Float64Array;
  delta: Float64Array;
  gamma: Float64Array;
  theta: Float64Array;
  vega: Float64Array;
  /** Percent of the mid. */
  spreadPct: Float64Array;
  /** 0-100, see legLiquidityScore. */
  liquidity: Float64Array;
}

export interface UniverseSnapshot {
  asOf: string;
  chains: ChainData[];
  work: ChainWork[];
  /** Alphabetical rank of each chain's ticker, for sorting by ticker. */
  tickerRank: Int32Array;
  contractCount: number;
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
  };
  for (let i = 0; i < n; i += 1) {
    const mid = chain.mid[i]!;
    const spreadPct = mid > 0 ? ((chain.ask[i]! - chain.bid[i]!) / mid) * 100 : 100;
    work.spreadPct[i] = spreadPct;
    work.liquidity[i] = legLiquidityScore(chain.volume[i]!, chain.openInterest[i]!, spreadPct);
  }
  return work;
}

export function buildUniverseSnapshot(
  at: Date,
  symbols: readonly string[] = SCANNABLE_SYMBOLS,
): UniverseSnapshot {
  const clock = marketClock(at);
  const chains = symbols.map((symbol) => generateChain(symbol, at, clock));
  const order = chains
    .map((chain, i) => ({ symbol: chain.symbol, i }))
    .sort((a, b) => a.symbol.localeCompare(b.symbol));
  const tickerRank = new Int32Array(chains.length);
  order.forEach(({ i }, rank) => (tickerRank[i] = rank));
  return {
    asOf: clock.priceTime.toISOString(),
    chains,
    work: chains.map(workFor),
    tickerRank,
    contractCount: chains.reduce((sum, chain) => sum + chain.count, 0),
  };
}

const cache = new Map<number, UniverseSnapshot>();

/** The whole scannable universe at `at`'s minute, built once per minute. */
export function universeSnapshot(at: Date): UniverseSnapshot {
  const minute = Math.floor(at.getTime() / 60_000);
  const cached = cache.get(minute);
  if (cached) return cached;
  const snapshot = buildUniverseSnapshot(at);
  if (cache.size >= 2) cache.delete(cache.keys().next().value!);
  cache.set(minute, snapshot);
  return snapshot;
}
