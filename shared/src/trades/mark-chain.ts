/**
 * What marking a position reads of a chain: the underlying's price and carry, and each listed
 * contract's bid, ask, IV and greeks. Two adapters give the one shape: the scanner's universe
 * snapshot (a simulated chain and its work arrays, the very numbers the scanner reads this
 * minute) and an API chain view (GET /api/options-chain's shape, real or simulated).
 */
import type { ChainData } from '../options/chain';
import type { OptionChainView } from '../options/chain-view';
import type { ChainWork } from '../options/snapshot';

/** A listed contract's quote; greeks per share (theta per calendar day, vega per vol point), null when unsolved. */
export interface MarkQuote {
  bid: number;
  ask: number;
  iv: number | null;
  delta: number | null;
  gamma: number | null;
  theta: number | null;
  vega: number | null;
}

export interface MarkChain {
  symbol: string;
  spot: number;
  rate: number;
  dividendYield: number;
  /** When the quotes were set (ISO). */
  asOf: string;
  /** The listed contract, or null when the chain does not list it. */
  quote(kind: 'call' | 'put', strike: number, expiration: string): MarkQuote | null;
  /** The IV of the listed contract nearest in strike (same expiration first, else the nearest expiration); null with none. */
  ivNear(strike: number, expiration: string): number | null;
}

const finite = (value: number | null | undefined): number | null =>
  value !== null && value !== undefined && Number.isFinite(value) ? value : null;

const keyOf = (kind: 'call' | 'put', strike: number, expiration: string) =>
  `${kind}|${expiration}|${Math.round(strike * 100)}`;

interface Row {
  kind: 'call' | 'put';
  strike: number;
  expiration: string;
  quote: MarkQuote;
}

function chainOf(meta: Omit<MarkChain, 'quote' | 'ivNear'>, rows: Row[]): MarkChain {
  const byKey = new Map<string, MarkQuote>();
  const withIv = new Map<string, { strike: number; iv: number }[]>();
  for (const row of rows) {
    byKey.set(keyOf(row.kind, row.strike, row.expiration), row.quote);
    if (row.quote.iv === null) continue;
    const list = withIv.get(row.expiration) ?? [];
    list.push({ strike: row.strike, iv: row.quote.iv });
    withIv.set(row.expiration, list);
  }
  const expirations = [...withIv.keys()].sort();
  return {
    ...meta,
    quote: (kind, strike, expiration) => byKey.get(keyOf(kind, strike, expiration)) ?? null,
    ivNear(strike, expiration) {
      const day = Date.parse(expiration);
      const nearest = [...expirations].sort(
        (a, b) => Math.abs(Date.parse(a) - day) - Math.abs(Date.parse(b) - day),
      )[0];
      const list = withIv.get(withIv.has(expiration) ? expiration : (nearest ?? ''));
      if (!list || list.length === 0) return null;
      let best = list[0]!;
      for (const item of list)
        if (Math.abs(item.strike - strike) < Math.abs(best.strike - strike)) best = item;
      return best.iv;
    },
  };
}

/** A chain of the scanner's universe snapshot, with its priced work arrays. */
export function markChainFromSnapshot(chain: ChainData, work: ChainWork): MarkChain {
  const rows: Row[] = [];
  for (let i = 0; i < chain.count; i += 1) {
    rows.push({
      kind: chain.isCall[i] === 1 ? 'call' : 'put',
      strike: chain.strike[i]!,
      expiration: chain.expirations[chain.expirationIndex[i]!]!,
      quote: {
        bid: chain.bid[i]!,
        ask: chain.ask[i]!,
        iv: finite(work.iv[i]),
        delta: finite(work.delta[i]),
        gamma: finite(work.gamma[i]),
        theta: finite(work.theta[i]),
        vega: finite(work.vega[i]),
      },
    });
  }
  const meta = {
    symbol: chain.symbol,
    spot: chain.spot,
    rate: chain.rate,
    dividendYield: chain.dividendYield,
    asOf: chain.asOf,
  };
  return chainOf(meta, rows);
}

/** A chain as GET /api/options-chain serves it (a real provider's, or a simulated one). */
export function markChainFromView(view: OptionChainView): MarkChain {
  const meta = {
    symbol: view.symbol,
    spot: view.underlyingPrice,
    rate: view.rate,
    dividendYield: view.dividendYield,
    asOf: view.asOf,
  };
  return chainOf(
    meta,
    view.contracts.map((c) => ({
      kind: c.type,
      strike: c.strike,
      expiration: c.expiration,
      quote: {
        bid: c.bid,
        ask: c.ask,
        iv: finite(c.iv),
        delta: finite(c.delta),
        gamma: finite(c.gamma),
        theta: finite(c.theta),
        vega: finite(c.vega),
      },
    })),
  );
}
