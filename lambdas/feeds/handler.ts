import * as z from 'zod';
import { feedParamsSchema, feedQuerySchemas, trendAlertIdParams, type FeedName } from '@shared/feeds/schemas';
import { dynamoDb } from '../common/clients';
import { tableName } from '../common/env';
import { ValidationError } from '../common/errors';
import { issueDetails, noContent, ok, route } from '../common/http';
import { planLookup } from '../common/plan';
import { dismissalsRepo, feedsRepo, withReadCache } from './repository';
import { dismissTrendAlert as dismiss, readFeed } from './service';

/** How long readers share one read of a feed (items are written 90 s ahead, so nothing is shown late). */
const FEED_READ_CACHE_MS = 2000;

const deps = {
  feeds: withReadCache(feedsRepo(dynamoDb, tableName('feeds')), FEED_READ_CACHE_MS),
  dismissals: dismissalsRepo(dynamoDb, tableName('feedDismissals')),
};
const planOf = planLookup(dynamoDb, tableName('profiles'));

/** Each feed has its own filters, so the query is checked once the path has named the feed. */
function feedQuery<F extends FeedName>(feed: F, raw: Record<string, string | undefined>) {
  const parsed = feedQuerySchemas[feed].safeParse(raw);
  if (!parsed.success) {
    const details = issueDetails(parsed.error);
    const fields = [...new Set(details.map((d) => d.path).filter(Boolean))];
    throw new ValidationError(
      `Invalid request query${fields.length ? `: ${fields.join(', ')}` : ''}`,
      details,
    );
  }
  return parsed.data;
}

export const getFeed = route(
  'getFeed',
  { params: feedParamsSchema, query: z.record(z.string(), z.string().optional()) },
  async ({ params, query, userId }) =>
    ok(await readFeed(deps, await planOf(userId), userId, params.feed, feedQuery(params.feed, query))),
);

export const dismissTrendAlert = route(
  'dismissTrendAlert',
  { params: trendAlertIdParams },
  async ({ params, userId }) => {
    await dismiss(deps, await planOf(userId), userId, params.id);
    return noContent();
  },
);
