/**
 * Risky Chatter (spec 2 and 3): one social trend per arrival of the chatter timeline. Chatter
 * follows the market: the ticker is drawn with more weight on names moving more and on volatile
 * names; sentiment leans with the model's move of the day; mentions and growth rise with the move
 * and the volume; risk rises with implied volatility and falls with credibility; a bullish
 * trend's price target is a multiple of the move the options market implies over its timeframe.
 */
import { clampToRange, PERCENT_RANGE } from '../constants/ranges';
import { marketClock, pricePoint } from '../market/price-model';
import { Draws } from './draws';
import { memoized } from './memo';
import {
  cents,
  FEED_UNIVERSE,
  impliedMovePercent,
  quoteFigures,
  readMarket,
  type MarketReading,
} from './market-readings';
import { type Community, type SocialTrend, type TrendRiskLevel, type VerificationStatus } from './schemas';
import { communityUrl, SOCIAL_COMMUNITIES, tickerSourceUrl } from './social-sources';
import { DEFAULT_FEED_SEED, feedItemId, itemSeed } from './timeline';

const PHRASES = {
  bullish: [
    'calls printing',
    'breakout watch',
    'short squeeze',
    'buying the dip',
    'earnings run-up',
    'new highs',
    'gamma ramp',
  ],
  bearish: [
    'puts loading',
    'overvalued',
    'breakdown',
    'guidance risk',
    'sell the news',
    'lower highs',
    'bag holders',
  ],
  neutral: [
    'range-bound',
    'waiting for earnings',
    'theta gang',
    'iron condor setup',
    'IV crush',
    'chop zone',
  ],
} as const;

const TIMEFRAMES = [
  { label: 'Intraday', days: 1 },
  { label: '1-3 days', days: 3 },
  { label: '1-2 weeks', days: 10 },
  { label: '2-4 weeks', days: 21 },
  { label: '1-3 months', days: 60 },
] as const;

const clampPercent = (value: number) => clampToRange(Math.round(value), PERCENT_RANGE);

/** How much the chatter picks a name now: its move today and its volatility. */
function chatterWeight(changePercent: number, vol: number): number {
  return 0.3 + Math.abs(changePercent) + 2 * vol;
}

const UNIVERSE_INDICES = FEED_UNIVERSE.map((_, i) => i);
/** Every name's chatter weight at a price minute (prices move by the minute). */
const weightsMemo = memoized<number[]>(16);

/** The ticker the chatter arriving at `t` is about. */
function chatterTicker(t: number, draw: Draws): string {
  const clock = marketClock(new Date(t));
  const weights = weightsMemo(String(clock.priceTime.getTime()), () =>
    FEED_UNIVERSE.map((entry) =>
      chatterWeight(quoteFigures(pricePoint(entry, clock)).changePercent, entry.vol),
    ),
  );
  return FEED_UNIVERSE[draw.weighted(UNIVERSE_INDICES, (i) => weights[i]!)]!.symbol;
}

function riskOf(reading: MarketReading, credibility: number): TrendRiskLevel {
  const score = reading.iv * 100 + (100 - credibility) * 0.5;
  return score < 45 ? 'low' : score < 65 ? 'medium' : score < 85 ? 'high' : 'extreme';
}

const verification = (credibility: number): VerificationStatus =>
  credibility >= 70 ? 'verified' : credibility < 35 ? 'suspicious' : 'unverified';

const memo = memoized<SocialTrend>(512);

/** The social trend arriving at `t`. */
export function generateSocialTrend(t: number, seed = DEFAULT_FEED_SEED): SocialTrend {
  return memo(`${seed}|${t}`, () => makeSocialTrend(t, seed));
}

