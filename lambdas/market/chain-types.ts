/**
 * What the chain route, the scan, the positions and the assistant read a real provider's chains
 * through (./chain-source: fetched per container; ./snapshot-chains: from the shared snapshot).
 */
import type { ChainProvider, ChainSnapshot } from '@shared/providers/chains/chain';
import type { PricedChain } from '@shared/providers/chains/price-real-chain';
import type { RealChainHistory } from '@shared/options/real-chain';
import type { TreasuryCurve } from '@shared/providers/rates/treasury';

/** A real provider's chain as served: when it was fetched, and whether it is the last good one. */
export interface ServedChain {
  snapshot: ChainSnapshot;
  fetchedAt: Date;
  /** Why the provider's latest answer was not used; null when this chain is its latest answer. */
  staleReason: string | null;
  /** The chain already priced (read from the shared snapshot); absent, the reader prices it. */
  priced?: PricedChain;
}

/** Where the chain route, the scan, the positions and the assistant get a real provider's chains. */
export interface ChainSource {
  readonly provider: { readonly name: ChainProvider['name'] };
  chain(symbol: string): Promise<ServedChain>;
  /**
   * The symbol's recorded daily history (closes and closing IVs, the chain snapshot's `history/`),
   * or why there is none; absent where the stage keeps no snapshot. Never throws.
   */
  history?(symbol: string): Promise<RealChainHistory>;
  /**
   * The risk-free curve a chain served unpriced is priced with (./rates: the Treasury's, asked
   * once a New York day), null when none was ever had; absent where chains come priced. Never throws.
   */
  curve?(): Promise<TreasuryCurve | null>;
}

/** No chain of that symbol has ever come from the provider. */
export class ChainUnavailableError extends Error {
  override name = 'ChainUnavailableError';
}
