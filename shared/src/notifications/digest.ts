/**
 * Digests (issue 25): a burst of matches (the open, when a hundred alerts land in one feeds run)
 * is sent as one notification per user and channel instead of one each, or none past the cap.
 * Pure: the delivery service decides the burst and stores it; the tests call these.
 */
import type { MatchedEvent, NotifiedEvent } from './schemas';

/** More sendable matches than this for one user in one feeds run are a burst, sent as digests. */
export const DIGEST_AFTER = 3;
/** Matches a digest lists (it counts all of them). */
export const DIGEST_LISTED = 50;

const listed = (names: readonly string[], most: number) =>
  names.length <= most
    ? names.join(', ')
    : `${names.slice(0, most).join(', ')} and ${names.length - most} more`;

/** The digest's event: how many matched, on which tickers, each listed (oldest first), its newest time. */
export function digestEvent(id: string, events: readonly NotifiedEvent[]): NotifiedEvent {
  const items: MatchedEvent[] = events
    .filter((event): event is NotifiedEvent & Pick<MatchedEvent, 'feed'> => event.feed !== 'digest')
    .map(({ feed, id: itemId, ticker, summary, timestamp, provider }) => ({
      feed,
      id: itemId,
      ticker,
      summary,
      timestamp,
      provider,
    }))
    .sort((a, b) => a.timestamp.localeCompare(b.timestamp) || a.id.localeCompare(b.id));
  const tickers = [...new Set(items.map((e) => e.ticker))];
  const providers = [...new Set(items.map((e) => e.provider))];
  const plural = items.length === 1 ? 'match' : 'matches';
  return {
    feed: 'digest',
    id,
    ticker: listed(tickers, 3),
    summary: `${items.length} ${plural} of your rules on ${listed(tickers, 8)}`,
    timestamp: items.at(-1)?.timestamp ?? new Date(0).toISOString(),
    provider: providers.join(', '),
    count: items.length,
    items: items.slice(0, DIGEST_LISTED),
  };
}

/** A digest as e-mail text: the count, each listed match in a line, and what was left out. */
export function digestText(event: NotifiedEvent): string {
  const items = event.items ?? [];
  const lines = items.map((item) => `- ${item.summary} (${item.provider}, ${item.timestamp})`);
  const more = (event.count ?? items.length) - items.length;
  return [`${event.summary}.`, '', ...lines, ...(more > 0 ? [`…and ${more} more.`] : [])].join('\n');
}
