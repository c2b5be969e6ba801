import { z } from 'zod';
import {
  BULLISHNESS_RANGE,
  EDGE_SCORE_RANGE,
  PATTERN_CONFIDENCE_RANGE,
  PERCENT_RANGE,
} from '../constants/ranges';
import { sentiments } from '../market/schemas';

export const feedNames = ['alerts', 'darkpool', 'chatter', 'trends'] as const;
export type FeedName = (typeof feedNames)[number];
export const feedNameSchema = z.enum(feedNames);

const percent = z.number().min(PERCENT_RANGE.min).max(PERCENT_RANGE.max);
const count = z.number().int().nonnegative();
const timestamp = z.iso.datetime();

export const alertSeverities = ['low', 'medium', 'high'] as const;
export type AlertSeverity = (typeof alertSeverities)[number];
/** Alert types from the help text. */
export const marketAlertTypes = [
  'unusual-flow',
  'high-volume',
  'breakout',
  'volatility-spike',
  'dark-pool',
  'technical',
  'earnings',
] as const;
export type MarketAlertType = (typeof marketAlertTypes)[number];

/** A Market Alerts feed item (spec 3). */
export const marketAlertSchema = z.object({
  id: z.string(),
  ticker: z.string(),
  type: z.enum(marketAlertTypes),
  message: z.string(),
  timestamp,
  severity: z.enum(alertSeverities),
  price: z.number().nonnegative(),
  changePercent: z.number(),
  volume: count,
});
export type MarketAlert = z.infer<typeof marketAlertSchema>;

export const tradeSides = ['buy', 'sell'] as const;
export type TradeSide = (typeof tradeSides)[number];

/** A dark pool print (spec 3). */
export const darkPoolFlowSchema = z.object({
  id: z.string(),
  ticker: z.string(),
  timestamp,
  /** Shares in the block. */
  blockSize: z.number().int().positive(),
  price: z.number().nonnegative(),
  side: z.enum(tradeSides),
  confidence: percent,
  institutionalSignature: z.string(),
  optionsImplication: z.string(),
  /** Days to the expiry of the options the print implies. */
  timeToExpiry: count,
  strike: z.number().nonnegative(),
  /** Percent move the print implies. */
  impliedMove: z.number(),
  darkPoolPercentage: percent,
  algorithmicDetection: z.boolean(),
  humanPattern: z.boolean(),
  edgeScore: z.number().min(EDGE_SCORE_RANGE.min).max(EDGE_SCORE_RANGE.max),
});
export type DarkPoolFlow = z.infer<typeof darkPoolFlowSchema>;

/** A detected pattern card (spec 3). */
export const patternSchema = z.object({
  pattern: z.string(),
  description: z.string(),
  bullishness: z.number().min(BULLISHNESS_RANGE.min).max(BULLISHNESS_RANGE.max),
  timeframe: z.string(),
  confidence: z.number().min(PATTERN_CONFIDENCE_RANGE.min).max(PATTERN_CONFIDENCE_RANGE.max),
});
export type Pattern = z.infer<typeof patternSchema>;

export const socialPlatforms = ['reddit', 'twitter', 'discord', 'stocktwits'] as const;
export type SocialPlatform = (typeof socialPlatforms)[number];
export const socialPlatformLabels: Record<SocialPlatform, string> = {
  reddit: 'Reddit',
  twitter: 'X (Twitter)',
  discord: 'Discord',
  stocktwits: 'StockTwits',
};
export const trendRiskLevels = ['low', 'medium', 'high', 'extreme'] as const;
export type TrendRiskLevel = (typeof trendRiskLevels)[number];
export const verificationStatuses = ['verified', 'unverified', 'suspicious'] as const;
export type VerificationStatus = (typeof verificationStatuses)[number];

/** A Risky Chatter trend card (spec 3). A price target is given for bullish trends only. */
export const socialTrendSchema = z
  .object({
    id: z.string(),
    ticker: z.string(),
    platform: z.enum(socialPlatforms),
    sentiment: z.enum(sentiments),
    confidence: percent,
    mentions: count,
    /** Mention growth, percent. */
    growth: z.number(),
    keyPhrases: z.array(z.string()),
    riskLevel: z.enum(trendRiskLevels),
    credibilityScore: percent,
    timestamp,
    source: z.string(),
    sourceUrl: z.url(),
    context: z.string(),
    priceTarget: z.number().positive().optional(),
    timeframe: z.string(),
    communitySize: count,
    influencerMentions: count,
    verificationStatus: z.enum(verificationStatuses),
  })
  .refine((trend) => trend.priceTarget === undefined || trend.sentiment === 'bullish', {
    message: 'Only bullish trends carry a price target',
    path: ['priceTarget'],
  });
export type SocialTrend = z.infer<typeof socialTrendSchema>;

export const trendAlertTypes = ['momentum', 'breakout', 'volume', 'social', 'technical', 'news'] as const;
export type TrendAlertType = (typeof trendAlertTypes)[number];
export const trendSeverities = ['low', 'medium', 'high', 'critical'] as const;
export type TrendSeverity = (typeof trendSeverities)[number];

/** A Trend Alerts card (spec 3). Dismissing sets isActive false and dismissedAt. */
export const trendAlertSchema = z.object({
  id: z.string(),
  ticker: z.string(),
  alertType: z.enum(trendAlertTypes),
  severity: z.enum(trendSeverities),
  confidence: percent,
  riskLevel: z.enum(trendRiskLevels),
  title: z.string(),
  description: z.string(),
  priceIndications: z.object({
    currentPrice: z.number().nonnegative(),
    targetPrice: z.number().nonnegative(),
    stopLoss: z.number().nonnegative(),
    timeframe: z.string(),
    probability: percent,
  }),
  supportingEvidence: z.object({
    socialMentions: count,
    /** Percent above average volume. */
    volumeIncrease: z.number(),
    technicalSignals: z.array(z.string()),
    newsEvents: z.array(z.string()),
    institutionalActivity: z.boolean(),
  }),
  sources: z.array(z.object({ platform: z.string(), url: z.url(), credibility: percent })),
  timestamp,
  isActive: z.boolean(),
  dismissedAt: timestamp.nullable().optional(),
});
export type TrendAlert = z.infer<typeof trendAlertSchema>;

/** The item schema of each feed (patterns have no feed of their own). */
export const feedItemSchemas = {
  alerts: marketAlertSchema,
  darkpool: darkPoolFlowSchema,
  chatter: socialTrendSchema,
  trends: trendAlertSchema,
} as const satisfies Record<FeedName, z.ZodType>;
export type FeedItem<F extends FeedName> = z.infer<(typeof feedItemSchemas)[F]>;
