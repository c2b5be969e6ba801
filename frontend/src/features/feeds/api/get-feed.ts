import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  feedPollMs,
  feedResponseSchemas,
  type FeedName,
  type FeedQueryInput,
  type FeedResponse,
} from '@shared/feeds/schemas';
import { apiPath } from '@shared/routes';
import { ApiError, apiRequest } from '../../../lib/api-client';

type QueryValues = Record<string, string | number | boolean | undefined>;

/** GET /api/feeds/{feed}: the newest items the query asks for, and the screen's extras. */
export function getFeed<F extends FeedName>(
  feed: F,
  query: FeedQueryInput<F>,
  { signal }: { signal?: AbortSignal } = {},
): Promise<FeedResponse<F>> {
  return apiRequest(apiPath('getFeed', { feed }, query as QueryValues), feedResponseSchemas[feed], {
    signal,
  }) as Promise<FeedResponse<F>>;
}

/** A refusal (bad query, plan limit) will not change by asking again. */
const isRefusal = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

/**
 * The feed for a query, polled at its pace while `live` and the page is visible (react-query
 * stops interval refetches in a hidden tab); the previous answer stays on screen while a new
 * query loads.
 */
export function getFeedQueryOptions<F extends FeedName>(feed: F, query: FeedQueryInput<F>, live: boolean) {
  return queryOptions({
    queryKey: ['feeds', feed, query] as const,
    queryFn: ({ signal }) => getFeed(feed, query, { signal }),
    staleTime: feedPollMs(feed),
    refetchInterval: (state) => (!live || isRefusal(state.state.error) ? false : feedPollMs(feed)),
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
  });
}

export function useFeed<F extends FeedName>(feed: F, query: FeedQueryInput<F>, live: boolean) {
  return useQuery(getFeedQueryOptions(feed, query, live));
}
