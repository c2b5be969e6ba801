/**
 * GET /api/feeds/{feed} as pure functions: a feed's filters, its order, `since`, cursor paging,
 * and what each screen shows beside the list (patterns, communities). The handler reads the
 * stored items and hands them here; the tests call these directly.
 */
import { marketStatusAt, type MarketStatus } from '../market/calendar';
import { isKnownSymbol } from '../market/universe';
import { detectDarkPoolPatterns, detectTrendPatterns } from './patterns';
import { SESSION_FEEDS } from './timeline';
import type { ChatterSort, FeedItem, FeedName, FeedQuery, SocialTrend } from './schemas';
import { trendingCommunities } from './social-trends';

export class InvalidCursorError extends Error {
  constructor() {
    super('The cursor is not one this feed gave out');
    this.name = 'InvalidCursorError';
  }
}

type Filter<F extends FeedName> = (item: FeedItem<F>, query: FeedQuery<F>) => boolean;

const filters: { [F in FeedName]: Filter<F> } = {
  alerts: (item, q) => (!q.severity || item.severity === q.severity) && (!q.type || item.type === q.type),
  darkpool: (item, q) =>
    // A real print has no model confidence: the slider does not apply to it (Algo Only leaves it out).
    (q.minConfidence === undefined || item.confidence === undefined || item.confidence >= q.minConfidence) &&
    (!q.algoOnly || item.algorithmicDetection === true) &&
    (!q.side || item.side === q.side),
  chatter: (item, q) =>
    (!q.platform || item.platform === q.platform) &&
    (!q.risk || item.riskLevel === q.risk) &&
    (!q.sentiment || item.sentiment === q.sentiment),
  trends: (item, q) =>
    (!q.severity || item.severity === q.severity) &&
    (!q.risk || item.riskLevel === q.risk) &&
    (!q.type || item.alertType === q.type),
};

/** The items a query's filters keep (ticker and the feed's own), in the order given. */
export function filterFeedItems<F extends FeedName>(
  feed: F,
  items: readonly FeedItem<F>[],
  query: FeedQuery<F>,
): FeedItem<F>[] {
  const keep = filters[feed] as Filter<F>;
  return items.filter((item) => (!query.ticker || item.ticker === query.ticker) && keep(item, query));
}

/** The value the list is ordered by (descending), then newest first. */
function sortValue(feed: FeedName, item: FeedItem<FeedName>, sort: ChatterSort | undefined): number {
  if (feed === 'chatter' && sort && sort !== 'newest') return (item as SocialTrend)[sort];
  return Date.parse(item.timestamp);
}

type Position = [value: number, timestamp: string, id: string];

function compare(a: Position, b: Position): number {
  return b[0] - a[0] || b[1].localeCompare(a[1]) || b[2].localeCompare(a[2]);
}

const encodeCursor = (position: Position) => Buffer.from(JSON.stringify(position)).toString('base64url');

function decodeCursor(cursor: string): Position {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 3 &&
      typeof value[0] === 'number' &&
      typeof value[1] === 'string' &&
      typeof value[2] === 'string'
    )
      return value as Position;
  } catch {
    // not ours
  }
  throw new InvalidCursorError();
}

export interface FeedPage<F extends FeedName> {
  items: FeedItem<F>[];
  cursor: string | null;
  /** Every item the filters keep (before `since`, the cursor and the limit): what the extras read. */
  matched: FeedItem<F>[];
}

/**
 * A page of a feed: filtered, ordered (newest first; chatter may sort by mentions, confidence or
 * growth), newer than `since`, after `cursor`, at most `limit`.
 */
export function pageFeedItems<F extends FeedName>(
  feed: F,
  items: readonly FeedItem<F>[],
  query: FeedQuery<F>,
): FeedPage<F> {
  const sort = feed === 'chatter' ? (query as FeedQuery<'chatter'>).sort : undefined;
  const matched = filterFeedItems(feed, items, query);
  const positioned = matched
    .map((item) => ({ item, position: [sortValue(feed, item, sort), item.timestamp, item.id] as Position }))
    .sort((a, b) => compare(a.position, b.position));
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const since = query.since;
  const selected = positioned.filter(
    ({ item, position }) => (!since || item.timestamp > since) && (!after || compare(after, position) < 0),
  );
  const page = selected.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ item }) => item),
    cursor: selected.length > page.length && last ? encodeCursor(last.position) : null,
    matched,
  };
}

/** What a screen shows beside its list, from the items its filters keep. */
export function feedExtras(feed: FeedName, matched: readonly FeedItem<FeedName>[]) {
  switch (feed) {
    case 'darkpool':
      return { patterns: detectDarkPoolPatterns(matched as FeedItem<'darkpool'>[]) };
    case 'chatter':
      return { communities: trendingCommunities(matched as FeedItem<'chatter'>[]) };
    case 'trends':
      return { patterns: detectTrendPatterns(matched as FeedItem<'trends'>[]) };
    case 'alerts':
      return {};
  }
}

/** What each feed's items are called in a sentence. */
const ITEM_WORDS: Record<FeedName, string> = {
  alerts: 'market alerts',
  darkpool: 'dark pool prints',
  chatter: 'chatter',
  trends: 'trend alerts',
};

/** Why a page is empty, in words the screen shows. */
export function emptyNotice(feed: FeedName, query: FeedQuery<FeedName>, isOpen: boolean): string {
  const words = ITEM_WORDS[feed];
  if (query.ticker)
    return isKnownSymbol(query.ticker)
      ? `No ${words} for ${query.ticker} in the feed right now.`
      : `No ${words} for ${query.ticker}: it is not a symbol the market knows.`;
  if (!isOpen && SESSION_FEEDS.has(feed)) return `Market closed: no ${words} until the next open.`;
  return `No ${words} match these filters.`;
}

/** The market's status at the answer's instant, and the notice of an empty page (null otherwise). */
export function feedStatus(
  feed: FeedName,
  shown: number,
  query: FeedQuery<FeedName>,
  now: Date,
): { notice: string | null; market: MarketStatus } {
  const market = marketStatusAt(now);
  return { notice: shown === 0 ? emptyNotice(feed, query, market.isOpen) : null, market };
}
