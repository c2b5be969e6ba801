/**
 * Which provider serves each feed on this stage (SOCIAL_PROVIDER for Risky Chatter,
 * DARKPOOL_PROVIDER for Dark Pool Flow, FLOW_PROVIDER for Market Alerts' options flow; Trend
 * Alerts stay simulated until an adapter exists), the scheduled run's real sources, and what the
 * API does with a feed's stored items: only the stage's provider's items, each saying its
 * provider, and the provider's staleness. A simulated item never reaches a stage configured for a
 * real provider (items stored before the switch included), nor a real one a simulated stage.
 */
import type { AnyFeedItem, FeedName } from '@shared/feeds/schemas';
import {
  DARKPOOL_PROVIDERS,
  FLOW_PROVIDERS,
  providerFromEnv,
  SOCIAL_PROVIDERS,
  type FeedProviderName,
  type FeedStale,
} from '@shared/providers/feeds/feed-providers';
import { runtimeEnv } from '@shared/secrets';
import { marketNow } from '../common/clock';
import { darkPoolSymbols, PolygonDarkPool } from './darkpool-source';
import { UnusualWhalesFlow } from './flow-source';
import { feedFetchJson, polygonKeyHeaders, unusualWhalesKeyHeaders } from './provider-fetch';
import { staleOf, type ProviderStatusRepo } from './provider-status';
import type { FeedsRepo } from './repository';
import { socialSymbols, StocktwitsChatter, type RealFeedRun } from './social-source';

export function feedProviderOf(feed: FeedName, env: NodeJS.ProcessEnv = process.env): FeedProviderName {
  if (feed === 'chatter') return providerFromEnv(SOCIAL_PROVIDERS, runtimeEnv.socialProvider, env);
  if (feed === 'darkpool') return providerFromEnv(DARKPOOL_PROVIDERS, runtimeEnv.darkPoolProvider, env);
  // Options flow is the Market Alerts feed's real source: on such a stage the feed holds its alerts only.
  if (feed === 'alerts') return providerFromEnv(FLOW_PROVIDERS, runtimeEnv.flowProvider, env);
  return 'simulated';
}

/** A feed's real source, as the scheduled run calls it. */
export type RealFeedSource = { run(repo: FeedsRepo): Promise<RealFeedRun> };
export type RealFeeds = Partial<Record<FeedName, RealFeedSource>>;

/** The stage's real sources (none on a simulated stage). */
export function configuredRealFeeds(
  status: ProviderStatusRepo,
  env: NodeJS.ProcessEnv = process.env,
): RealFeeds {
  const feeds: RealFeeds = {};
  if (feedProviderOf('chatter', env) === 'stocktwits') {
    const chatter = new StocktwitsChatter(
      env[runtimeEnv.stocktwitsBaseUrl] ?? 'https://api.stocktwits.com',
      feedFetchJson(),
      socialSymbols(env),
    );
    feeds.chatter = { run: (repo) => chatter.run(repo, status) };
  }
  if (feedProviderOf('darkpool', env) === 'polygon') {
    const darkPool = new PolygonDarkPool(
      env[runtimeEnv.polygonBaseUrl] ?? 'https://api.polygon.io',
      feedFetchJson(polygonKeyHeaders),
      darkPoolSymbols(env),
      marketNow,
    );
    feeds.darkpool = { run: (repo) => darkPool.run(repo, status) };
  }
  if (feedProviderOf('alerts', env) === 'unusualwhales') {
    const flow = new UnusualWhalesFlow(
      env[runtimeEnv.unusualWhalesBaseUrl] ?? 'https://api.unusualwhales.com',
      feedFetchJson(unusualWhalesKeyHeaders),
      marketNow,
    );
    feeds.alerts = { run: (repo) => flow.run(repo, status) };
  }
  return feeds;
}

export interface ProviderView<T extends AnyFeedItem> {
  items: T[];
  source: FeedProviderName;
  stale: FeedStale | null;
}

/** The stage's provider's items of a feed, each labelled with it, and whether they are stale. */
export async function providerView<T extends AnyFeedItem>(
  feed: FeedName,
  items: readonly T[],
  status: ProviderStatusRepo | undefined,
  env: NodeJS.ProcessEnv = process.env,
  wallNow = Date.now(),
): Promise<ProviderView<T>> {
  const source = feedProviderOf(feed, env);
  const mine = items
    .filter((item) => (item.provider ?? 'simulated') === source)
    .map((item) => ({ ...item, provider: source }));
  const stale = source === 'simulated' || !status ? null : staleOf(await status.get(feed), wallNow);
  return { items: mine, source, stale };
}
