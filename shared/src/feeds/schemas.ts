// size: the four feeds' item, query and response schemas in one module (each feed's schemas are small; pages, lambdas and tests import them together).
/**
 * The four live feeds (spec 3): the items each one carries, what GET /api/feeds/{feed} accepts
 * and answers, and the dismissal of a trend alert. The handlers, the generators and the pages
 * all read these.
 */
import * as z from 'zod';
import { FEED_SIMULATION } from '../constants/caps';
import {
  BULLISHNESS_RANGE,
  DARK_POOL_CONFIDENCE_SLIDER,
  EDGE_SCORE_RANGE,
  PATTERN_CONFIDENCE_RANGE,
  PERCENT_RANGE,
} from '../constants/ranges';
import { sentiments } from '../market/schemas';
import { tickerSchema } from '../market/ticker';
import { feedProviderSchema, feedStaleSchema } from '../providers/feeds/feed-providers';

export const feedNames = ['alerts', 'darkpool', 'chatter', 'trends'] as const;
export type FeedName = (typeof feedNames)[number];
export const feedNameSchema = z.enum(feedNames);

/** Screens poll a feed at its pace: its shortest gap between items (spec 9: 15 / 8 / 15 / 20 s). */
export const feedPollMs = (feed: FeedName) => FEED_SIMULATION[feed].intervalSeconds.min * 1000;

const percent = z.number().min(PERCENT_RANGE.min).max(PERCENT_RANGE.max);
const count = z.number().int().nonnegative();
const timestamp = z.iso.datetime();

/** Which way an item leans; 'Track in Journal' suggests a strategy from it. */
export const biases = ['bullish', 'bearish', 'neutral'] as const;
export type Bias = (typeof biases)[number];

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
export const marketAlertTypeLabels: Record<MarketAlertType, string> = {
  'unusual-flow': 'Unusual options flow',
  'high-volume': 'High volume',
  breakout: 'Price breakout',
  'volatility-spike': 'Volatility spike',
  'dark-pool': 'Dark pool activity',
  technical: 'Technical signal',
  earnings: 'Earnings',
};

/** What fired an alert: the reading of the market model and the threshold it crossed. */
export const alertTriggerSchema = z.object({
  metric: z.string(),
  value: z.number(),
  threshold: z.number(),
});
export type AlertTrigger = z.infer<typeof alertTriggerSchema>;

/** A provider's options flow alert: the contracts, premium and sides it was read from (docs/providers.md). */
export const optionsFlowSchema = z.object({
  /** The provider's rule that fired (e.g. Unusual Whales' RepeatedHits). */
  rule: z.string(),
  contracts: count,
  /** Dollars paid for them, and the part paid at the ask and at the bid. */
  premium: z.number().nonnegative(),
  askSidePremium: z.number().nonnegative(),
  bidSidePremium: z.number().nonnegative(),
  /** The contract's volume that day and its open interest. */
  contractVolume: count,
  openInterest: count,
  optionPrice: z.number().nonnegative(),
  sweep: z.boolean(),
});
export type OptionsFlow = z.infer<typeof optionsFlowSchema>;

/**
 * A Market Alerts feed item (spec 3). Price, change and volume are the model's at `timestamp`
 * on a simulated alert; a provider's flow alert has the underlying's price it reported and its
 * `flow` instead of the session's change and volume (which the provider does not give).
 */
export const marketAlertSchema = z.object({
  id: z.string(),
  ticker: z.string(),
  type: z.enum(marketAlertTypes),
  message: z.string(),
  timestamp,
  severity: z.enum(alertSeverities),
  price: z.number().nonnegative(),
  changePercent: z.number().optional(),
  /** Shares traded in the session so far. */
  volume: count.optional(),
  /** A provider's options flow alert: what it was read from. */
  flow: optionsFlowSchema.optional(),
  bias: z.enum(biases),
  trigger: alertTriggerSchema,
  /** Where the item came from: 'simulated' or the stage's provider (docs/providers.md); unset = simulated. */
  provider: feedProviderSchema.optional(),
  /** The option contract an options-flow alert names (Track in Journal tracks that contract). */
  contract: z
    .object({ type: z.enum(['call', 'put']), strike: z.number().positive(), expiration: z.iso.date() })
    .optional(),
});
export type MarketAlert = z.infer<typeof marketAlertSchema>;
/** A simulated alert: the model's change and volume always given. */
export type SimulatedMarketAlert = MarketAlert & { changePercent: number; volume: number };

