/**
 * Trend Alerts (spec 2 and 3): at each arrival of the trends timeline, the market model is read
 * for every name, and one of the trends it shows is chosen (seeded, weighted by strength):
 *   momentum   a move of 2%+ on the day with RSI(14) agreeing
 *   breakout   the price beyond its 20-day closing high or low
 *   volume     session volume 50%+ above the 20-day average
 *   technical  RSI(14) at 70+ (overbought) or 30- (oversold)
 *   social     chatter since the previous arrival whose mentions grew 100%+
 *   news       an earnings report within five days
 * Price indications: the target is one implied move (the model's IV over the timeframe) in the
 * trend's direction, the stop half a move against it; the probability is that of touching the
 * target within the timeframe under the model's lognormal (twice the chance of finishing beyond
 * it). Evidence: the model's readings, the chatter and the dark pool prints of the last minutes.
 */
import { ALERT_TRIGGERS } from '../constants/caps';
import { clampToRange, PERCENT_RANGE } from '../constants/ranges';
import { isInSession, newYorkTime } from '../market/calendar';
import { nextEarningsDate } from '../market/earnings';
import { RISK_FREE_RATE } from '../market/rates';
import { universeEntry } from '../market/universe';
import { lognormalCdf } from '../options/payoff';
import { darkPoolTickerAt, generateDarkPoolFlow } from './dark-pool';
import { Draws } from './draws';
import {
  averageVolume20,
  cents,
  FEED_UNIVERSE,
  marketMoment,
  quoteFigures,
  readMarket,
  relativeVolumeAt,
  scanReading,
  type MarketReading,
} from './market-readings';
import {
  type Bias,
  type SocialTrend,
  type TrendAlert,
  type TrendAlertType,
  type TrendRiskLevel,
  type TrendSeverity,
} from './schemas';
import { generateSocialTrend } from './social-trends';
import { tickerSourceUrl, SOCIAL_COMMUNITIES } from './social-sources';
import {
  arrivalsBetween,
  arrivalsInSlotBefore,
  DEFAULT_FEED_SEED,
  feedItemId,
  itemSeed,
  previousArrival,
} from './timeline';
import { memoized } from './memo';
import { hashString, uniform } from '../market/random';

const MINUTE_MS = 60_000;
const EVIDENCE_WINDOW_MINUTES = 15;
const SLOT_MS = 3_600_000;
const DARK_POOL_WINDOW_MINUTES = 15;
const NEWS_WINDOW_DAYS = 5;

const TYPE_WEIGHT: Record<TrendAlertType, number> = {
  momentum: 3,
  breakout: 3,
  volume: 2,
  technical: 2,
  social: 2,
  news: 1,
};

const TIMEFRAME: Record<TrendAlertType, { label: string; days: number }> = {
  momentum: { label: '1-3 days', days: 3 },
  breakout: { label: '1-2 weeks', days: 10 },
  volume: { label: '1-3 days', days: 3 },
  technical: { label: '1-2 weeks', days: 10 },
  social: { label: '1-3 days', days: 3 },
  news: { label: 'Into earnings', days: NEWS_WINDOW_DAYS },
};

interface Candidate {
  symbol: string;
  type: TrendAlertType;
  /** 1 is a trend just at the threshold; more is stronger. */
  strength: number;
  bias: Bias;
  social?: SocialTrend;
}

const signed = (value: number, digits = 2) => `${value >= 0 ? '+' : ''}${value.toFixed(digits)}`;
const money = (value: number) => `$${value.toFixed(2)}`;

