/**
 * The live feeds' rules. The scheduled run writes each feed's items due over the next minute and
 * a half (the generators are pure functions of time, so a repeated or overlapping run writes the
 * same items); the cap job trims each feed; the API shows an item only once its time has come,
 * filtered and paged per the caller's query, with dismissals per user and the plan's limits.
 */
import { FEED_SIMULATION } from '@shared/constants/caps';
import type { EffectivePlan, PlanFeature } from '@shared/constants/plans';
import { feedItemsBetween, latestFeedItems } from '@shared/feeds/generate';
import { feedExtras, feedStatus, InvalidCursorError, pageFeedItems } from '@shared/feeds/query';
import {
  feedNames,
  type AnyFeedItem,
  type FeedItem,
  type FeedName,
  type FeedQuery,
  type FeedResponse,
  type SimulatedFeedItem,
} from '@shared/feeds/schemas';
import { DEFAULT_FEED_SEED } from '@shared/feeds/timeline';
import { isoDateOf, newYorkTime } from '@shared/market/calendar';
import { NotFoundError, ValidationError } from '../common/errors';
import { requireFeature } from '../common/plan';
import type { DismissalsRepo, FeedsRepo } from './repository';
import type { ProviderStatusRepo } from './provider-status';
import { providerView, type RealFeeds } from './real-feeds';
import { marketClock, marketNow } from '../common/clock';

/**
 * A market instant as the wall clock's epoch seconds, for a TTL: stored rows expire in real time,
 * so that a replay of a past session (the market clock set back) does not see its items reaped
 * as soon as they are written.
 */
const wallSeconds = (marketIso: string) =>
  Math.floor((Date.parse(marketIso) - marketClock().offsetMs()) / 1000);

/** A run writes the items due until this long after it (a schedule fires once a minute, sometimes late). */
export const RUN_HORIZON_MS = 90_000;
/** DynamoDB TTL: an item leaves a day after its time, whatever the caps did. */
export const FEED_ITEM_TTL_SECONDS = 24 * 60 * 60;
/** A dismissal outlives the alert it hides. */
export const DISMISSAL_TTL_SECONDS = 7 * 24 * 60 * 60;
const DAILY_COUNT_TTL_SECONDS = 3 * 24 * 60 * 60;

export const FEED_FEATURES: Record<FeedName, PlanFeature> = {
  alerts: 'alerts',
  darkpool: 'darkpool',
  chatter: 'chatter',
  trends: 'trends',
};

export interface FeedDeps {
  feeds: FeedsRepo;
  dismissals: DismissalsRepo;
  /** How the stage's real providers' last runs went (unset: no feed is marked stale). */
  providerStatus?: ProviderStatusRepo;
  seed?: string;
}

/** The New York day ('YYYY-MM-DD') of an instant: the market's 'today'. */
export const newYorkDay = (iso: string) => isoDateOf(newYorkTime(new Date(iso)).dayNumber);

/**
 * How far back a run catches up after a pause: about a cap's worth of items. Beyond that the
 * older items would be trimmed anyway, so the timeline restarts here (as a resumed feed's timer does).
 */
const catchUpMs = (feed: FeedName) =>
  FEED_SIMULATION[feed].cap * FEED_SIMULATION[feed].intervalSeconds.max * 1000;

/** The items a run at `now` adds to a feed whose newest stored item is at `newest` (null: empty). */
export function itemsForRun<F extends FeedName>(
  feed: F,
  newest: string | null,
  now: Date,
  seed = DEFAULT_FEED_SEED,
): SimulatedFeedItem<F>[] {
  const t = now.getTime();
  const horizon = t + RUN_HORIZON_MS;
  if (newest === null) {
    return [
      ...latestFeedItems(feed, t, FEED_SIMULATION[feed].seeded, seed),
      ...feedItemsBetween(feed, t, horizon, seed),
    ];
  }
  const from = Math.max(Date.parse(newest), t - catchUpMs(feed));
  return feedItemsBetween(feed, from, horizon, seed);
}

/**
 * The scheduled run: each feed's new items, with their TTL; alerts also counted per New York day.
 * Alerts are counted before they are stored: a run that fails after counting is run again from
 * the same newest stored item and counts only the alerts beyond those counted, so none is counted
 * twice or lost (counted after storing, a failed count would never be made up: the next run starts
 * after the stored alerts).
 */
export async function runFeedGenerators(
  repo: FeedsRepo,
  now = marketNow(),
  seed = DEFAULT_FEED_SEED,
  real: RealFeeds = {},
): Promise<Record<FeedName, number>> {
  const written = {} as Record<FeedName, number>;
  for (const feed of feedNames) {
    const source = real[feed];
    if (source) {
      // A real provider's feed (lambdas/feeds/real-feeds.ts): its own items, never the generator's.
      written[feed] = (await source.run(repo)).written;
      continue;
    }
    const items = itemsForRun(feed, await repo.newestTimestamp(feed), now, seed);
    if (feed === 'alerts') await countAlerts(repo, items);
    await repo.putItems(feed, items, (item) => wallSeconds(item.timestamp) + FEED_ITEM_TTL_SECONDS);
    written[feed] = items.length;
  }
  return written;
}

