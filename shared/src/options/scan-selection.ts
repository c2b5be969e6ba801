/**
 * Which scored candidates become results: each (underlying, strategy) group keeps its best, the
 * groups feed a pool, and the final selection takes the pool in sort order while respecting the
 * per-underlying (maxResultsPerTicker) and per-strategy (maxResultsPerStrategy) caps. The sort
 * key of a candidate is computed here too. The chosen pool slots become result objects in
 * ./scan-results.
 */
import {
  F_DELTA,
  F_EDGE,
  F_EXPECTED_RETURN,
  F_IV,
  F_MAX_LOSS,
  F_MAX_PROFIT,
  F_NET_PREMIUM,
  F_OPEN_INTEREST,
  F_POP,
  F_THETA,
  F_VEGA,
  F_VOLUME,
  INTS,
  I_CHAIN,
  I_STRATEGY,
  TopK,
  candidate,
} from './scan-candidates';
import {
  maxResultsPerStrategy,
  maxResultsPerTicker,
  type ScanFilters,
  type ScanSortKey,
} from './scan-filters';
import { STRATEGY_CODES } from './scan-results';

/** Candidates kept for the final selection at most (only reached with caps close to a large limit). */
const POOL_MAX = 20_000;

export class ScanSelection {
  /**
   * The candidates the final selection picks from: each (underlying, strategy) group's best
   * min(limit, per-ticker cap, per-strategy cap). Picking greedily from them by the sort key while
   * respecting both caps gives the same list as picking from every candidate.
   */
  readonly pool: TopK;
  /** The underlying being scanned: its best of each strategy. */
  private readonly groups: TopK[];
  private readonly limit: number;
  private readonly tickerCap: number;
  private readonly strategyCap: number;

  constructor(filters: ScanFilters, chains: number) {
    const descending = filters.sortDir === 'desc';
    this.limit = filters.limit;
    this.tickerCap = Math.min(filters.limit, maxResultsPerTicker(filters));
    this.strategyCap = Math.min(filters.limit, maxResultsPerStrategy(filters));
    const groupCap = Math.min(this.tickerCap, this.strategyCap);
    this.groups = STRATEGY_CODES.map(() => new TopK(groupCap, descending));
    const uncapped = this.tickerCap >= filters.limit && this.strategyCap >= filters.limit;
    this.pool = new TopK(
      uncapped ? filters.limit : Math.min(POOL_MAX, chains * STRATEGY_CODES.length * groupCap),
      descending,
    );
  }

  /** Keeps the scratch candidate (./scan-candidates) if it is among its group's best. */
  offer(chain: number, strategy: number, expiration: number): void {
    this.groups[strategy]!.offer(chain, strategy, expiration);
  }

  /** After each underlying: its groups' best move to the pool. */
  closeUnderlying(): void {
    for (const group of this.groups) this.pool.offerAll(group);
  }

  /** Pool slots of the results, best first: the pool in order, skipping any over its underlying's or strategy's cap. */
  select(): number[] {
    const { pool } = this;
    const selected: number[] = [];
    const perChain = new Map<number, number>();
    const perStrategy = new Int32Array(STRATEGY_CODES.length);
    for (const slot of pool.sorted()) {
      if (selected.length >= this.limit) break;
      const chain = pool.ints[slot * INTS + I_CHAIN]!;
      const strategy = pool.ints[slot * INTS + I_STRATEGY]!;
      const chainCount = perChain.get(chain) ?? 0;
      if (chainCount >= this.tickerCap || perStrategy[strategy]! >= this.strategyCap) continue;
      perChain.set(chain, chainCount + 1);
      perStrategy[strategy] = perStrategy[strategy]! + 1;
      selected.push(slot);
    }
    return selected;
  }
}

/** The scratch candidate's sort key under `sortBy` (its edge score already in F_EDGE). */
export function sortValue(
  sortBy: ScanSortKey,
  ivRank: number,
  dte: number,
  tickerRank: number,
  strike: number,
): number {
  switch (sortBy) {
    case 'edgeScore':
      return candidate[F_EDGE]!;
    case 'expectedReturn':
      return candidate[F_EXPECTED_RETURN]!;
    case 'probabilityOfProfit':
      return candidate[F_POP]!;
    case 'iv':
      return candidate[F_IV]!;
    case 'ivRank':
      return ivRank;
    case 'volume':
      return candidate[F_VOLUME]!;
    case 'openInterest':
      return candidate[F_OPEN_INTEREST]!;
    case 'premium':
      return Math.abs(candidate[F_NET_PREMIUM]!);
    case 'delta':
      return candidate[F_DELTA]!;
    case 'theta':
      return candidate[F_THETA]!;
    case 'vega':
      return candidate[F_VEGA]!;
    case 'dte':
      return dte;
    case 'capital':
      return candidate[F_MAX_LOSS]!;
    case 'rewardRisk':
      return candidate[F_MAX_PROFIT]! / candidate[F_MAX_LOSS]!;
    case 'ticker':
      return tickerRank;
    case 'strike':
      return strike;
  }
}