export const tradeSides = ['buy', 'sell'] as const;
export type TradeSide = (typeof tradeSides)[number];

/** Spec 9: the dark pool edge score's weights (base factors 40%, pattern 30%, market 20%, options 10%). */
export const DARK_POOL_EDGE_WEIGHTS = {
  baseFactors: 0.4,
  patternAnalysis: 0.3,
  marketContext: 0.2,
  optionsCorrelation: 0.1,
} as const;
export type DarkPoolEdgeFactor = keyof typeof DARK_POOL_EDGE_WEIGHTS;
export const darkPoolEdgeFactorLabels: Record<DarkPoolEdgeFactor, string> = {
  baseFactors: 'Base factors',
  patternAnalysis: 'Pattern analysis',
  marketContext: 'Market context',
  optionsCorrelation: 'Options correlation',
};

/** Each factor's score before weighting (0-100 nominal; a strong reading may go past either end). */
export const darkPoolEdgeBreakdownSchema = z.object({
  baseFactors: z.number(),
  patternAnalysis: z.number(),
  marketContext: z.number(),
  optionsCorrelation: z.number(),
});
export type DarkPoolEdgeBreakdown = z.infer<typeof darkPoolEdgeBreakdownSchema>;

/** Where a print sat in the NBBO in force when it printed (a real provider's print only). */
export const nbboPlacements = [
  'above-ask',
  'at-ask',
  'above-mid',
  'at-mid',
  'below-mid',
  'at-bid',
  'below-bid',
] as const;
export type NbboPlacement = (typeof nbboPlacements)[number];

/**
 * A real print as the consolidated tape reported it (docs/providers.md): the FINRA TRF that took
 * the report, when, its sale conditions, and the NBBO in force (null when none could be had).
 */
export const printTapeSchema = z.object({
  venue: z.string(),
  trfId: z.number().int().nullable(),
  reportedAt: timestamp.nullable(),
  conditions: z.array(z.number().int()),
  /** Price × shares, in dollars. */
  notional: z.number().nonnegative(),
  nbbo: z.object({ bid: z.number().nonnegative(), ask: z.number().nonnegative(), at: timestamp }).nullable(),
  placement: z.enum(nbboPlacements).nullable(),
});
export type PrintTape = z.infer<typeof printTapeSchema>;

/**
 * The market model's reading of a simulated print: the institution its pattern suggests, the
 * options it implies and the edge score. A real print has none of these (a trade says none of it).
 */
const simulatedPrintReading = {
  confidence: percent,
  /** The kind of institution the print's pattern points to (the table's Institution column). */
  institutionalSignature: z.string(),
  optionsImplication: z.string(),
  /** Days to the expiry of the options the print implies. */
  timeToExpiry: count,
  strike: z.number().nonnegative(),
  /** Percent move the options market implies by that expiry (± this much). */
  impliedMove: z.number(),
  darkPoolPercentage: percent,
  algorithmicDetection: z.boolean(),
  humanPattern: z.boolean(),
  edgeScore: z.number().min(EDGE_SCORE_RANGE.min).max(EDGE_SCORE_RANGE.max),
  edgeBreakdown: darkPoolEdgeBreakdownSchema,
};
const printBase = {
  id: z.string(),
  ticker: z.string(),
  timestamp,
  /** Shares in the block. */
  blockSize: z.number().int().positive(),
  price: z.number().nonnegative(),
};

/** A simulated print (spec 3), with the breakdown its edge score was computed from. */
export const simulatedDarkPoolFlowSchema = z.object({
  ...printBase,
  side: z.enum(tradeSides),
  ...simulatedPrintReading,
  provider: z.literal('simulated').optional(),
});
export type SimulatedDarkPoolFlow = z.infer<typeof simulatedDarkPoolFlowSchema>;

/**
 * A Dark Pool Flow item: a simulated print with the model's reading, or a real provider's print
 * with its tape (side by the quote rule, null when the print sat at the midpoint or had no quote).
 */
