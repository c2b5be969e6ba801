/**
 * A past minute of the shared chain snapshot (@shared/providers/chains/shared-snapshot), read back:
 * the manifest written nearest an instant, and the chains it names. What the scorecards' job reads
 * to record the default scan's picks on a real chain stage and to value them at their horizons
 * (lambdas/feeds/scorecard-scan). Minutes are kept SNAPSHOT_KEPT_DAYS in S3, 30 minutes on disk.
 */
import {
  decodeStoredChain,
  LATEST_KEY,
  manifestKey,
  slotOf,
  snapshotManifestSchema,
  type ChainSnapshotStore,
  type SnapshotManifest,
  type StoredChain,
} from '@shared/providers/chains/shared-snapshot';

const MINUTE_MS = 60_000;

function parseManifest(body: string | null): SnapshotManifest | null {
  if (body === null) return null;
  try {
    const parsed = snapshotManifestSchema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The manifest written nearest `at` (wall clock) within `windowMs` either side, never one written
 * after `notAfter`: the newest manifest (`latest.json`) when it is in range, else each minute's
 * slot outward from `at`'s (an absent minute costs one GET). Null when none is. Throws
 * SnapshotStoreError when the store cannot be read.
 */
export async function manifestNear(
  store: ChainSnapshotStore,
  at: Date,
  windowMs: number,
  notAfter: Date,
): Promise<SnapshotManifest | null> {
  const inRange = (m: SnapshotManifest) => {
    const written = Date.parse(m.writtenAt);
    return Math.abs(written - at.getTime()) <= windowMs && written <= notAfter.getTime();
  };
  const latest = parseManifest(await store.get(LATEST_KEY));
  const target = slotOf(at, MINUTE_MS);
  if (latest && inRange(latest) && Date.parse(latest.slot) <= Date.parse(target)) return latest;
  const steps = Math.floor(windowMs / MINUTE_MS);
  for (let step = 0; step <= steps; step += 1) {
    for (const sign of step === 0 ? [1] : [-1, 1]) {
      const slotAt = new Date(Date.parse(target) + sign * step * MINUTE_MS);
      if (slotAt.getTime() > notAfter.getTime()) continue;
      const manifest =
        latest && latest.slot === slotOf(slotAt, MINUTE_MS)
          ? latest
          : parseManifest(await store.get(manifestKey(slotOf(slotAt, MINUTE_MS))));
      if (manifest && inRange(manifest)) return manifest;
    }
  }
  return latest && inRange(latest) ? latest : null;
}

/** A chain a manifest names, decoded; null when it is gone (or is not a stored chain). */
export async function storedChainAt(store: ChainSnapshotStore, key: string): Promise<StoredChain | null> {
  const body = await store.get(key);
  if (body === null) return null;
  try {
    return decodeStoredChain(body);
  } catch {
    return null;
  }
}
