/**
 * Which feed items a notification rule matches, and whether a match may be sent now (quiet hours
 * in the rule's time zone, the daily cap). Pure: the delivery worker and the tests call it.
 */
import { TZDate } from '@date-fns/tz';
import {
  alertSeverities,
  trendRiskLevels,
  type DarkPoolFlow,
  type MarketAlert,
  type SocialTrend,
} from '../feeds/schemas';
import type { TriggeredTarget } from '../trades/position-schemas';
import type { NotifiedEvent, QuietHours, RuleCondition, RuleFeed } from './schemas';

/** The part of a rule the matcher reads. */
export interface MatchableRule {
  condition: RuleCondition;
  tickers: readonly string[];
  /** Match the user's watchlist instead of `tickers`. */
  watchlist?: boolean;
  /** Match the tickers the user holds (their open journal positions' underlyings) instead of `tickers`. */
  held?: boolean;
  enabled: boolean;
  quietHours?: QuietHours;
  dailyCap: number;
}

/**
 * A target one of a user's open positions reached (the positions job's alert, as an event): matched
 * only by its owner's rules.
 */
export interface PositionTargetItem {
  /** `<trade id>:<kind>`: the alert's id, one per trade and rule. */
  id: string;
  userId: string;
  ticker: string;
  strategy: string;
  kind: TriggeredTarget['kind'];
  label: string;
  detail: string;
  timestamp: string;
  provider: string;
}

export type RuleFeedItem = {
  alerts: MarketAlert;
  darkpool: DarkPoolFlow;
  chatter: SocialTrend;
  targets: PositionTargetItem;
};

const rank = <T extends string>(levels: readonly T[], level: T) => levels.indexOf(level);
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** A dark pool print's notional: shares × price. */
export const printNotional = (flow: Pick<DarkPoolFlow, 'blockSize' | 'price'>) => flow.blockSize * flow.price;

/**
 * Whether the rule watches the ticker: on the user's watchlist or among the tickers they hold
 * (`scoped`: that set, as the caller read it), else its own list (empty: every ticker).
 */
export function watchesTicker(
  rule: Pick<MatchableRule, 'tickers' | 'watchlist' | 'held'>,
  ticker: string,
  scoped: ReadonlySet<string>,
): boolean {
  if (rule.watchlist || rule.held) return scoped.has(ticker);
  return rule.tickers.length === 0 || rule.tickers.includes(ticker);
}

/**
 * The event a rule matched, summarised in a line; null when it does not match. `scoped` is the
 * rule owner's watchlist for a rule on it, or the tickers they hold for a rule on those, read by
 * the caller once per run. A position target is matched only for its owner: the caller passes
 * only the owner's items to the owner's rules (`ownsItem`).
 */
export function matchItem<F extends RuleFeed>(
  rule: MatchableRule,
  feed: F,
  item: RuleFeedItem[F],
  scoped: ReadonlySet<string> = new Set(),
): NotifiedEvent | null {
  if (!rule.enabled || rule.condition.feed !== feed) return null;
  if (!watchesTicker(rule, item.ticker, scoped)) return null;
  const base = {
    feed,
    id: item.id,
    ticker: item.ticker,
    timestamp: item.timestamp,
    provider: item.provider ?? 'simulated',
  };
  const condition = rule.condition;
  if (condition.feed === 'alerts') {
    const alert = item as MarketAlert;
    if (rank(alertSeverities, alert.severity) < rank(alertSeverities, condition.minSeverity)) return null;
    return { ...base, summary: `${alert.ticker} ${alert.severity} ${alert.type} alert: ${alert.message}` };
  }
  if (condition.feed === 'darkpool') {
    const flow = item as DarkPoolFlow;
    const notional = printNotional(flow);
    if (notional < condition.minNotional) return null;
    return {
      ...base,
      summary: `${flow.ticker} dark pool ${flow.side} print of ${usd.format(notional)} (${flow.blockSize} shares at $${flow.price.toFixed(2)})`,
    };
  }
  if (condition.feed === 'targets') {
    const target = item as PositionTargetItem;
    if (condition.kinds && !condition.kinds.includes(target.kind)) return null;
    return { ...base, summary: `${target.ticker} ${target.strategy}: ${target.label}. ${target.detail}` };
  }
  const trend = item as SocialTrend;
  if (rank(trendRiskLevels, trend.riskLevel) < rank(trendRiskLevels, condition.minRisk)) return null;
  return {
    ...base,
    summary: `${trend.ticker} chatter risk ${trend.riskLevel} on ${trend.platform}: ${trend.mentions} mentions, ${trend.sentiment}`,
  };
}

/** Whether a rule's owner may be told of an item: a position target only its owner; a feed item anyone. */
export const ownsItem = (ruleUserId: string, item: object): boolean =>
  !('userId' in item) || item.userId === ruleUserId;

/** The rule's time zone: its quiet hours', else UTC. */
export const ruleTimeZone = (rule: Pick<MatchableRule, 'quietHours'>) => rule.quietHours?.timeZone ?? 'UTC';

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** Whether `at` falls in the quiet hours (start included, end excluded; start after end spans midnight). */
export function inQuietHours(quiet: QuietHours, at: Date): boolean {
  const local = new TZDate(at.getTime(), quiet.timeZone);
  const minute = local.getHours() * 60 + local.getMinutes();
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/** The calendar day (YYYY-MM-DD) of `at` in the rule's time zone: the daily cap's day. */
export function capDay(rule: Pick<MatchableRule, 'quietHours'>, at: Date): string {
  const local = new TZDate(at.getTime(), ruleTimeZone(rule));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
}

export type DeliveryDecision = { send: true } | { send: false; detail: 'quiet hours' | 'daily cap reached' };

/** Whether a match is sent now: not in quiet hours, and fewer than the cap sent today. */
export function deliveryDecision(rule: MatchableRule, at: Date, sentToday: number): DeliveryDecision {
  if (rule.quietHours && inQuietHours(rule.quietHours, at)) return { send: false, detail: 'quiet hours' };
  if (sentToday >= rule.dailyCap) return { send: false, detail: 'daily cap reached' };
  return { send: true };
}
