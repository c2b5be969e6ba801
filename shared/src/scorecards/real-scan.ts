/**
 * The default scan on a real chain stage (docs/decisions/signal-scorecards.md): each chain of one
 * minute's shared snapshot turned into the scanner's shape (../options/real-chain), the chains
 * scanned together as one universe, so the scanner's own selection caps the results as it caps the
 * simulated universe's (best per underlying, per strategy, then the best overall), and the first
 * SCAN_PICKS_PER_SESSION recorded as picks. A pick is valued closing its legs at the bid and ask
 * of a later minute's chain (./positions), or settled at its expiration day's recorded close.
 */
import { BoundaryCache } from '../pricing/american-batch';
import { DEFAULT_SCAN } from '../options/backtest';
import { scanFiltersSchema } from '../options/scan-filters';
import { scan } from '../options/scanner';
import type { UniverseSnapshot } from '../options/snapshot';
import type { ChainProviderName } from '../providers/chains/chain';
import type { PricedChain } from '../providers/chains/price-real-chain';
import { closingValue, type LegQuote } from './positions';
import { SCAN_PICKS_PER_SESSION, type SignalRecord } from './schemas';
import { scanPickSignal } from './signals';

/** One-chain snapshots (realChainSnapshot's) as one universe: their chains and work side by side. */
export function mergeSnapshots(snapshots: readonly UniverseSnapshot[]): UniverseSnapshot {
  const chains = snapshots.flatMap((s) => s.chains);
  const order = chains
    .map((chain, i) => ({ symbol: chain.symbol, i }))
    .sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));
  const tickerRank = new Int32Array(chains.length);
  order.forEach(({ i }, rank) => (tickerRank[i] = rank));
  return {
    asOf:
      snapshots
        .map((s) => s.asOf)
        .sort()
        .at(-1) ?? new Date(0).toISOString(),
    marketOpen: snapshots.some((s) => s.marketOpen),
    chains,
    work: snapshots.flatMap((s) => s.work),
    tickerRank,
    contractCount: snapshots.reduce((sum, s) => sum + s.contractCount, 0),
    boundaries: new BoundaryCache(),
  };
}

/**
 * The default scan's picks over a minute's real chains (each already a one-chain snapshot), as
 * scorecard signals at `at` (the scorecard's pick instant): the ids name the provider and the
 * rank, so a run again that day records none twice.
 */
export function realScanPicks(
  snapshots: readonly UniverseSnapshot[],
  at: Date,
  provider: ChainProviderName,
): SignalRecord[] {
  if (snapshots.length === 0) return [];
  const results = scan(mergeSnapshots(snapshots), scanFiltersSchema.parse(DEFAULT_SCAN)).results;
  return results.slice(0, SCAN_PICKS_PER_SESSION).flatMap((pick, rank) => {
    const signal = scanPickSignal(pick, rank + 1, at);
    if (!signal) return [];
    return [
      {
        ...signal,
        id: `scan-${provider}-${at.toISOString()}-${rank + 1}`,
        source: provider,
        quotedAt: new Date(pick.position.asOf).toISOString(),
      },
    ];
  });
}

/** A contract's bid and ask in a priced real chain (null sides as the provider sent them). */
function quoteInReal(chain: PricedChain): LegQuote {
  const byKey = new Map(
    chain.contracts.map((c) => [`${c.contract.type}|${c.contract.strike}|${c.contract.expiration}`, c]),
  );
  return (kind, strike, expiration) => {
    const found = byKey.get(`${kind}|${strike}|${expiration}`);
    return found ? { bid: found.contract.bid, ask: found.contract.ask } : null;
  };
}

/** A pick's value closed at a real chain's bid and ask; null when a leg is not quoted there. */
export function realClosingValue(record: SignalRecord, chain: PricedChain): number | null {
  if (!record.legs || chain.symbol.toUpperCase() !== record.ticker.toUpperCase()) return null;
  return closingValue(record.legs, chain.spot, quoteInReal(chain));
}
