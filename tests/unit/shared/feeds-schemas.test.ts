import { describe, expect, it } from 'vitest';
import {
  darkPoolFlowSchema,
  feedItemSchemas,
  feedNameSchema,
  marketAlertSchema,
  patternSchema,
  socialTrendSchema,
  trendAlertSchema,
} from '@shared/feeds/schemas';

const firstPath = (result: { error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues[0]?.path;
const at = '2025-03-10T15:00:00.000Z';

const alert = {
  id: 'a1',
  ticker: 'NVDA',
  provider: 'simulated',
  type: 'unusual-flow',
  message: 'Unusual call volume',
  timestamp: at,
  severity: 'high',
  price: 118.2,
  changePercent: 3.4,
  volume: 2_500_000,
  bias: 'bullish',
  trigger: { metric: 'Contracts in the block', value: 2400, threshold: 1000 },
};

const flow = {
  id: 'd1',
  ticker: 'AAPL',
  provider: 'simulated',
  timestamp: at,
  blockSize: 250_000,
  price: 227.5,
  side: 'buy',
  confidence: 88,
  institutionalSignature: 'Accumulation',
  optionsImplication: 'Bullish calls',
  timeToExpiry: 14,
  strike: 235,
  impliedMove: 2.1,
  darkPoolPercentage: 42,
  algorithmicDetection: false,
  humanPattern: true,
  edgeScore: 91,
  edgeBreakdown: { baseFactors: 95, patternAnalysis: 90, marketContext: 85, optionsCorrelation: 90 },
};

const trend = {
  id: 't1',
  ticker: 'GME',
  provider: 'simulated',
  platform: 'reddit',
  sentiment: 'bullish',
  confidence: 64,
  mentions: 5400,
  growth: 320,
  keyPhrases: ['squeeze'],
  riskLevel: 'extreme',
  credibilityScore: 35,
  timestamp: at,
  source: 'r/example',
  sourceUrl: 'https://example.com/t1',
  context: 'Short squeeze talk',
  priceTarget: 40,
  timeframe: '1-2 weeks',
  communitySize: 120_000,
  influencerMentions: 3,
  verificationStatus: 'unverified',
};

const trendAlert = {
  id: 'ta1',
  ticker: 'TSLA',
  provider: 'simulated',
  alertType: 'breakout',
  severity: 'critical',
  confidence: 77,
  riskLevel: 'high',
  title: 'Breakout above resistance',
  description: 'Volume confirms.',
  priceIndications: {
    currentPrice: 250,
    targetPrice: 270,
    stopLoss: 240,
    timeframe: '1 week',
    probability: 60,
  },
  supportingEvidence: {
    socialMentions: 900,
    volumeIncrease: 180,
    technicalSignals: ['RSI > 60'],
    newsEvents: [],
    institutionalActivity: true,
  },
  sources: [{ platform: 'stocktwits', url: 'https://example.com/s', credibility: 70 }],
  timestamp: at,
  isActive: true,
};

describe('feed item schemas', () => {
  it('accept a valid item of every feed', () => {
    expect(feedItemSchemas.alerts.parse(alert)).toEqual(alert);
    expect(feedItemSchemas.darkpool.parse(flow)).toEqual(flow);
    expect(feedItemSchemas.chatter.parse(trend)).toEqual(trend);
    expect(feedItemSchemas.trends.parse(trendAlert)).toEqual(trendAlert);
  });

  it('know exactly the four feed names', () => {
    expect(feedNameSchema.options).toEqual(['alerts', 'darkpool', 'chatter', 'trends']);
    expect(feedNameSchema.safeParse('patterns').success).toBe(false);
  });

  it('reject values outside the spec enums and ranges', () => {
    expect(firstPath(marketAlertSchema.safeParse({ ...alert, severity: 'critical' }))).toEqual(['severity']);
    expect(firstPath(darkPoolFlowSchema.safeParse({ ...flow, side: 'hold' }))).toEqual(['side']);
    expect(firstPath(darkPoolFlowSchema.safeParse({ ...flow, edgeScore: 100.5 }))).toEqual(['edgeScore']);
    expect(firstPath(socialTrendSchema.safeParse({ ...trend, riskLevel: 'insane' }))).toEqual(['riskLevel']);
    expect(firstPath(trendAlertSchema.safeParse({ ...trendAlert, alertType: 'rumour' }))).toEqual([
      'alertType',
    ]);
    expect(
      firstPath(
        trendAlertSchema.safeParse({
          ...trendAlert,
          priceIndications: { ...trendAlert.priceIndications, probability: 120 },
        }),
      ),
    ).toEqual(['priceIndications', 'probability']);
  });

  it('allow a price target on bullish trends only', () => {
    expect(firstPath(socialTrendSchema.safeParse({ ...trend, sentiment: 'bearish' }))).toEqual([
      'priceTarget',
    ]);
    const { priceTarget: _target, ...withoutTarget } = trend;
    expect(socialTrendSchema.safeParse({ ...withoutTarget, sentiment: 'bearish' }).success).toBe(true);
  });

  it('record a dismissed trend alert', () => {
    const dismissed = { ...trendAlert, isActive: false, dismissedAt: at };
    expect(trendAlertSchema.parse(dismissed).dismissedAt).toBe(at);
  });

  it('bound pattern bullishness to 10-95 and confidence to 50-100', () => {
    const pattern = {
      pattern: 'Iceberg',
      description: 'Hidden size',
      bullishness: 10,
      timeframe: '1h',
      confidence: 50,
    };
    expect(patternSchema.parse(pattern)).toEqual(pattern);
    expect(firstPath(patternSchema.safeParse({ ...pattern, bullishness: 96 }))).toEqual(['bullishness']);
    expect(firstPath(patternSchema.safeParse({ ...pattern, confidence: 49 }))).toEqual(['confidence']);
  });
});

describe('the provider every feed item names (issue 23: simulated items labelled)', () => {
  it('is one of the known feed providers', () => {
    for (const [schema, item] of [
      [marketAlertSchema, alert],
      [darkPoolFlowSchema, flow],
    ] as const) {
      expect(schema.safeParse(item).success).toBe(true);
      expect(firstPath(schema.safeParse({ ...item, provider: 'made-up' }))).toEqual(['provider']);
    }
  });
});
