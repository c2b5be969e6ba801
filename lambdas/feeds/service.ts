import { FEED_SIMULATION } from '@shared/constants/caps';
import type { FeedName } from '@shared/feeds/schemas';
import type { FeedsRepo } from './repository';

/** Trims each feed to its cap (spec 9), keeping the newest items. Returns how many were removed per feed. */
export async function enforceFeedCaps(repo: FeedsRepo): Promise<Record<FeedName, number>> {
  const removed = {} as Record<FeedName, number>;
  for (const [feed, { cap }] of Object.entries(FEED_SIMULATION) as [FeedName, { cap: number }][]) {
    const excess = await repo.keysBeyond(feed, cap);
    await repo.deleteKeys(feed, excess);
    removed[feed] = excess.length;
  }
  return removed;
}
