/**
 * GET /api/options-chain: a symbol's chain as the API contract writes it, with each contract's
 * implied volatility solved from its mid under its exercise style and its greeks (theta the value
 * lost over the next day, vega per vol point).
 */
import * as z from 'zod';
import type { ExerciseStyle } from '../pricing/american';
import { tickerSchema } from '../market/ticker';
import { generateChain } from './chain';
import type { RateSource } from '../providers/rates/treasury';
import type { ForwardMethod } from '../providers/chains/parity';
import type { NoIvReason } from '../providers/chains/no-iv-reasons';
import { priceChain, workFor } from './snapshot';

export const optionChainQuery = z
  .object({
    symbol: tickerSchema,
    /** One expiration, 'YYYY-MM-DD'; all of them when absent. */
    expiration: z.iso.date().optional(),
  })
  .strict();
export type OptionChainQuery = z.infer<typeof optionChainQuery>;

export interface OptionContract {
  type: 'call' | 'put';
  strike: number;
  expiration: string;
  years: number;
  bid: number;
  ask: number;
  last: number;
  volume: number;
  openInterest: number;
  /**
   * Solved from the mid under the chain's exercise style; null (and null greeks) for a contract
   * whose bid pays no time value (no bid, or one at or below its value at zero volatility).
   */
  iv: number | null;
  /** Why iv is null (simulated chains: always no_time_value_bid). */
  noIvReason: NoIvReason | null;
  delta: number | null;
  gamma: number | null;
  theta: number | null;
  vega: number | null;
}

export interface OptionChainView {
  symbol: string;
  /** American for stocks and ETFs, European for the cash-settled indices. */
  exercise: ExerciseStyle;
  underlyingPrice: number;
  rate: number;
  dividendYield: number;
  asOf: string;
  expirations: string[];
  /**
   * Real chains: each expiry's forward and discount factor, how they were found, and the carry yield
   * its IVs are solved with (for American exercise, where call and put IVs agree); [] when simulated.
   */
  forwards: {
    expiration: string;
    forward: number;
    discount: number;
    method: ForwardMethod;
    impliedYield: number;
    /** Where the rate came from (the Treasury's par curve and its day, or the fixed rate); null where none was given. */
    rateSource: RateSource | null;
  }[];
  contracts: OptionContract[];
}

const finiteOrNull = (value: number): number | null => (Number.isFinite(value) ? value : null);

/** The chain at `at`; an expiration that is not listed gives no contracts. Throws UnknownSymbolError. */
export function optionChainView(symbol: string, at: Date, expiration?: string): OptionChainView {
  const chain = generateChain(symbol, at);
  const n = chain.count;
  const work = workFor(chain);
  priceChain(chain, work);
  const contracts: OptionContract[] = [];
  for (let i = 0; i < n; i += 1) {
    const date = chain.expirations[chain.expirationIndex[i]!]!;
    if (expiration !== undefined && date !== expiration) continue;
    contracts.push({
      type: chain.isCall[i] === 1 ? 'call' : 'put',
      strike: chain.strike[i]!,
      expiration: date,
      years: chain.years[i]!,
      bid: chain.bid[i]!,
      ask: chain.ask[i]!,
      last: chain.last[i]!,
      volume: chain.volume[i]!,
      openInterest: chain.openInterest[i]!,
      iv: finiteOrNull(work.iv[i]!),
      noIvReason: Number.isFinite(work.iv[i]!) ? null : 'no_time_value_bid',
      delta: finiteOrNull(work.delta[i]!),
      gamma: finiteOrNull(work.gamma[i]!),
      theta: finiteOrNull(work.theta[i]!),
      vega: finiteOrNull(work.vega[i]!),
    });
  }
  return {
    symbol: chain.symbol,
    exercise: chain.style,
    underlyingPrice: Math.round(chain.spot * 100) / 100,
    rate: chain.rate,
    dividendYield: chain.dividendYield,
    asOf: chain.asOf,
    expirations: chain.expirations,
    forwards: [],
    contracts,
  };
}
