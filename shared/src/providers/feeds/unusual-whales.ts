/**
 * Market Alerts' options flow from Unusual Whales' flow alerts (`GET /api/option-trades/flow-alerts`):
 * each alert names one contract (type, strike, expiry), the premium paid and how much of it at
 * the ask and at the bid. Mapped to an 'unusual-flow' market alert with its contract, so Track in
 * Journal tracks that option. Pure; the job's source is lambdas/feeds/flow-source.ts.
 */
import * as z from 'zod';
import type { AlertSeverity, Bias, MarketAlert } from '../../feeds/schemas';
import { parseProviderBody } from './feed-providers';

/** The smallest premium that makes an alert (Unusual Whales is asked for these only; docs/providers.md). */
export const FLOW_MIN_PREMIUM = 100_000;
/** High severity at $1,000,000 of premium, or $250,000 opening more contracts than were open. */
export const FLOW_HIGH_PREMIUM = 1_000_000;
export const FLOW_OPENING_PREMIUM = 250_000;
/** A side is read when at least this share of the premium was paid at it. */
export const FLOW_SIDE_SHARE = 0.6;

// Unusual Whales sends money and prices as decimal strings.
const decimal = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const n = Number(value);
  if (value === '' || !Number.isFinite(n)) {
    ctx.addIssue({ code: 'custom', message: `not a number: ${String(value)}` });
    return z.NEVER;
  }
  return n;
});

const flowAlertSchema = z.object({
  alert_rule: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  ticker: z.string(),
  type: z.enum(['call', 'put']),
  strike: decimal,
  expiry: z.iso.date(),
  option_chain: z.string(),
  price: decimal,
  underlying_price: decimal,
  total_premium: decimal,
  total_ask_side_prem: decimal,
  total_bid_side_prem: decimal,
  total_size: z.number().int().nonnegative(),
  volume: z.number().int().nonnegative(),
  open_interest: z.number().int().nonnegative(),
  has_sweep: z.boolean().default(false),
  has_multileg: z.boolean().default(false),
});
export type UnusualWhalesFlowAlert = z.infer<typeof flowAlertSchema>;

export const parseFlowAlerts = (body: unknown): UnusualWhalesFlowAlert[] =>
  parseProviderBody(z.object({ data: z.array(flowAlertSchema) }), body, 'an Unusual Whales flow alerts list')
    .data;

/** The latest flow alerts newer than `newerThanMs`, of at least the minimum premium, single-leg. */
export function flowAlertsUrl(baseUrl: string, newerThanMs: number): string {
  const url = new URL('/api/option-trades/flow-alerts', baseUrl);
  url.searchParams.set('newer_than', String(newerThanMs));
  url.searchParams.set('min_premium', String(FLOW_MIN_PREMIUM));
  url.searchParams.set('is_multi_leg', 'false');
  url.searchParams.set('limit', '200');
  return url.toString();
}

/**
 * Which way the flow leans: a buyer pays the ask, a seller takes the bid. Calls bought or puts
 * sold lean bullish, puts bought or calls sold bearish; neither side at 60 % of the premium,
 * neutral.
 */
export function flowBias(alert: UnusualWhalesFlowAlert): Bias {
  const sided = alert.total_ask_side_prem + alert.total_bid_side_prem;
  if (sided <= 0) return 'neutral';
  const bought = alert.total_ask_side_prem / sided;
  const side = bought >= FLOW_SIDE_SHARE ? 'buy' : 1 - bought >= FLOW_SIDE_SHARE ? 'sell' : null;
  if (side === null) return 'neutral';
  return (side === 'buy') === (alert.type === 'call') ? 'bullish' : 'bearish';
}

/** High: $1M of premium, or $250k opening more contracts than were open; medium: $250k; low below. */
export function flowSeverity(alert: UnusualWhalesFlowAlert): AlertSeverity {
  const opening = alert.total_size > alert.open_interest;
  if (alert.total_premium >= FLOW_HIGH_PREMIUM) return 'high';
  if (alert.total_premium >= FLOW_OPENING_PREMIUM) return opening ? 'high' : 'medium';
  return alert.total_premium >= FLOW_MIN_PREMIUM && opening ? 'medium' : 'low';
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** An 'unusual-flow' market alert naming the alert's contract, Unusual Whales'. */
export function flowMarketAlert(alert: UnusualWhalesFlowAlert): MarketAlert {
  const created = new Date(alert.created_at);
  const ticker = alert.ticker.toUpperCase();
  const kind = alert.type === 'call' ? 'calls' : 'puts';
  const how = [alert.alert_rule, alert.has_sweep ? 'sweep' : null].filter(Boolean).join(', ');
  return {
    id: `unusualwhales-${alert.option_chain}-${created.getTime()}`,
    ticker,
    type: 'unusual-flow',
    message: `Unusual options flow: ${alert.total_size.toLocaleString('en-US')} ${ticker} $${alert.strike} ${kind} expiring ${alert.expiry}, ${usd.format(alert.total_premium)} premium (${how})`,
    timestamp: created.toISOString(),
    severity: flowSeverity(alert),
    price: alert.underlying_price,
    bias: flowBias(alert),
    trigger: { metric: 'Premium ($)', value: alert.total_premium, threshold: FLOW_MIN_PREMIUM },
    provider: 'unusualwhales',
    contract: { type: alert.type, strike: alert.strike, expiration: alert.expiry },
    flow: {
      rule: alert.alert_rule,
      contracts: alert.total_size,
      premium: alert.total_premium,
      askSidePremium: alert.total_ask_side_prem,
      bidSidePremium: alert.total_bid_side_prem,
      contractVolume: alert.volume,
      openInterest: alert.open_interest,
      optionPrice: alert.price,
      sweep: alert.has_sweep,
    },
  };
}