function modelCandidates(at: Date): Candidate[] {
  const moment = marketMoment(at);
  const today = newYorkTime(at).dayNumber;
  const out: Candidate[] = [];
  for (const entry of FEED_UNIVERSE) {
    const scan = scanReading(entry, moment);
    const { point } = scan;
    const { changePercent } = quoteFigures(point);
    const { symbol } = entry;
    const direction: Bias = changePercent >= 0 ? 'bullish' : 'bearish';
    if (Math.abs(changePercent) >= 2 && (changePercent > 0 ? scan.rsi14 >= 55 : scan.rsi14 <= 45))
      out.push({ symbol, type: 'momentum', strength: Math.abs(changePercent) / 2, bias: direction });
    if (point.price > scan.high20)
      out.push({
        symbol,
        type: 'breakout',
        strength: 1 + (point.price / scan.high20 - 1) * 50,
        bias: 'bullish',
      });
    else if (point.price < scan.low20)
      out.push({
        symbol,
        type: 'breakout',
        strength: 1 + (1 - point.price / scan.low20) * 50,
        bias: 'bearish',
      });
    if (moment.clock.isOpen) {
      const relative = relativeVolumeAt(point, moment.clock, averageVolume20(entry, moment.clock.index));
      if (relative >= 1.5) out.push({ symbol, type: 'volume', strength: relative / 1.5, bias: direction });
    }
    if (scan.rsi14 >= 70)
      out.push({ symbol, type: 'technical', strength: (scan.rsi14 - 50) / 20, bias: 'bearish' });
    else if (scan.rsi14 <= 30)
      out.push({ symbol, type: 'technical', strength: (50 - scan.rsi14) / 20, bias: 'bullish' });
    if (entry.kind === 'stock') {
      const days = nextEarningsDate(symbol, today) - today;
      if (days <= NEWS_WINDOW_DAYS)
        out.push({ symbol, type: 'news', strength: 1 + (NEWS_WINDOW_DAYS - days) / 5, bias: direction });
    }
  }
  return out;
}

/** Chatter since the previous arrival that grew 100%+: a social trend (each seen by one arrival). */
function socialCandidates(t: number, seed: string): Candidate[] {
  return arrivalsBetween('chatter', previousArrival('trends', t, seed), t, seed)
    .map((time) => generateSocialTrend(time, seed))
    .filter((trend) => trend.growth >= 100 && trend.sentiment !== 'neutral')
    .map((trend) => ({
      symbol: trend.ticker,
      type: 'social' as const,
      strength: trend.growth / 100,
      bias: trend.sentiment as Bias,
      social: trend,
    }));
}

function severityOf(strength: number, confidence: number): TrendSeverity {
  const score = strength * (confidence / 100);
  return score >= 1.6 ? 'critical' : score >= 1.1 ? 'high' : score >= 0.7 ? 'medium' : 'low';
}

function riskOf(iv: number): TrendRiskLevel {
  return iv >= 0.6 ? 'extreme' : iv >= 0.4 ? 'high' : iv >= 0.25 ? 'medium' : 'low';
}

function technicalSignals(market: MarketReading): string[] {
  const signals: string[] = [];
  if (market.rsi14 >= 70) signals.push(`RSI(14) ${market.rsi14.toFixed(1)}: overbought`);
  else if (market.rsi14 <= 30) signals.push(`RSI(14) ${market.rsi14.toFixed(1)}: oversold`);
  else signals.push(`RSI(14) ${market.rsi14.toFixed(1)}`);
  if (market.rawPrice > market.high20) signals.push(`Above the 20-day high of ${money(market.high20)}`);
  else if (market.rawPrice < market.low20) signals.push(`Below the 20-day low of ${money(market.low20)}`);
  signals.push(
    `${market.rawPrice >= market.sma50 ? 'Above' : 'Below'} the 50-day average of ${money(market.sma50)}`,
  );
  if (Number.isFinite(market.relativeVolume) && market.relativeVolume >= 1.2)
    signals.push(`Volume ${market.relativeVolume.toFixed(1)}× the 20-day average`);
  signals.push(`IV ${(market.iv * 100).toFixed(1)}%, IV rank ${Math.round(market.ivRank)}`);
  return signals;
}

