/**
 * The Daily Market Summary's news from the stage's news provider (NEWS_PROVIDER: simulated or
 * polygon). Polygon's latest articles are kept per container: fresh for NEWS_REFRESH_SECONDS
 * (default five minutes; Polygon's free plan allows five calls a minute), then fetched again.
 * When Polygon fails (an error status, 8 s without an answer, a body that is not a news list) the
 * last good stories are served marked stale with their age; with none yet, no stories and the
 * reason. Never the simulated wire's stories on a stage configured for a provider.
 */
import { NEWS_ITEMS_RANGE } from '@shared/constants/caps';
import { quoteAt } from '@shared/market/quotes';
import type { NewsItem } from '@shared/market/schemas';
import { compareNews } from '@shared/market/summary';
import type { DailyMarketSummary } from '@shared/market/summary-schemas';
import {
  FeedProviderError,
  feedProviderLabels,
  NEWS_PROVIDERS,
  providerFromEnv,
  type FeedStale,
  type FetchJson,
} from '@shared/providers/feeds/feed-providers';
import { newsItemFromPolygon, parsePolygonNews, polygonNewsUrl } from '@shared/providers/feeds/polygon-news';
import { runtimeEnv } from '@shared/secrets';
import { feedFetchJson, polygonKeyHeaders, secondsFromEnv } from './provider-fetch';

export const NEWS_FRESH_MS = 5 * 60_000;

export interface NewsProvider {
  name: 'polygon';
  /** The provider's stories published at or before `at`. */
  latest(at: Date): Promise<NewsItem[]>;
}

export function polygonNewsProvider(baseUrl: string, fetchJson: FetchJson): NewsProvider {
  return {
    name: 'polygon',
    latest: async (at) =>
      parsePolygonNews(await fetchJson(polygonNewsUrl(baseUrl, at))).map(newsItemFromPolygon),
  };
}

export interface ServedNews {
  items: NewsItem[];
  fetchedAt: Date | null;
  stale: FeedStale | null;
}

/** The provider's stories, the last good ones kept; the summary shows the most impactful, newest first. */
export class LastGoodNews {
  private kept: { items: NewsItem[]; fetchedAt: Date } | null = null;

  constructor(
    readonly provider: NewsProvider,
    private readonly now: () => Date = () => new Date(),
    private readonly freshMs = NEWS_FRESH_MS,
  ) {}

  async news(at: Date): Promise<ServedNews> {
    const now = this.now();
    const kept = this.kept;
    if (kept && now.getTime() - kept.fetchedAt.getTime() < this.freshMs) return { ...kept, stale: null };
    try {
      const items = (await this.provider.latest(at)).sort(compareNews).slice(0, NEWS_ITEMS_RANGE.max);
      this.kept = { items, fetchedAt: now };
      return { ...this.kept, stale: null };
    } catch (error) {
      if (!(error instanceof FeedProviderError)) throw error;
      const reason = `${feedProviderLabels[this.provider.name]} ${error.message}`;
      const ageSeconds = kept
        ? Math.max(0, Math.floor((now.getTime() - kept.fetchedAt.getTime()) / 1000))
        : 0;
      return { items: kept?.items ?? [], fetchedAt: kept?.fetchedAt ?? null, stale: { reason, ageSeconds } };
    }
  }
}

/**
 * The summary with the provider's stories in place of the simulated ones, and the closing quote
 * (the summary's own close) of every ticker they name, as the summary has for its own stories.
 */
export function withProviderNews(summary: DailyMarketSummary, served: ServedNews): DailyMarketSummary {
  const quoted = new Set(summary.quotes.map((q) => q.symbol));
  const close = new Date(summary.asOf);
  const added = [...new Set(served.items.flatMap((item) => item.tickers))]
    .filter((symbol) => !quoted.has(symbol))
    .map((symbol) => quoteAt(symbol, close));
  return {
    ...summary,
    news: served.items,
    quotes: [...summary.quotes, ...added],
    newsSource: {
      provider: 'polygon',
      fetchedAt: served.fetchedAt?.toISOString() ?? null,
      stale: served.stale,
    },
  };
}

/** The stage's news source, or null for the simulated wire. */
export function configuredNewsSource(env: NodeJS.ProcessEnv = process.env): LastGoodNews | null {
  const name = providerFromEnv(NEWS_PROVIDERS, runtimeEnv.newsProvider, env);
  if (name === 'simulated') return null;
  const fetchJson = feedFetchJson(polygonKeyHeaders);
  return new LastGoodNews(
    polygonNewsProvider(env[runtimeEnv.polygonBaseUrl] ?? 'https://api.polygon.io', fetchJson),
    () => new Date(),
    secondsFromEnv(runtimeEnv.newsRefreshSeconds, NEWS_FRESH_MS, env),
  );
}