export const darkPoolFlowSchema = z
  .object({
    ...printBase,
    side: z.enum(tradeSides).nullable(),
    ...z.object(simulatedPrintReading).partial().shape,
    /** A real provider's print: the tape's report of it (absent on simulated prints). */
    tape: printTapeSchema.optional(),
    /** Where the item came from: 'simulated' or the stage's provider (docs/providers.md); unset = simulated. */
    provider: feedProviderSchema.optional(),
  })
  .refine(
    (flow) =>
      (flow.provider ?? 'simulated') === 'simulated'
        ? simulatedDarkPoolFlowSchema.safeParse(flow).success
        : flow.tape !== undefined,
    { message: "A simulated print carries the model's reading and a real one its tape" },
  );
export type DarkPoolFlow = z.infer<typeof darkPoolFlowSchema>;

/** A detected pattern card (spec 3). */
export const patternSchema = z.object({
  pattern: z.string(),
  description: z.string(),
  bullishness: z.number().min(BULLISHNESS_RANGE.min).max(BULLISHNESS_RANGE.max),
  timeframe: z.string(),
  confidence: z.number().min(PATTERN_CONFIDENCE_RANGE.min).max(PATTERN_CONFIDENCE_RANGE.max),
  /** The ticker the pattern is about, when it is about one. */
  ticker: z.string().optional(),
});
export type Pattern = z.infer<typeof patternSchema>;

export const socialPlatforms = ['reddit', 'twitter', 'discord', 'stocktwits'] as const;
export type SocialPlatform = (typeof socialPlatforms)[number];
/** Spec 2: a forum-style site, a microblogging site, a chat-community app, a trader-focused social site. */
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
    /** The model's price and change of the ticker at `timestamp` (what the chatter reacts to). */
    price: z.number().nonnegative().optional(),
    changePercent: z.number().optional(),
    /** Where the item came from: 'simulated' or the stage's provider (docs/providers.md); unset = simulated. */
    provider: feedProviderSchema.optional(),
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
  bias: z.enum(biases).optional(),
  /** Where the item came from: 'simulated' or the stage's provider (docs/providers.md); unset = simulated. */
  provider: feedProviderSchema.optional(),
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
export type AnyFeedItem = FeedItem<FeedName>;
/** What the simulated generators emit: their dark pool prints always carry the model's reading. */
export type SimulatedFeedItem<F extends FeedName> = F extends 'darkpool'
  ? SimulatedDarkPoolFlow
  : FeedItem<F>;

// ---------------------------------------------------------------------------------------------
// GET /api/feeds/{feed}

/** 'true' / 'false' in a query string. */
const queryFlag = z
  .enum(['true', 'false'], { error: "Use 'true' or 'false'" })
  .transform((v) => v === 'true');
const queryInstant = z.iso
  .datetime({ offset: true, error: 'Use an ISO 8601 date and time' })
  .transform((value) => new Date(value).toISOString());

function commonQuery(feed: FeedName) {
  const cap = FEED_SIMULATION[feed].cap;
  return {
    /** Only items newer than this instant (what a poll already has is left out). */
    since: queryInstant.optional(),
    /** From a previous page's `cursor`: the items after it. */
    cursor: z.string().min(1).max(300).optional(),
    limit: z.coerce
      .number({ error: 'Must be a number' })
      .int('Must be a whole number')
      .min(1, 'Must be at least 1')
      .max(cap, `At most ${cap}`)
      .default(cap),
    ticker: tickerSchema.optional(),
  };
}

export const alertsQuerySchema = z.strictObject({
  ...commonQuery('alerts'),
  severity: z.enum(alertSeverities).optional(),
  type: z.enum(marketAlertTypes).optional(),
});

export const darkPoolQuerySchema = z.strictObject({
  ...commonQuery('darkpool'),
  /** The confidence slider: flows at or above this confidence. */
  minConfidence: z.coerce
    .number({ error: 'Must be a number' })
    .int('Must be a whole number')
    .min(DARK_POOL_CONFIDENCE_SLIDER.min, `At least ${DARK_POOL_CONFIDENCE_SLIDER.min}`)
    .max(DARK_POOL_CONFIDENCE_SLIDER.max, `At most ${DARK_POOL_CONFIDENCE_SLIDER.max}`)
    .optional(),
  /** Algo Only: algorithmic prints only. */
  algoOnly: queryFlag.optional(),
  side: z.enum(tradeSides).optional(),
});

