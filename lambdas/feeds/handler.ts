import * as z from 'zod';
import { SCORECARD_FEATURES, scorecardParams, scorecardQuery } from '@shared/scorecards/schemas';
import {
  feedParamsSchema,
  feedQuerySchemas,
  trendAlertIdParams,
  type FeedName,
  type FeedQuery,
} from '@shared/feeds/schemas';
import { dynamoDb } from '../common/clients';
import { tableName } from '../common/env';
import { noContent, ok, route, validate } from '../common/http';
import { rememberedFeatureCheck } from '../common/plan';
import { providerStatusRepo } from './provider-status';
import { onFirstUse } from '../common/deps';
import { dismissalsRepo, feedsRepo, withReadCache } from './repository';
import { scorecardRepo } from './scorecard-repository';
import { readScorecard, scorecardSource } from './scorecards';
import { dismissTrendAlert as dismiss, FEED_FEATURES, readFeed } from './service';

/**
 * Readers share one read of a feed for 10 s; the first reader after that waits for a new read
 * (never a read left running after the response: Lambda freezes the container then). A run
 * writes each feed's items 90 s ahead every minute, so a read up to 10 s old holds every item due
 * now. An item is still shown only once due. (A read of a capped feed costs the container a few
 * milliseconds of CPU to decode, which requests arriving meanwhile wait behind.)
 */
const FEED_READ = { freshMs: 10_000 };
/** What the caller's plan is judged from is kept a minute, as the session check keeps its answer. */
const PLAN_REMEMBER_MS = 60_000;

// The scorecards' function is not granted the dismissals table: built when a feed route first reads it.
const dismissals = onFirstUse(() => dismissalsRepo(dynamoDb, tableName('feedDismissals')));
const deps = {
  feeds: withReadCache(feedsRepo(dynamoDb, tableName('feeds')), FEED_READ),
  get dismissals() {
    return dismissals();
  },
  providerStatus: providerStatusRepo(dynamoDb, tableName('feeds')),
};
const planFor = rememberedFeatureCheck(dynamoDb, tableName('profiles'), PLAN_REMEMBER_MS);

/** Each feed has its own filters, so the query is checked once the path has named the feed. */
const feedQuery = <F extends FeedName>(feed: F, raw: Record<string, string | undefined>) =>
  validate(feedQuerySchemas[feed] as unknown as z.ZodType<FeedQuery<F>>, raw, 'query');

export const getFeed = route(
  'getFeed',
  { params: feedParamsSchema, query: z.record(z.string(), z.string().optional()) },
  async ({ params, query, userId }) => {
    const plan = await planFor(userId, FEED_FEATURES[params.feed]);
    return ok(await readFeed(deps, plan, userId, params.feed, feedQuery(params.feed, query)));
  },
);

export const dismissTrendAlert = route(
  'dismissTrendAlert',
  { params: trendAlertIdParams },
  async ({ params, userId }) => {
    await dismiss(deps, await planFor(userId, FEED_FEATURES.trends), userId, params.id);
    return noContent();
  },
);

const scorecards = {
  repo: scorecardRepo(dynamoDb, tableName('feeds')),
  sourceOf: scorecardSource,
};

export const getScorecard = route(
  'getScorecard',
  { params: scorecardParams, query: scorecardQuery },
  async ({ params, query, userId }) => {
    const plan = await planFor(userId, SCORECARD_FEATURES[params.kind]);
    return ok(await readScorecard(scorecards, plan, params.kind, Number(query.days)));
  },
);