function makeSocialTrend(t: number, seed: string): SocialTrend {
  const at = new Date(t);
  const draw = new Draws(itemSeed('chatter', t, seed));
  const ticker = chatterTicker(t, draw);
  const market = readMarket(ticker, at);
  const community = draw.pick(SOCIAL_COMMUNITIES);
  const change = market.changePercent;

  const lean = Math.max(-0.3, Math.min(0.3, change * 0.08));
  const u = draw.next();
  const sentiment = u < 0.45 + lean ? 'bullish' : u < 0.9 ? 'bearish' : 'neutral';
  const credibilityScore = clampToRange(Math.round(community.credibility + 15 * draw.normal()), {
    min: 5,
    max: 95,
  });
  const agrees =
    (sentiment === 'bullish' && change > 0) ||
    (sentiment === 'bearish' && change < 0) ||
    (sentiment === 'neutral' && Math.abs(change) < 0.5);
  const confidence = clampPercent(40 + 0.4 * credibilityScore + (agrees ? 15 : -10) + 8 * draw.normal());
  const relativeVolume = Number.isFinite(market.relativeVolume) ? market.relativeVolume : 1;
  const mentions = Math.max(
    20,
    Math.round(200 * Math.exp(draw.normal()) * (1 + Math.abs(change)) * Math.max(0.5, relativeVolume)),
  );
  const growth = Math.max(
    -80,
    Math.round(30 + 40 * Math.abs(change) + 80 * Math.max(0, relativeVolume - 1) + 40 * draw.normal()),
  );
  const timeframe = draw.pick(TIMEFRAMES);
  const riskLevel = riskOf(market, credibilityScore);
  const phrases: string[] = draw.sample(PHRASES[sentiment], 2);
  if (market.daysToEarnings !== null && market.daysToEarnings <= 14)
    phrases.push(`earnings ${market.nextEarnings}`);
  else phrases.push(draw.pick(PHRASES[sentiment].filter((p) => !phrases.includes(p))));

  const move = impliedMovePercent(market.iv, timeframe.days) / 100;
  const stretch = riskLevel === 'extreme' ? draw.between(1.5, 3) : draw.between(0.8, 1.8);
  const verb =
    sentiment === 'bullish'
      ? 'is piling into'
      : sentiment === 'bearish'
        ? 'is betting against'
        : 'is split on';
  const direction = change > 0 ? 'up' : change < 0 ? 'down' : 'flat';
  const context = `${market.entry.name} is ${direction}${change === 0 ? '' : ` ${Math.abs(change).toFixed(2)}%`} today at $${market.price.toFixed(2)}${
    Number.isFinite(market.relativeVolume) ? ` on ${market.relativeVolume.toFixed(1)}× its usual volume` : ''
  }; ${community.name} ${verb} ${ticker} (${phrases[0]}).`;

  return {
    id: feedItemId('chatter', t),
    ticker,
    provider: 'simulated',
    platform: community.platform,
    sentiment,
    confidence,
    mentions,
    growth,
    keyPhrases: phrases,
    riskLevel,
    credibilityScore,
    timestamp: at.toISOString(),
    source: community.name,
    sourceUrl: tickerSourceUrl(community.platform, ticker, community.name),
    context,
    ...(sentiment === 'bullish' ? { priceTarget: cents(market.price * (1 + stretch * move)) } : {}),
    timeframe: timeframe.label,
    communitySize: community.size,
    influencerMentions: draw.int(0, Math.max(1, Math.round(mentions / 400))),
    verificationStatus: verification(credibilityScore),
    price: market.price,
    changePercent: change,
  };
}

/** Trending communities: the sources of the given chatter, by mentions (spec 2, Risky Chatter). */
export function trendingCommunities(trends: readonly SocialTrend[], limit = 5): Community[] {
  const groups = new Map<string, SocialTrend[]>();
  for (const trend of trends) groups.set(trend.source, [...(groups.get(trend.source) ?? []), trend]);
  return [...groups.values()]
    .map((group) => {
      const first = group[0]!;
      const tickers = new Map<string, number>();
      for (const trend of group) tickers.set(trend.ticker, (tickers.get(trend.ticker) ?? 0) + trend.mentions);
      return {
        source: first.source,
        platform: first.platform,
        url: communityUrl({ platform: first.platform, name: first.source }),
        mentions: group.reduce((sum, trend) => sum + trend.mentions, 0),
        trends: group.length,
        communitySize: first.communitySize,
        averageCredibility: clampPercent(
          group.reduce((sum, trend) => sum + trend.credibilityScore, 0) / group.length,
        ),
        tickers: [...tickers.entries()]
          .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
          .slice(0, 3)
          .map(([ticker]) => ticker),
      };
    })
    .sort((a, b) => b.mentions - a.mentions || a.source.localeCompare(b.source))
    .slice(0, limit);
}
