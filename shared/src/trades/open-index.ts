/**
 * The trades table's sparse `by_open` index (../tables.ts): an open trade with legs (one the
 * positions job can mark) carries `open_shard`; a closed one, or one without legs, does not. The
 * shard spreads the index over OPEN_TRADE_SHARDS partitions by the owner's id, so one user's open
 * trades share a shard and the job reads the shards one after another.
 */
import type { Trade } from './schemas';

export const OPEN_TRADE_SHARDS = 8;

/** Every shard's key, in order. */
export const openShards = (): string[] => Array.from({ length: OPEN_TRADE_SHARDS }, (_, n) => `open#${n}`);

/** The shard a user's open trades are indexed under. */
export function openShardOf(userId: string): string {
  // FNV-1a over the id's UTF-16 units: stable, and spread over the shards for random ids.
  let hash = 0x811c9dc5;
  for (let i = 0; i < userId.length; i++) hash = Math.imul(hash ^ userId.charCodeAt(i), 0x01000193) >>> 0;
  return `open#${hash % OPEN_TRADE_SHARDS}`;
}

/** The index attribute a trade is stored with: its shard while it is open with legs, else none. */
export function openIndexOf(trade: Pick<Trade, 'user_id' | 'exit_price' | 'legs'>): { open_shard?: string } {
  return trade.exit_price === null && (trade.legs?.length ?? 0) > 0
    ? { open_shard: openShardOf(trade.user_id) }
    : {};
}
