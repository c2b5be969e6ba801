/**
 * One option chain as every provider adapter returns it (issue 21): the underlying's quote with its
 * time, and per contract the OCC symbol, terms, quote, sizes, last trade, volume, open interest and
 * the vendor's IV and greeks when it gives them. Values a provider does not send are null, never 0:
 * a zero bid is a quote, a missing bid is not. Pure types and schemas; no I/O.
 */
import * as z from 'zod';

export const CHAIN_PROVIDERS = ['cboe', 'polygon', 'tradier'] as const;
export type ChainProviderName = (typeof CHAIN_PROVIDERS)[number];

const isoInstant = z.iso.datetime();
const price = z.number().nonnegative().nullable();

export const optionGreeksSchema = z.object({
  delta: z.number().nullable(),
  gamma: z.number().nullable(),
  /** In the vendor's units (CBOE, Polygon and Tradier all quote theta per calendar day). */
  theta: z.number().nullable(),
  /** In the vendor's units (per 1 vol point for all three). */
  vega: z.number().nullable(),
  rho: z.number().nullable(),
});
export type OptionGreeks = z.infer<typeof optionGreeksSchema>;

export const chainContractSchema = z.object({
  /** The 21-character OSI symbol, root padded to six: `QQQ   230522C00260000`. */
  occ: z.string().length(21),
  /** The contract's root, which may differ from the underlying (SPXW on SPX). */
  root: z.string().min(1),
  type: z.enum(['call', 'put']),
  strike: z.number().positive(),
  /** YYYY-MM-DD. */
  expiration: z.iso.date(),
  bid: price,
  ask: price,
  /** Contracts; some providers send them as floats (3.0). */
  bidSize: z.number().nonnegative().nullable(),
  askSize: z.number().nonnegative().nullable(),
  last: price,
  lastTime: isoInstant.nullable(),
  volume: z.number().nonnegative().nullable(),
  openInterest: z.number().nonnegative().nullable(),
  /** The vendor's implied volatility as a fraction (0.25 = 25 %), or null when not given. */
  iv: z.number().nonnegative().nullable(),
  greeks: optionGreeksSchema.nullable(),
  /** When this quote was current, as the provider says; null when it does not say. */
  quoteTime: isoInstant.nullable(),
});
export type ChainContract = z.infer<typeof chainContractSchema>;

export const chainSnapshotSchema = z.object({
  provider: z.enum(CHAIN_PROVIDERS),
  /** Whether the provider's quotes are delayed (CBOE: 15 minutes); null when it does not say. */
  delayed: z.boolean().nullable(),
  underlying: z.object({
    /** Our symbol: `SPX`, not CBOE's `_SPX`. */
    symbol: z.string().min(1),
    price: price,
    bid: price,
    ask: price,
    /** The time of the underlying's price. */
    asOf: isoInstant.nullable(),
    /** The previous session's close, the day's change from it (in dollars and percent) and volume, where the provider sends them. */
    previousClose: price.optional(),
    change: z.number().nullable().optional(),
    changePercent: z.number().nullable().optional(),
    volume: z.number().nonnegative().nullable().optional(),
  }),
  contracts: z.array(chainContractSchema),
  /** Contracts the provider sent that could not be read, with why; they are not in `contracts`. */
  rejected: z.array(z.object({ symbol: z.string().nullable(), reason: z.string() })),
});
export type ChainSnapshot = z.infer<typeof chainSnapshotSchema>;

/** What a chain adapter offers the rest of the app, whatever the provider behind it. */
export interface ChainProvider {
  readonly name: ChainProviderName;
  chain(symbol: string): Promise<ChainSnapshot>;
}

/** The provider answered with something other than a chain (bad status, bad shape, a paging loop). */
export class ChainProviderError extends Error {
  override name = 'ChainProviderError';
}

/** Fetches a URL and returns its parsed JSON body; throws on a failed request. Injected, so tests and replays serve recorded bodies. */
export type FetchJson = (url: string) => Promise<unknown>;