export const chatterSorts = ['newest', 'mentions', 'confidence', 'growth'] as const;
export type ChatterSort = (typeof chatterSorts)[number];

export const chatterQuerySchema = z.strictObject({
  ...commonQuery('chatter'),
  platform: z.enum(socialPlatforms).optional(),
  risk: z.enum(trendRiskLevels).optional(),
  sentiment: z.enum(sentiments).optional(),
  sort: z.enum(chatterSorts).default('newest'),
});

export const trendsQuerySchema = z.strictObject({
  ...commonQuery('trends'),
  severity: z.enum(trendSeverities).optional(),
  risk: z.enum(trendRiskLevels).optional(),
  type: z.enum(trendAlertTypes).optional(),
  /** Dismissed alerts are hidden unless asked for (then with isActive false and dismissedAt). */
  includeDismissed: queryFlag.optional(),
});

export const feedQuerySchemas = {
  alerts: alertsQuerySchema,
  darkpool: darkPoolQuerySchema,
  chatter: chatterQuerySchema,
  trends: trendsQuerySchema,
} as const satisfies Record<FeedName, z.ZodType>;
export type FeedQuery<F extends FeedName> = z.output<(typeof feedQuerySchemas)[F]>;
/** What a client passes (strings or numbers; defaults left out). */
export type FeedQueryInput<F extends FeedName> = z.input<(typeof feedQuerySchemas)[F]>;

export const feedParamsSchema = z.strictObject({ feed: feedNameSchema });

/** A trending community (Risky Chatter), from the chatter in the feed. */
export const communitySchema = z.object({
  source: z.string(),
  platform: z.enum(socialPlatforms),
  url: z.url(),
  mentions: count,
  trends: count,
  communitySize: count,
  averageCredibility: percent,
  tickers: z.array(z.string()),
});
export type Community = z.infer<typeof communitySchema>;

/** Whether the market trades at the answer's instant, and when it next opens (NYSE calendar). */
export const marketStatusSchema = z.object({
  isOpen: z.boolean(),
  nextOpen: timestamp,
  /** Today's close while open (13:00 New York on an early close). */
  closesAt: timestamp.nullable(),
});
export type MarketStatusInfo = z.infer<typeof marketStatusSchema>;

const page = <T extends z.ZodType>(item: T) => ({
  items: z.array(item),
  /** Why the list is empty, in words a page shows (e.g. no items for the ticker asked for); null otherwise. */
  notice: z.string().nullable(),
  market: marketStatusSchema,
  /** Pass back as `cursor` for the next page; null on the last page. */
  cursor: z.string().nullable(),
  /** When the answer was made (items are shown only once their time has come). */
  asOf: timestamp,
  /** The feed's provider on this stage; every item of a real provider's feed is that provider's. */
  source: feedProviderSchema,
  /** Set when the provider's latest answer failed and its last good items are served. */
  stale: feedStaleSchema.nullable(),
});

export const alertsResponseSchema = z.object({
  ...page(marketAlertSchema),
  /** Alerts fired so far today (New York day), in the whole feed. */
  todayCount: count,
});
export const darkPoolResponseSchema = z.object({
  ...page(darkPoolFlowSchema),
  patterns: z.array(patternSchema),
});
export const chatterResponseSchema = z.object({
  ...page(socialTrendSchema),
  communities: z.array(communitySchema),
});
export const trendsResponseSchema = z.object({ ...page(trendAlertSchema), patterns: z.array(patternSchema) });

export const feedResponseSchemas = {
  alerts: alertsResponseSchema,
  darkpool: darkPoolResponseSchema,
  chatter: chatterResponseSchema,
  trends: trendsResponseSchema,
} as const satisfies Record<FeedName, z.ZodType>;
export type FeedResponse<F extends FeedName> = z.infer<(typeof feedResponseSchemas)[F]>;

/** POST /api/feeds/trends/{id}/dismiss. */
export const trendAlertIdParams = z.strictObject({
  id: z
    .string()
    .min(1)
    .max(40)
    .regex(/^[a-z0-9-]+$/, 'Not a trend alert id'),
});
