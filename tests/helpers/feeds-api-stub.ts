/**
 * The feeds as the jsdom page tests meet them: items from the real generators at a fixed instant,
 * and `serveFeeds` answering GET /api/feeds/{feed} on the MSW harness (tests/helpers/api-server.ts)
 * with the shared query schemas and paging code the handler uses.
 */
import type { HttpHandler } from 'msw';
import { feedItemsBetween } from '@shared/feeds/generate';
import { feedExtras, feedStatus, pageFeedItems } from '@shared/feeds/query';
import {
  feedNameSchema,
  feedQuerySchemas,
  type AnyFeedItem,
  type FeedItem,
  type FeedName,
} from '@shared/feeds/schemas';
import { requestsTo, serve } from './api-server';

export const FEEDS_AS_OF = '2026-11-23T16:00:00.000Z';

export interface FeedsStub {
  items: { [F in FeedName]: FeedItem<F>[] };
  /** The instant the answers are made at (FEEDS_AS_OF unless a test moves it, e.g. to a holiday). */
  asOf?: string;
  /** Adds an item to the top of a feed (what the next poll shows). */
  push<F extends FeedName>(feed: F, item: FeedItem<F>): void;
}

const newestFirst = <T extends AnyFeedItem>(items: T[]) =>
  [...items].sort((a, b) => b.timestamp.localeCompare(a.timestamp));

export function feedsStub(): FeedsStub {
  const t = Date.parse(FEEDS_AS_OF);
  const window = (feed: FeedName, minutes: number) =>
    newestFirst(feedItemsBetween(feed, t - minutes * 60_000, t));
  const stub: FeedsStub = {
    items: {
      alerts: window('alerts', 30) as FeedItem<'alerts'>[],
      darkpool: window('darkpool', 6) as FeedItem<'darkpool'>[],
      chatter: window('chatter', 20) as FeedItem<'chatter'>[],
      trends: window('trends', 12) as FeedItem<'trends'>[],
    },
    push(feed, item) {
      (stub.items[feed] as AnyFeedItem[]).unshift(item);
    },
  };
  return stub;
}

/** The feed's answer to `query`: the stub's items, less `hidden`, paged by the shared feed code. */
function feedAnswer(
  stub: FeedsStub,
  feed: FeedName,
  query: Record<string, string>,
  hidden: ReadonlySet<string>,
) {
  const parsed = feedQuerySchemas[feed].parse(query);
  const items = (stub.items[feed] as AnyFeedItem[]).filter((item) => !hidden.has(item.id));
  const page = pageFeedItems(feed, items as never, parsed as never);
  const base = {
    items: page.items,
    ...feedStatus(feed, page.items.length, parsed, new Date(stub.asOf ?? FEEDS_AS_OF)),
    cursor: page.cursor,
    asOf: stub.asOf ?? FEEDS_AS_OF,
    source: 'simulated' as const,
    stale: null,
  };
  return feed === 'alerts'
    ? { ...base, todayCount: items.length + 40 }
    : { ...base, ...feedExtras(feed, page.matched as AnyFeedItem[]) };
}

/**
 * GET /api/feeds/{feed} from the stub's items at the time of each request (so `push` shows on
 * the next poll), without the ids in `hidden` (what the server leaves out once dismissed).
 */
export const serveFeeds = (stub: FeedsStub, hidden: ReadonlySet<string> = new Set()): HttpHandler =>
  serve(
    'getFeed',
    ({ params, query }) => feedAnswer(stub, feedNameSchema.parse(params.feed), query, hidden) as never,
  );

/** The query parameters of each request made to one feed, in order (MSW harness). */
export const requestsToFeed = (feed: FeedName) =>
  requestsTo('getFeed')
    .filter((request) => request.params.feed === feed)
    .map((request) => new URLSearchParams(request.query));