function titleOf(candidate: Candidate, market: MarketReading): string {
  const { symbol } = candidate;
  switch (candidate.type) {
    case 'momentum':
      return `${symbol} momentum: ${signed(market.changePercent)}% today`;
    case 'breakout':
      return candidate.bias === 'bullish'
        ? `${symbol} breaking out above its 20-day high`
        : `${symbol} breaking down below its 20-day low`;
    case 'volume':
      return `${symbol} volume surge: ${market.relativeVolume.toFixed(1)}× average`;
    case 'technical':
      return `${symbol} RSI ${candidate.bias === 'bearish' ? 'overbought' : 'oversold'} at ${market.rsi14.toFixed(1)}`;
    case 'social':
      return `${symbol} trending on ${candidate.social!.source}: ${signed(candidate.social!.growth, 0)}% mentions`;
    case 'news':
      return `${symbol} earnings ${market.daysToEarnings === 0 ? 'today' : `in ${market.daysToEarnings} days`}`;
  }
}

/** The chance of touching `target` within `days` under the model's lognormal: twice that of finishing beyond it. */
function touchProbability(market: MarketReading, target: number, days: number, up: boolean): number {
  const years = days / 365;
  const below = lognormalCdf(
    target,
    market.rawPrice,
    years,
    RISK_FREE_RATE,
    market.entry.dividendYield,
    market.iv,
  );
  return clampToRange(Math.round(Math.min(1, 2 * (up ? 1 - below : below)) * 100), PERCENT_RANGE);
}

/** When chatter has just taken off, the chance that the arrival reports it rather than a market state. */
const SOCIAL_SHARE = 0.5;

/**
 * Market trends are states that last, so within each hour the arrivals take the trends in a seeded
 * weighted order without repeats (weighted sampling by exponential keys, fixed per hour): the
 * k-th arrival of the hour takes the k-th trend, and a trend comes back only once every other
 * trend of that hour has had its turn.
 */
function pickForSlot(candidates: readonly Candidate[], t: number, seed: string): Candidate {
  const slot = Math.floor(t / SLOT_MS);
  const turn = arrivalsInSlotBefore('trends', t, SLOT_MS, seed);
  const keyed = candidates.map((candidate) => {
    const identity = `${seed}|trend-turn|${candidate.symbol}|${candidate.type}`;
    const weight = TYPE_WEIGHT[candidate.type] * Math.min(candidate.strength, 4);
    return { candidate, identity, key: -Math.log(uniform(hashString(identity), slot)) / weight };
  });
  keyed.sort((a, b) => a.key - b.key || a.identity.localeCompare(b.identity));
  return keyed[turn % keyed.length]!.candidate;
}

const memo = memoized<TrendAlert | null>(128);

/** The trend alert at the trends timeline's arrival `t`, or null when the market shows no trend then. */
export function generateTrendAlert(t: number, seed = DEFAULT_FEED_SEED): TrendAlert | null {
  return memo(`${seed}|${t}`, () => makeTrendAlert(t, seed));
}

