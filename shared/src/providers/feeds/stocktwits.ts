/**
 * StockTwits' public symbol stream (`GET /api/2/streams/symbol/{SYMBOL}.json`, no key; its latest
 * 30 messages) as one Risky Chatter card: the messages' Bullish/Bearish tags, their count and
 * pace, and risk and credibility by the rules below (docs/providers.md "Social chatter"), each
 * from what the messages and their authors show. Pure; the fetching is lambdas/feeds/social-source.ts.
 */
import * as z from 'zod';
import type { SocialTrend, TrendRiskLevel, VerificationStatus } from '../../feeds/schemas';
import type { Sentiment } from '../../market/schemas';
import { parseProviderBody } from './feed-providers';

const userSchema = z.object({
  username: z.string(),
  followers: z.number().int().nonnegative().default(0),
  official: z.boolean().default(false),
  /** YYYY-MM-DD. */
  join_date: z.string().optional(),
});

const messageSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  created_at: z.iso.datetime(),
  user: userSchema,
  symbols: z.array(z.object({ symbol: z.string() })).default([]),
  entities: z
    .object({
      sentiment: z
        .object({ basic: z.enum(['Bullish', 'Bearish']) })
        .nullable()
        .optional(),
    })
    .optional(),
});
export type StocktwitsMessage = z.infer<typeof messageSchema>;

export const stocktwitsStreamSchema = z.object({
  symbol: z.object({
    symbol: z.string(),
    title: z.string().optional(),
    watchlist_count: z.number().int().nonnegative(),
  }),
  messages: z.array(messageSchema),
});
export type StocktwitsStream = z.infer<typeof stocktwitsStreamSchema>;

export function stocktwitsStreamUrl(baseUrl: string, symbol: string): string {
  return new URL(`/api/2/streams/symbol/${encodeURIComponent(symbol)}.json`, baseUrl).toString();
}

export function parseStocktwitsStream(body: unknown): StocktwitsStream {
  return parseProviderBody(stocktwitsStreamSchema, body, 'a StockTwits symbol stream');
}

