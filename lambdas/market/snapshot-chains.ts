/**
 * Chains read from the shared snapshot (./snapshot-job writes it) instead of from the provider: a
 * container's first chain, scan or mark costs two reads (the manifest, then the symbol's priced
 * chain), never a fetch and a pricing pass of its own. The manifest is read again once it is
 * MANIFEST_TTL_MS old; a chain object never changes, so each is read once per container.
 *
 * Staleness, with the chain's age: the job's own reason when the provider failed for that symbol,
 * or, when the snapshot itself has not been written for three periods while it should have been
 * (the job is not running; outside the sessions the closing snapshot is the newest), that. When the store cannot be read, the manifest read last is kept; with none, the chain is
 * unavailable (ChainUnavailableError: a 404, never a 5xx, never simulated numbers).
 */
import { CappedMap } from '@shared/cache/capped-map';
import type { ChainProviderName } from '@shared/providers/chains/chain';
import {
  decodeStoredChain,
  LATEST_KEY,
  snapshotManifestSchema,
  snapshotSilenceMs,
  type ChainSnapshotStore,
  type SnapshotManifest,
  type StoredChain,
} from '@shared/providers/chains/shared-snapshot';
import type { RealChainHistory } from '@shared/options/real-chain';
import { historyKey, parseDailyHistory } from '@shared/providers/history/daily-history';
import { ChainUnavailableError, type ChainSource, type ServedChain } from './chain-types';

export const MANIFEST_TTL_MS = 5_000;
/** Priced chains kept per container (the largest, SPX's, is tens of MB once parsed). */
const CHAINS_KEPT = 24;
/** A symbol's daily history is read again once this old (the job rewrites it at most a few times a day). */
export const HISTORY_TTL_MS = 10 * 60_000;
const HISTORIES_KEPT = 256;

/** A symbol's real history as the snapshot job stored it (`history/<SYMBOL>.json`); throws when the store fails. */
export async function storedHistory(
  store: ChainSnapshotStore,
  symbol: string,
  provider: ChainProviderName,
): Promise<RealChainHistory> {
  const key = historyKey(symbol);
  const body = await store.get(key);
  if (body === null) return { history: null, missing: 'no session has been recorded for it yet' };
  const parsed = parseDailyHistory(body);
  return parsed && parsed.provider === provider
    ? { history: parsed, missing: '' }
    : { history: null, missing: `${key} is not a ${provider} history` };
}

export class SnapshotChains implements ChainSource {
  readonly provider: { name: ChainProviderName };
  private manifest: { value: SnapshotManifest; readAt: number } | null = null;
  private readonly chains = new CappedMap<string, Promise<StoredChain>>(CHAINS_KEPT);
  private readonly histories = new CappedMap<string, { value: RealChainHistory; readAt: number }>(
    HISTORIES_KEPT,
  );

  /**
   * `now` is the wall clock (the manifest's keeping, the job's writes); `market` the market clock,
   * for whether the job should have written since (default: the wall clock).
   */
  constructor(
    name: ChainProviderName,
    private readonly store: ChainSnapshotStore,
    private readonly now: () => Date = () => new Date(),
    private readonly market: { now(): Date; offsetMs(): number } = { now, offsetMs: () => 0 },
    private readonly manifestTtlMs = MANIFEST_TTL_MS,
  ) {
    this.provider = { name };
  }

  async chain(symbol: string): Promise<ServedChain> {
    const key = symbol.toUpperCase();
    const manifest = await this.latest();
    const entry = manifest.symbols[key];
    if (!entry) {
      const why = manifest.missing[key] ?? `${key} is not in the chain snapshot`;
      throw new ChainUnavailableError(`${why}; no ${key} chain from it yet`);
    }
    const stored = await this.read(entry.key);
    const silentMs = snapshotSilenceMs(manifest.writtenAt, this.market.now(), this.market.offsetMs());
    const jobSilent =
      silentMs > 3 * manifest.periodMs
        ? `the chain snapshot has not been written for ${Math.round(silentMs / 1000)} s`
        : null;
    return {
      snapshot: stored.snapshot,
      priced: stored.priced,
      fetchedAt: stored.fetchedAt,
      staleReason: entry.staleReason ?? jobSilent,
    };
  }

  async history(symbol: string): Promise<RealChainHistory> {
    const key = historyKey(symbol);
    const at = this.now().getTime();
    const kept = this.histories.get(key);
    if (kept && at - kept.readAt < HISTORY_TTL_MS) return kept.value;
    let value: RealChainHistory;
    try {
      value = await storedHistory(this.store, symbol, this.provider.name);
    } catch (error) {
      // The store failed: the history read last is kept, else none this time (asked again next call).
      if (kept) return kept.value;
      return { history: null, missing: `its history could not be read (${(error as Error).message})` };
    }
    this.histories.set(key, { value, readAt: at });
    return value;
  }

  /** The newest manifest, read at most once per MANIFEST_TTL_MS. */
  private async latest(): Promise<SnapshotManifest> {
    const at = this.now().getTime();
    if (this.manifest && at - this.manifest.readAt < this.manifestTtlMs) return this.manifest.value;
    try {
      const body = await this.store.get(LATEST_KEY);
      if (body === null) {
        if (this.manifest) return this.manifest.value;
        throw new ChainUnavailableError('the chain snapshot job has not written a snapshot yet');
      }
      const value = snapshotManifestSchema.parse(JSON.parse(body));
      if (value.provider !== this.provider.name)
        throw new Error(`the snapshot holds ${value.provider} chains, not ${this.provider.name}`);
      this.manifest = { value, readAt: at };
      return value;
    } catch (error) {
      if (error instanceof ChainUnavailableError) throw error;
      if (this.manifest) return this.manifest.value;
      throw new ChainUnavailableError(`the chain snapshot could not be read (${(error as Error).message})`);
    }
  }

  private async read(key: string): Promise<StoredChain> {
    const kept = this.chains.touch(key);
    if (kept) return kept;
    const reading = (async () => {
      const body = await this.store.get(key);
      if (body === null) throw new Error(`${key} is missing`);
      return decodeStoredChain(body);
    })();
    this.chains.set(key, reading);
    try {
      return await reading;
    } catch (error) {
      this.chains.delete(key);
      throw new ChainUnavailableError(`the chain snapshot could not be read (${(error as Error).message})`);
    }
  }
}
