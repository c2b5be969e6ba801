/**
 * The underlyings' closes the chain snapshot job recorded (@shared/providers/chains/closes), read
 * from the snapshot's store: what settles an expired trade on a real provider, and what values a
 * scorecard's horizon at a session's close. A day's record once found is kept per container (a
 * session's closes are written once, after its close); a day without one is asked again once
 * MISSING_TTL_MS has passed (a scorecards run asks for one day's close of a thousand signals).
 */
import { CappedMap } from '@shared/cache/capped-map';
import type { ChainProviderName } from '@shared/providers/chains/chain';
import {
  closesKey,
  parseClosesRecord,
  type ClosesRecord,
  type RecordedClose,
} from '@shared/providers/chains/closes';
import { SnapshotStoreError, type ChainSnapshotStore } from '@shared/providers/chains/shared-snapshot';
import { configuredSnapshotStore } from './snapshot-store';

export interface RecordedCloses {
  /**
   * The symbol's recorded close on a session day (ISO), with the provider that sent it; null when
   * none was recorded. Throws SnapshotStoreError when the store cannot be read.
   */
  close(symbol: string, day: string): Promise<(RecordedClose & { provider: ChainProviderName }) | null>;
}

/** Days' records kept per container. */
const DAYS_KEPT = 64;
/** How long a day found without a record is answered "not recorded" without asking the store again. */
export const MISSING_TTL_MS = 60_000;

export function storedCloses(store: ChainSnapshotStore, now: () => number = Date.now): RecordedCloses {
  const days = new CappedMap<string, ClosesRecord>(DAYS_KEPT);
  const missing = new CappedMap<string, number>(DAYS_KEPT);
  return {
    async close(symbol, day) {
      let record = days.touch(day);
      if (!record) {
        const askedAt = missing.get(day);
        if (askedAt !== undefined && now() - askedAt < MISSING_TTL_MS) return null;
        const body = await store.get(closesKey(day));
        if (body === null) {
          missing.set(day, now());
          return null;
        }
        const parsed = parseClosesRecord(body);
        if (!parsed) throw new SnapshotStoreError(`${closesKey(day)} is not a closes record`);
        record = parsed;
        days.set(day, record);
      }
      const close = record.closes[symbol.toUpperCase()];
      return close ? { ...close, provider: record.provider } : null;
    },
  };
}

/** The stage's recorded closes, where it keeps a chain snapshot; null otherwise. */
export function configuredCloses(env: NodeJS.ProcessEnv = process.env): RecordedCloses | null {
  const store = configuredSnapshotStore(env);
  return store ? storedCloses(store) : null;
}