/** Rule thresholds (docs/providers.md). */
export const CHATTER_RULES = {
  /** A stream leans one way when at least this share of its tagged messages carry that tag. */
  leanShare: 0.6,
  /** Risk: one-sided when this share of at least `oneSidedMinTagged` tagged messages agree. */
  oneSidedShare: 0.8,
  oneSidedMinTagged: 5,
  /** Risk: messages an hour from which the pace counts once, and twice. */
  fastPerHour: 60,
  frenziedPerHour: 240,
  /** Risk: growth (newer half of the page against the older half) from which it counts. */
  surgingGrowthPercent: 100,
  /** Risk: authors under this many followers are small accounts; counts when they write half or more. */
  smallAccountFollowers: 100,
  smallAccountShare: 0.5,
  /** Credibility: followers at which the audience part is full (log scale). */
  fullAudienceFollowers: 10_000,
  /** Credibility: an account at least this old when it wrote counts as established. */
  establishedDays: 365,
  /** An author with at least this many followers is an influencer. */
  influencerFollowers: 1_000,
} as const;

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function spanText(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 120) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.round(hours / 24)} days`;
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};
const decodeEntities = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (m) => ENTITIES[m] ?? m);

/** What the rules read off a page of messages; exported for the tests and the docs' examples. */
export function chatterReadings(stream: StocktwitsStream) {
  const messages = [...stream.messages].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
  const times = messages.map((m) => Date.parse(m.created_at));
  const newest = times[0]!;
  const oldest = times.at(-1)!;
  const spanMs = Math.max(60_000, newest - oldest);
  const middle = oldest + (newest - oldest) / 2;
  const newer = times.filter((t) => t > middle).length;
  const older = times.length - newer;
  const bullish = messages.filter((m) => m.entities?.sentiment?.basic === 'Bullish').length;
  const bearish = messages.filter((m) => m.entities?.sentiment?.basic === 'Bearish').length;
  const tagged = bullish + bearish;
  const established = messages.filter(
    (m) =>
      m.user.join_date !== undefined &&
      Date.parse(m.created_at) - Date.parse(m.user.join_date) >= CHATTER_RULES.establishedDays * DAY_MS,
  ).length;
  return {
    messages,
    count: messages.length,
    spanMs,
    perHour: (messages.length / spanMs) * HOUR_MS,
    growthPercent: older === 0 ? 0 : Math.round(((newer - older) / older) * 100),
    bullish,
    bearish,
    tagged,
    medianFollowers: median(messages.map((m) => m.user.followers)),
    smallAccountShare:
      messages.filter((m) => m.user.followers < CHATTER_RULES.smallAccountFollowers).length / messages.length,
    establishedShare: established / messages.length,
    officialShare: messages.filter((m) => m.user.official).length / messages.length,
    influencers: messages.filter((m) => m.user.followers >= CHATTER_RULES.influencerFollowers).length,
  };
}
export type ChatterReadings = ReturnType<typeof chatterReadings>;

/** Bullish / bearish when at least `leanShare` of the tagged messages say so; neutral otherwise or untagged. */
export function chatterSentiment(r: Pick<ChatterReadings, 'bullish' | 'bearish' | 'tagged'>): Sentiment {
  if (r.tagged === 0) return 'neutral';
  if (r.bullish / r.tagged >= CHATTER_RULES.leanShare) return 'bullish';
  if (r.bearish / r.tagged >= CHATTER_RULES.leanShare) return 'bearish';
  return 'neutral';
}

/** Confidence: the share of all the page's messages that agree with the sentiment (untagged ones for neutral). */
export function chatterConfidence(r: ChatterReadings, sentiment: Sentiment): number {
  const agreeing =
    sentiment === 'bullish' ? r.bullish : sentiment === 'bearish' ? r.bearish : r.count - r.tagged;
  return Math.round((100 * agreeing) / r.count);
}

/**
 * Risk: a point each for one-sided tags, a fast pace (two for a frenzied one), surging growth and
 * a stream written mostly by small accounts. 0 low, 1 medium, 2 high, 3 or more extreme.
 */
export function chatterRisk(r: ChatterReadings): { level: TrendRiskLevel; points: number } {
  const rules = CHATTER_RULES;
  const lean = r.tagged === 0 ? 0 : Math.max(r.bullish, r.bearish) / r.tagged;
  const points =
    Number(r.tagged >= rules.oneSidedMinTagged && lean >= rules.oneSidedShare) +
    (r.perHour >= rules.frenziedPerHour ? 2 : r.perHour >= rules.fastPerHour ? 1 : 0) +
    Number(r.growthPercent >= rules.surgingGrowthPercent) +
    Number(r.smallAccountShare >= rules.smallAccountShare);
  const level: TrendRiskLevel =
    points >= 3 ? 'extreme' : points === 2 ? 'high' : points === 1 ? 'medium' : 'low';
  return { level, points };
}

/**
 * Credibility, 0-100: half from the authors' median audience (log scale, full at
 * `fullAudienceFollowers`), 40 % from the share of established accounts (a year old or more when
 * they wrote), 10 % from the share of StockTwits' official accounts.
 */
export function chatterCredibility(r: ChatterReadings): number {
  const audience = Math.min(
    1,
    Math.log10(1 + r.medianFollowers) / Math.log10(1 + CHATTER_RULES.fullAudienceFollowers),
  );
  return Math.round(100 * (0.5 * audience + 0.4 * r.establishedShare + 0.1 * r.officialShare));
}

/** Verified with an official account among the authors; suspicious under 30 credibility or at extreme risk. */
export function chatterVerification(
  r: ChatterReadings,
  credibility: number,
  risk: TrendRiskLevel,
): VerificationStatus {
  if (r.officialShare > 0) return 'verified';
  return credibility < 30 || risk === 'extreme' ? 'suspicious' : 'unverified';
}

/** The other cashtags the messages mention, most often first (at most five). */
export function coMentioned(stream: StocktwitsStream): string[] {
  const own = stream.symbol.symbol.toUpperCase();
  const counts = new Map<string, number>();
  for (const message of stream.messages)
    for (const { symbol } of message.symbols)
      if (symbol.toUpperCase() !== own)
        counts.set(symbol.toUpperCase(), (counts.get(symbol.toUpperCase()) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 5)
    .map(([symbol]) => `$${symbol}`);
}

/** One Risky Chatter card from a page of the stream; null for a page without messages. */
export function chatterFromStocktwits(stream: StocktwitsStream): SocialTrend | null {
  if (stream.messages.length === 0) return null;
  const r = chatterReadings(stream);
  const symbol = stream.symbol.symbol.toUpperCase();
  const sentiment = chatterSentiment(r);
  const risk = chatterRisk(r);
  const credibility = chatterCredibility(r);
  const latest = r.messages[0]!;
  const quote = decodeEntities(latest.body).replace(/\s+/g, ' ').trim();
  const span = spanText(r.spanMs);
  return {
    id: `stocktwits-${symbol}-${latest.id}`,
    ticker: symbol,
    platform: 'stocktwits',
    sentiment,
    confidence: chatterConfidence(r, sentiment),
    mentions: r.count,
    growth: r.growthPercent,
    keyPhrases: coMentioned(stream),
    riskLevel: risk.level,
    credibilityScore: credibility,
    timestamp: new Date(latest.created_at).toISOString(),
    source: `$${symbol} stream`,
    sourceUrl: `https://stocktwits.com/symbol/${encodeURIComponent(symbol)}`,
    context:
      `${r.count} messages in ${span} (${Math.round(r.perHour)} an hour); ${r.bullish} tagged Bullish, ${r.bearish} Bearish. ` +
      `Latest, by @${latest.user.username}: "${quote.length > 140 ? `${quote.slice(0, 139)}…` : quote}"`,
    timeframe: `last ${span}`,
    communitySize: stream.symbol.watchlist_count,
    influencerMentions: r.influencers,
    verificationStatus: chatterVerification(r, credibility, risk.level),
    provider: 'stocktwits',
  };
}
