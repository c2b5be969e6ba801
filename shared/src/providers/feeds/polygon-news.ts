/**
 * Polygon's news (`GET /v2/reference/news`) as Daily Market Summary stories: the publisher, the
 * article's own link and time, the tickers it names that our universe knows, and Polygon's
 * per-ticker sentiment (`insights`) as the story's sentiment and trading note. Category and
 * impact follow the rules below (docs/providers.md "News"); nothing is made up: a story whose
 * article has no insights is neutral and says so. Pure; the fetching is lambdas/feeds/news-source.ts.
 */
import * as z from 'zod';
import type { NewsCategory, NewsImpact, NewsItem, Sentiment } from '../../market/schemas';
import { isKnownSymbol } from '../../market/universe';
import { parseProviderBody } from './feed-providers';

/** How many articles one request asks for (Polygon's limit is 1000; the summary shows at most 12). */
export const POLYGON_NEWS_LIMIT = 50;

const insightSchema = z.object({
  ticker: z.string(),
  /** 'positive', 'negative' or 'neutral' in every recording; anything else counts as neutral. */
  sentiment: z.string(),
  sentiment_reasoning: z.string().optional(),
});

const articleSchema = z.object({
  id: z.string().min(1),
  publisher: z.object({ name: z.string().min(1), homepage_url: z.string().optional() }),
  title: z.string().min(1),
  author: z.string().optional(),
  published_utc: z.iso.datetime(),
  article_url: z.url(),
  tickers: z.array(z.string()).default([]),
  description: z.string().optional(),
  keywords: z.array(z.string()).optional(),
  insights: z.array(insightSchema).optional(),
});
export type PolygonArticle = z.infer<typeof articleSchema>;

export const polygonNewsResponseSchema = z.object({
  status: z.string().optional(),
  results: z.array(articleSchema),
  next_url: z.string().optional(),
});

/** The newest articles published at or before `at`, newest first. */
export function polygonNewsUrl(baseUrl: string, at: Date, limit = POLYGON_NEWS_LIMIT): string {
  const url = new URL('/v2/reference/news', baseUrl);
  url.searchParams.set('order', 'desc');
  url.searchParams.set('sort', 'published_utc');
  url.searchParams.set('limit', String(limit));
  url.searchParams.set('published_utc.lte', at.toISOString());
  return url.toString();
}

export function parsePolygonNews(body: unknown): PolygonArticle[] {
  return parseProviderBody(polygonNewsResponseSchema, body, 'a Polygon news list').results;
}

/** Category by the first rule whose words the title, description or keywords contain; else 'sector'. */
export const NEWS_CATEGORY_RULES: readonly { category: NewsCategory; words: RegExp }[] = [
  {
    category: 'fed',
    words:
      /\b(fed|federal reserve|fomc|powell|rate (cut|hike)s?|interest rates?|inflation|cpi|treasur(y|ies))\b/i,
  },
  {
    category: 'earnings',
    words: /\b(earnings|quarterly results|revenue|eps|guidance|beats? estimates|misse[sd] estimates)\b/i,
  },
  { category: 'crypto', words: /\b(crypto(currency|currencies)?|bitcoin|ether(eum)?|btc|blockchain)\b/i },
  {
    category: 'geopolitical',
    words: /\b(tariffs?|sanctions?|war|geopolitic(s|al)|election|trade deal|export controls?)\b/i,
  },
  {
    category: 'technical',
    words: /\b(breakout|support level|resistance|moving average|overbought|oversold|technical analysis)\b/i,
  },
];

export function newsCategoryOf(article: PolygonArticle): NewsCategory {
  const text = [article.title, article.description ?? '', ...(article.keywords ?? [])].join(' \n ');
  return NEWS_CATEGORY_RULES.find((rule) => rule.words.test(text))?.category ?? 'sector';
}

/** The article's tickers that our universe knows (the summary quotes only those), in its order. */
export function knownTickers(article: PolygonArticle): string[] {
  return [...new Set(article.tickers.map((t) => t.toUpperCase()))].filter(isKnownSymbol);
}

/**
 * Sentiment from Polygon's insights on the article's tickers: bullish when positive insights
 * outnumber negative ones, bearish the other way, neutral on a tie or with no insights.
 */
export function newsSentimentOf(article: PolygonArticle): Sentiment {
  const insights = article.insights ?? [];
  const positive = insights.filter((i) => i.sentiment === 'positive').length;
  const negative = insights.filter((i) => i.sentiment === 'negative').length;
  return positive > negative ? 'bullish' : negative > positive ? 'bearish' : 'neutral';
}

/** At most this many tickers is a story about them; more is a round-up. */
export const FOCUSED_TICKERS_MAX = 3;

/**
 * Impact: one point each for (1) a Fed or earnings story, (2) naming a ticker our universe knows,
 * (3) insights that lean one way (not neutral), (4) naming at most FOCUSED_TICKERS_MAX tickers.
 * High at 3 or more points, medium at 2, low otherwise.
 */
export function newsImpactOf(article: PolygonArticle): { impact: NewsImpact; points: number } {
  const category = newsCategoryOf(article);
  const points =
    Number(category === 'fed' || category === 'earnings') +
    Number(knownTickers(article).length > 0) +
    Number(newsSentimentOf(article) !== 'neutral') +
    Number(article.tickers.length > 0 && article.tickers.length <= FOCUSED_TICKERS_MAX);
  return { impact: points >= 3 ? 'high' : points === 2 ? 'medium' : 'low', points };
}

/** Polygon's own reasoning on the first known ticker it has an opinion of; otherwise says there is none. */
export function tradingNoteOf(article: PolygonArticle): string {
  const known = new Set(knownTickers(article));
  const insights = article.insights ?? [];
  const insight =
    insights.find((i) => known.has(i.ticker.toUpperCase()) && i.sentiment !== 'neutral') ??
    insights.find((i) => known.has(i.ticker.toUpperCase()));
  if (!insight) return 'Polygon gives no per-ticker sentiment for this article; read it before acting on it.';
  const reason = insight.sentiment_reasoning ? `: ${insight.sentiment_reasoning}` : '';
  return `Polygon reads it as ${insight.sentiment} for ${insight.ticker.toUpperCase()}${reason}.`;
}

/** One story per article: Polygon's id, title, link, publisher and time, our category, impact and sentiment. */
export function newsItemFromPolygon(article: PolygonArticle): NewsItem {
  return {
    id: `polygon-${article.id}`,
    title: article.title,
    summary: article.description ?? article.title,
    impact: newsImpactOf(article).impact,
    category: newsCategoryOf(article),
    tickers: knownTickers(article),
    timestamp: new Date(article.published_utc).toISOString(),
    sentiment: newsSentimentOf(article),
    tradingImplication: tradingNoteOf(article),
    sourceUrl: article.article_url,
    sourceName: article.publisher.name,
    provider: 'polygon',
  };
}
