/**
 * The live feeds tool: the latest items of Market Alerts, dark pool flow, Risky Chatter or Trend
 * Alerts, read through the feeds' own service (so the caller's plan applies: no dark pool on
 * Starter, and the caller's own trend-alert dismissals), optionally for one ticker.
 */
import * as z from 'zod';
import { feedNames, feedQuerySchemas, type AnyFeedItem, type FeedName } from '@shared/feeds/schemas';
import { tickerSchema } from '@shared/market/ticker';
import { readFeed } from '../feeds/service';
import { citation, tool } from './tool-kit';

const FEED_LABELS: Record<FeedName, string> = {
  alerts: 'Market Alerts',
  darkpool: 'Dark pool flow',
  chatter: 'Risky Chatter',
  trends: 'Trend Alerts',
};

/** What the model (and the citation) needs of an item; the screens show the rest. */
function compact(feed: FeedName, item: AnyFeedItem): Record<string, unknown> {
  const base = { time: item.timestamp, ticker: item.ticker };
  switch (feed) {
    case 'alerts': {
      const a = item as AnyFeedItem & { type: string; severity: string; message: string; price: number; changePercent: number };
      return { ...base, type: a.type, severity: a.severity, message: a.message, price: a.price, changePercent: a.changePercent };
    }
    case 'darkpool': {
      const d = item as AnyFeedItem & { side: string; blockSize: number; price: number; confidence: number; edgeScore: number; optionsImplication: string };
      return { ...base, side: d.side, blockSize: d.blockSize, price: d.price, confidence: d.confidence, edgeScore: d.edgeScore, optionsImplication: d.optionsImplication };
    }
    case 'chatter': {
      const c = item as AnyFeedItem & { platform: string; sentiment: string; mentions: number; growth: number; riskLevel: string; credibilityScore: number };
      return { ...base, platform: c.platform, sentiment: c.sentiment, mentions: c.mentions, growth: c.growth, riskLevel: c.riskLevel, credibility: c.credibilityScore };
    }
    case 'trends': {
      const t = item as AnyFeedItem & { title: string; severity: string; riskLevel: string; confidence: number };
      return { ...base, title: t.title, severity: t.severity, riskLevel: t.riskLevel, confidence: t.confidence };
    }
  }
} // prettier-ignore

function line(feed: FeedName, item: Record<string, unknown>): string {
  switch (feed) {
    case 'alerts':
      return `${item.severity} · ${item.message}`;
    case 'darkpool':
      return `${item.side} ${Number(item.blockSize).toLocaleString('en-US')} shares at $${Number(item.price).toFixed(2)}, edge ${item.edgeScore}`;
    case 'chatter':
      return `${item.platform}: ${item.sentiment}, ${item.mentions} mentions, ${item.riskLevel} risk`;
    case 'trends':
      return `${item.severity} · ${item.title}`;
  }
}

export const getLiveFeed = tool({
  name: 'get_live_feed',
  description:
    "The latest items (newest first) of a live feed, optionally for one ticker: alerts (Market Alerts), darkpool (dark pool prints), chatter (Risky Chatter social trends) or trends (Trend Alerts). The feeds are simulated from the market model unless the stage names a provider: the answer's source says which, and stale says when that provider's latest answer failed.",
  input: z
    .object({
      feed: z.enum(feedNames),
      ticker: tickerSchema.optional(),
      limit: z.number().int().min(1).max(10).default(5),
    })
    .strict(),
  async run({ feed, ticker, limit }, ctx) {
    const query = feedQuerySchemas[feed].parse({ ticker, limit });
    const response = await readFeed(ctx.feeds, ctx.plan, ctx.userId, feed, query as never, ctx.at);
    const items = (response.items as AnyFeedItem[]).map((item) => compact(feed, item));
    return {
      result: { feed, asOf: response.asOf, source: response.source, stale: response.stale, items },
      citation: citation('get_live_feed', `Live feed: ${FEED_LABELS[feed]}${ticker ? ` (${ticker})` : ''}`, {
        asOf: response.asOf,
        symbols: [...new Set(items.map((i) => String(i.ticker)))],
        figures: items.slice(0, 8).map((i) => ({
          name: String(i.ticker),
          value: line(feed, i),
          asOf: String(i.time),
        })),
      }),
    };
  },
});