function makeTrendAlert(t: number, seed: string): TrendAlert | null {
  const at = new Date(t);
  const draw = new Draws(itemSeed('trends', t, seed));
  // Outside the session only news (earnings ahead) is new: the price, volume and RSI stand still.
  const open = isInSession(at);
  const states = modelCandidates(at).filter((candidate) => open || candidate.type === 'news');
  const social = socialCandidates(t, seed);
  if (states.length === 0 && social.length === 0) return null;
  const chosen =
    social.length > 0 && (states.length === 0 || draw.chance(SOCIAL_SHARE))
      ? draw.weighted(social, (candidate) => candidate.strength)
      : pickForSlot(states, t, seed);
  const market = readMarket(chosen.symbol, at);
  const bias = chosen.bias;
  const up = bias !== 'bearish';

  const recentChatter = arrivalsBetween('chatter', t - EVIDENCE_WINDOW_MINUTES * MINUTE_MS, t, seed)
    .map((time) => generateSocialTrend(time, seed))
    .filter((trend) => trend.ticker === chosen.symbol);
  const blocks = arrivalsBetween('darkpool', t - DARK_POOL_WINDOW_MINUTES * MINUTE_MS, t, seed)
    .filter((time) => darkPoolTickerAt(time, seed) === chosen.symbol)
    .map((time) => generateDarkPoolFlow(time, seed))
    .filter((flow) => flow.blockSize > ALERT_TRIGGERS.darkPoolBlockMinShares);

  const signals = technicalSignals(market);
  const newsEvents: string[] = [];
  if (market.daysToEarnings !== null && market.daysToEarnings <= 14)
    newsEvents.push(
      `Earnings on ${market.nextEarnings} (${market.daysToEarnings === 0 ? 'today' : `in ${market.daysToEarnings} days`})`,
    );
  if (Math.abs(market.changePercent) >= 2)
    newsEvents.push(
      `${chosen.symbol} ${market.changePercent > 0 ? 'up' : 'down'} ${Math.abs(market.changePercent).toFixed(2)}% on the day`,
    );

  const confidence = clampToRange(
    45 +
      6 * signals.length +
      (blocks.length > 0 ? 8 : 0) +
      (recentChatter.length > 0 ? 5 : 0) +
      draw.int(0, 10),
    { min: 0, max: 95 },
  );
  const timeframe =
    chosen.type === 'news' && market.daysToEarnings !== null
      ? { label: TIMEFRAME.news.label, days: Math.max(1, market.daysToEarnings) }
      : TIMEFRAME[chosen.type];
  const move = market.rawPrice * market.iv * Math.sqrt(timeframe.days / 365);
  const targetPrice = cents(Math.max(0.01, market.rawPrice + (up ? move : -move)));
  const stopLoss = cents(Math.max(0.01, market.rawPrice - (up ? move : -move) / 2));

  const platforms = chosen.social
    ? [chosen.social]
    : recentChatter.length > 0
      ? recentChatter.slice(0, 3)
      : [];
  const sources =
    platforms.length > 0
      ? platforms.map((trend) => ({
          platform: trend.source,
          url: trend.sourceUrl,
          credibility: trend.credibilityScore,
        }))
      : draw.sample(SOCIAL_COMMUNITIES, 2).map((community) => ({
          platform: community.name,
          url: tickerSourceUrl(community.platform, chosen.symbol, community.name),
          credibility: clampToRange(Math.round(community.credibility + draw.between(-10, 10)), PERCENT_RANGE),
        }));

  const title = titleOf(chosen, market);
  const entry = universeEntry(chosen.symbol)!;
  const description = `${entry.name} at ${money(market.price)} (${signed(market.changePercent)}% today). ${
    up ? 'Upside' : 'Downside'
  } to ${money(targetPrice)} is one implied move over ${timeframe.label.toLowerCase()}; a stop at ${money(stopLoss)} risks half that.${
    blocks.length > 0
      ? ` ${blocks.length} dark pool block${blocks.length === 1 ? '' : 's'} over 100K shares in the last ${DARK_POOL_WINDOW_MINUTES} minutes.`
      : ''
  }`;

  return {
    id: feedItemId('trends', t),
    ticker: chosen.symbol,
    provider: 'simulated',
    alertType: chosen.type,
    severity: severityOf(chosen.strength, confidence),
    confidence,
    riskLevel: riskOf(market.iv),
    title,
    description,
    priceIndications: {
      currentPrice: market.price,
      targetPrice,
      stopLoss,
      timeframe: timeframe.label,
      probability: touchProbability(market, targetPrice, timeframe.days, up),
    },
    supportingEvidence: {
      socialMentions: recentChatter.reduce((sum, trend) => sum + trend.mentions, 0),
      volumeIncrease: Number.isFinite(market.relativeVolume)
        ? Math.round((market.relativeVolume - 1) * 100)
        : 0,
      technicalSignals: signals,
      newsEvents,
      institutionalActivity: blocks.length > 0,
    },
    sources,
    timestamp: at.toISOString(),
    isActive: true,
    dismissedAt: null,
    bias,
  };
}