async function countAlerts(repo: FeedsRepo, alerts: readonly AnyFeedItem[]): Promise<void> {
  const byDay = new Map<string, AnyFeedItem[]>();
  for (const alert of alerts) {
    const day = newYorkDay(alert.timestamp);
    byDay.set(day, [...(byDay.get(day) ?? []), alert]);
  }
  for (const [day, items] of byDay) {
    const counted = await repo.dailyCount(day);
    const uncounted = counted ? items.filter((item) => item.timestamp > counted.through) : items;
    if (uncounted.length === 0) continue;
    await repo.addToDailyCount(
      day,
      uncounted.length,
      uncounted[0]!.timestamp,
      uncounted.at(-1)!.timestamp,
      wallSeconds(uncounted.at(-1)!.timestamp) + DAILY_COUNT_TTL_SECONDS,
    );
  }
}

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

async function todayCount(repo: FeedsRepo, stored: readonly AnyFeedItem[], now: Date): Promise<number> {
  const nowIso = now.toISOString();
  const today = newYorkDay(nowIso);
  const counted = await repo.dailyCount(today);
  if (!counted)
    return stored.filter((a) => a.timestamp <= nowIso && newYorkDay(a.timestamp) === today).length;
  // The run counted alerts up to `through`; those not yet due are not shown yet, so not counted yet.
  const ahead = stored.filter(
    (a) => a.timestamp > nowIso && a.timestamp <= counted.through && newYorkDay(a.timestamp) === today,
  ).length;
  return Math.max(0, counted.count - ahead);
}

/** GET /api/feeds/{feed}: the due items the query asks for, newest first, and the screen's extras. */
export async function readFeed<F extends FeedName>(
  deps: FeedDeps,
  plan: EffectivePlan,
  userId: string,
  feed: F,
  query: FeedQuery<F>,
  now = marketNow(),
): Promise<FeedResponse<F>> {
  requireFeature(plan, FEED_FEATURES[feed]);
  const nowIso = now.toISOString();
  const [stored, dismissed] = await Promise.all([
    deps.feeds.items(feed),
    feed === 'trends' ? deps.dismissals.list(userId, 'trends') : Promise.resolve([]),
  ]);
  const view = await providerView(
    feed,
    stored.filter((item) => item.timestamp <= nowIso) as FeedItem<F>[],
    deps.providerStatus,
  );
  let due = view.items;

  if (feed === 'trends') {
    const dismissedAt = new Map(dismissed.map((d) => [d.id, d.dismissed_at]));
    const include = (query as FeedQuery<'trends'>).includeDismissed === true;
    due = (due as FeedItem<'trends'>[]).flatMap((alert) => {
      const at = dismissedAt.get(alert.id);
      if (at === undefined) return [alert];
      return include ? [{ ...alert, isActive: false, dismissedAt: at }] : [];
    }) as FeedItem<F>[];
  }

  let page;
  try {
    page = pageFeedItems(feed, due, query);
  } catch (error) {
    if (error instanceof InvalidCursorError)
      throw new ValidationError('Invalid request query: cursor', [
        { path: 'cursor', message: error.message },
      ]);
    throw error;
  }
  const base = {
    items: page.items,
    ...feedStatus(feed, page.items.length, query, now),
    cursor: page.cursor,
    asOf: nowIso,
    source: view.source,
    stale: view.stale,
  };
  if (feed === 'alerts') {
    // A provider's alerts are not tallied by the run: count its stored alerts of today.
    const count =
      view.source === 'simulated'
        ? await todayCount(deps.feeds, stored, now)
        : view.items.filter((a) => newYorkDay(a.timestamp) === newYorkDay(nowIso)).length;
    return { ...base, todayCount: count } as FeedResponse<F>;
  }
  return { ...base, ...feedExtras(feed, page.matched) } as FeedResponse<F>;
}

/** POST /api/feeds/trends/{id}/dismiss: hides a shown trend alert for this user, in every browser. */
export async function dismissTrendAlert(
  deps: FeedDeps,
  plan: EffectivePlan,
  userId: string,
  id: string,
  now = marketNow(),
): Promise<void> {
  requireFeature(plan, FEED_FEATURES.trends);
  const nowIso = now.toISOString();
  const alert = (await deps.feeds.items('trends')).find((item) => item.id === id && item.timestamp <= nowIso);
  if (!alert) throw new NotFoundError('There is no such trend alert (it may have expired)');
  await deps.dismissals.dismiss(userId, 'trends', id, nowIso, wallSeconds(nowIso) + DISMISSAL_TTL_SECONDS);
}
