/**
 * The feeds as pure functions of time: the item arriving at an instant of a feed's timeline, the
 * items of a window, and the latest items before an instant (what a feed starts with). Every
 * generator sits behind this one interface, so a real source can replace one without changing
 * the job, the API or the pages.
 */
import type { FeedName, SimulatedFeedItem } from './schemas';
import { generateDarkPoolFlow } from './dark-pool';
import { generateMarketAlert } from './market-alerts';
import { generateSocialTrend } from './social-trends';
import { generateTrendAlert } from './trend-alerts';
import { isInSession } from '../market/calendar';
import { arrivalsBetween, DEFAULT_FEED_SEED, SESSION_FEEDS, walkBack } from './timeline';

type Generator<F extends FeedName> = (t: number, seed: string) => SimulatedFeedItem<F> | null;

export const feedGenerators: { [F in FeedName]: Generator<F> } = {
  alerts: generateMarketAlert,
  darkpool: generateDarkPoolFlow,
  chatter: generateSocialTrend,
  trends: generateTrendAlert,
};

/**
 * The item arriving at `t` (null when a feed's triggers give nothing then, and for the feeds of
 * things that trade, whenever the market is not in its regular session).
 */
export function generateFeedItem<F extends FeedName>(
  feed: F,
  t: number,
  seed = DEFAULT_FEED_SEED,
): SimulatedFeedItem<F> | null {
  if (SESSION_FEEDS.has(feed) && !isInSession(new Date(t))) return null;
  return (feedGenerators[feed] as Generator<F>)(t, seed);
}

/** The items arriving after `fromExclusive`, up to and including `toInclusive` (epoch ms), oldest first. */
export function feedItemsBetween<F extends FeedName>(
  feed: F,
  fromExclusive: number,
  toInclusive: number,
  seed = DEFAULT_FEED_SEED,
): SimulatedFeedItem<F>[] {
  const items: SimulatedFeedItem<F>[] = [];
  for (const t of arrivalsBetween(feed, fromExclusive, toInclusive, seed)) {
    const item = generateFeedItem(feed, t, seed);
    if (item) items.push(item);
  }
  return items;
}

/** The last `count` items at or before `at`, oldest first (a new feed is seeded with these). */
export function latestFeedItems<F extends FeedName>(
  feed: F,
  at: number,
  count: number,
  seed = DEFAULT_FEED_SEED,
): SimulatedFeedItem<F>[] {
  const items: SimulatedFeedItem<F>[] = [];
  walkBack(
    feed,
    at,
    (t) => {
      const item = generateFeedItem(feed, t, seed);
      if (item) items.push(item);
      return items.length < count;
    },
    seed,
  );
  return items.reverse();
}
