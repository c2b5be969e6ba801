import * as z from 'zod';
import { NEWS_PROVIDERS } from '../providers/feeds/feed-providers';
import { MARKET_DATA_MAX_SYMBOLS } from '../constants/caps';
import { EDGE_SCORE_RANGE, IV_RANK_RANGE } from '../constants/ranges';
import { scannerStrategies, scannerStrategyOptions } from '../constants/strategies';
import { tickerSchema } from './ticker';

/** A market quote as the spec writes it: display strings, computed on the server (spec 3). */
export const quoteSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  /** '452.31' */
  price: z.string(),
  /** '+1.25' or '-0.84' */
  change: z.string(),
  /** '+0.28%' */
  changePercent: z.string(),
  isPositive: z.boolean(),
  /** '12.3M' (see formatVolume) */
  volume: z.string(),
  timestamp: z.iso.datetime(),
  marketCap: z.string().optional(),
  /** '512.30': lowest and highest daily close of the last 52 weeks, where the source has them. */
  fiftyTwoWeekLow: z.string().optional(),
  fiftyTwoWeekHigh: z.string().optional(),
});
export type Quote = z.infer<typeof quoteSchema>;

export const quoteTypes = ['dashboard', 'ticker'] as const;
export type QuoteType = (typeof quoteTypes)[number];

/** POST /api/market-data. */
export const marketDataInput = z
  .object({
    symbols: z.array(tickerSchema).min(1).max(MARKET_DATA_MAX_SYMBOLS),
    type: z.enum(quoteTypes),
  })
  .strict();
export type MarketDataInput = z.infer<typeof marketDataInput>;

/** Where market data comes from: the simulated market or a real provider. */
export const DATA_SOURCES = ['simulated', 'cboe', 'polygon', 'tradier'] as const;
export type DataSourceName = (typeof DATA_SOURCES)[number];

/** How each source is named to a trader, everywhere its data shows (screens, the assistant's citations). */
export const DATA_SOURCE_LABELS: Record<DataSourceName, string> = {
  simulated: 'Simulated',
  cboe: 'CBOE',
  polygon: 'Polygon',
  tradier: 'Tradier',
};

/**
 * Provenance of real data, for its label: the provider, whether its quotes are delayed, and, when
 * the provider's latest answer failed and its last good data is served instead, why and how old.
 */
export const provenanceFields = {
  source: z.enum(DATA_SOURCES),
  delayed: z.boolean(),
  stale: z.object({ reason: z.string(), ageSeconds: z.number().int().nonnegative() }).nullable(),
};

/**
 * A real source's provenance in words, without its time: e.g. ['CBOE', '15 min delayed',
 * 'stale, 12 min old']; ['Simulated'] for the simulated market.
 */
export function provenanceParts({
  source,
  delayed,
  stale,
}: {
  source: DataSourceName;
  delayed: boolean;
  stale: { ageSeconds: number } | null;
}): string[] {
  if (source === 'simulated') return [DATA_SOURCE_LABELS.simulated];
  const parts = [DATA_SOURCE_LABELS[source]];
  if (delayed) parts.push(source === 'cboe' || source === 'tradier' ? '15 min delayed' : 'delayed');
  if (stale) parts.push(`stale, ${Math.max(1, Math.round(stale.ageSeconds / 60))} min old`);
  return parts;
}

/** A real provider's quotes: its provenance and the time of the oldest quote served. */
export const quoteProvenanceSchema = z.object({ ...provenanceFields, asOf: z.iso.datetime() });
export type QuoteProvenance = z.infer<typeof quoteProvenanceSchema>;

/**
 * POST /api/market-data's answer: the quotes, whether they are real or simulated, and for real
 * ones which provider served them, how delayed and how old (absent for the simulated market).
 */
export const marketDataResponseSchema = z.object({
  data: z.array(quoteSchema),
  source: z.enum(['live', 'simulated']),
  provenance: quoteProvenanceSchema.optional(),
});
export type MarketDataResponse = z.infer<typeof marketDataResponseSchema>;

/** An empty string counts as not set: the form omits an empty ticker or expiration (spec 5). */
const omitEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** POST /api/options-scanner. No strategy, or 'all', scans every strategy. */
export const scannerFilterSchema = z.object({
  ticker: omitEmpty(tickerSchema),
  strategy: omitEmpty(z.enum(scannerStrategyOptions)),
  ivRank: z.number().min(IV_RANK_RANGE.min).max(IV_RANK_RANGE.max).default(IV_RANK_RANGE.default),
  /** Max expiration, 'YYYY-MM-DD'. */
  expiration: omitEmpty(z.iso.date()),
});
export type ScannerFilter = z.infer<typeof scannerFilterSchema>;
export type ScannerFilterValues = z.input<typeof scannerFilterSchema>;

/** One scanner row (spec 3). */
export const scanResultSchema = z.object({
  ticker: z.string(),
  strategy: z.enum(scannerStrategies),
  strike: z.number(),
  lastPrice: z.number(),
  /** A fraction: 0.325 shows as 32.5%. */
  iv: z.number().nonnegative(),
  delta: z.number().min(-1).max(1),
  theta: z.number(),
  volume: z.number().int().nonnegative(),
  edgeScore: z.number().min(EDGE_SCORE_RANGE.min).max(EDGE_SCORE_RANGE.max),
  /** Not in the spec's list; a trader needs the contract's expiry, 'YYYY-MM-DD'. */
  expiration: z.iso.date().optional(),
});
export type ScanResult = z.infer<typeof scanResultSchema>;

export const newsImpacts = ['high', 'medium', 'low'] as const;
export type NewsImpact = (typeof newsImpacts)[number];
export const newsCategories = ['fed', 'earnings', 'geopolitical', 'sector', 'crypto', 'technical'] as const;
export type NewsCategory = (typeof newsCategories)[number];
/** The summary modal's category buttons. */
export const newsCategoryFilters = ['all', ...newsCategories] as const;
export type NewsCategoryFilter = (typeof newsCategoryFilters)[number];
export const sentiments = ['bullish', 'bearish', 'neutral'] as const;
export type Sentiment = (typeof sentiments)[number];

export const newsItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  impact: z.enum(newsImpacts),
  category: z.enum(newsCategories),
  tickers: z.array(z.string()),
  timestamp: z.iso.datetime(),
  sentiment: z.enum(sentiments),
  tradingImplication: z.string(),
  sourceUrl: z.url(),
  /** Who wrote it: the publisher (a real provider) or the simulated wire. */
  sourceName: z.string(),
  /** Where the story came from: the simulated market or a news provider (docs/providers.md). */
  provider: z.enum(NEWS_PROVIDERS),
});
export type NewsItem = z.infer<typeof newsItemSchema>;

export const futuresDirections = ['up', 'down', 'flat'] as const;
export type FuturesDirection = (typeof futuresDirections)[number];

export const priceLevelsSchema = z.object({
  support: z.number(),
  current: z.number(),
  resistance: z.number(),
});
export type PriceLevels = z.infer<typeof priceLevelsSchema>;

/** GET /api/market-summary: the Daily Market Summary modal's content. */
export const marketSummarySchema = z.object({
  overview: z.object({
    futuresDirection: z.enum(futuresDirections),
    vixLevel: z.number(),
    sectorRotation: z.string(),
    volatilityOutlook: z.string(),
  }),
  levels: z.object({ SPY: priceLevelsSchema, QQQ: priceLevelsSchema }),
  news: z.array(newsItemSchema),
  updatedAt: z.iso.datetime(),
  source: z.enum(['live', 'simulated']),
});
export type MarketSummary = z.infer<typeof marketSummarySchema>;
