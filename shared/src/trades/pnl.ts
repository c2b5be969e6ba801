/**
 * Spec 9, calculations: the only implementation of trade P&L and journal statistics.
 * Money is in dollars; one contract is 100 shares. A position bought for a debit makes
 * (exit - entry) x 100 per contract, one sold for a credit (entry - exit) x 100; fees come off.
 * With the defaults (debit, 1 contract, no fees) that is the spec's (exit - entry) x 100. Results
 * are rounded to cents to keep float noise ((1.15 - 1.05) x 100 = 9.999...) out of sums and signs.
 */
import { calendarDay, DEFAULT_TIME_ZONE } from '../format/calendar-day';
import type { Trade } from './schemas';

export type PricedTrade = Pick<Trade, 'entry_price' | 'exit_price'> &
  Partial<Pick<Trade, 'side' | 'quantity' | 'fees' | 'edge_score'>>;
export type DatedTrade = PricedTrade &
  Pick<Trade, 'created_at' | 'updated_at'> &
  Partial<Pick<Trade, 'closed_at'>>;

const CONTRACT_MULTIPLIER = 100;
const EDGE_SCORE_WIN_RATE_WEIGHT = 0.7;
const EDGE_SCORE_PROFIT_BONUS = 25;
const EDGE_SCORE_MAX = 95;

/** Rounds to cents; `|| 0` turns a -0 from rounding a tiny loss into 0. */
const toCents = (dollars: number): number => Math.round(dollars * 100) / 100 || 0;

/** A trade is closed once it has an exit price. */
export function isClosed<T extends PricedTrade>(trade: T): trade is T & { exit_price: number } {
  return trade.exit_price !== null && trade.exit_price !== undefined;
}

/** In dollars, after fees; null while the trade is open. */
export function tradePnl(trade: PricedTrade): number | null {
  if (!isClosed(trade)) return null;
  const perShare =
    trade.side === 'credit' ? trade.entry_price - trade.exit_price : trade.exit_price - trade.entry_price;
  return toCents(perShare * CONTRACT_MULTIPLIER * (trade.quantity ?? 1) - (trade.fees ?? 0));
}

/** A closed trade is a profit when its P&L is above 0; exactly 0 is a loss (spec 4). */
export function isProfit(trade: PricedTrade): boolean {
  const pnl = tradePnl(trade);
  return pnl !== null && pnl > 0;
}

function closedPnls(trades: readonly PricedTrade[]): number[] {
  return trades.map(tradePnl).filter((pnl): pnl is number => pnl !== null);
}

/** Sum of P&L over closed trades. */
export function totalPnl(trades: readonly PricedTrade[]): number {
  return toCents(closedPnls(trades).reduce((sum, pnl) => sum + pnl, 0));
}

/** Profitable closed trades / closed trades x 100; 0 with no closed trades. Not rounded. */
export function winRate(trades: readonly PricedTrade[]): number {
  const pnls = closedPnls(trades);
  if (pnls.length === 0) return 0;
  return (pnls.filter((pnl) => pnl > 0).length / pnls.length) * 100;
}

/**
 * Portfolio Value card: the value is max(0, total P&L); its change is the sign of the total
 * P&L x 100 percent, i.e. +100, -100, or 0 when the total is 0.
 */
export function portfolioValue(trades: readonly PricedTrade[]): { value: number; changePercent: number } {
  const total = totalPnl(trades);
  return { value: Math.max(0, total), changePercent: total > 0 ? 100 : total < 0 ? -100 : 0 };
}

/**
 * Today P&L: P&L of the trades closed today. The spec says closed trades "updated or created
 * today"; with a close date on every trade we read it as the day the trade was closed, so editing
 * the notes of last month's trade does not move today's P&L. A row without closed_at (written
 * before it existed) falls back to the spec's reading. 'Today' is the calendar day of `now` in
 * `timeZone` (an IANA zone; UTC unless the caller passes the user's zone), so a trade closed at
 * 23:30 in New York counts for that New York day when the caller passes 'America/New_York'.
 */
export function todayPnl(
  trades: readonly DatedTrade[],
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): number {
  const today = calendarDay(now, timeZone);
  const isToday = (iso: string) => {
    const time = new Date(iso);
    return !Number.isNaN(time.getTime()) && calendarDay(time, timeZone) === today;
  };
  return totalPnl(
    trades.filter((trade) =>
      trade.closed_at ? isToday(trade.closed_at) : isToday(trade.updated_at) || isToday(trade.created_at),
    ),
  );
}

/**
 * Journal Avg Edge Score = min(95, max(0, win rate x 0.7, plus 25 if average P&L is positive)).
 * Read as min(95, max(0, winRate x 0.7 + bonus)). The other bracketing,
 * min(95, max(0, winRate x 0.7) + bonus), gives the same number because the win rate is never
 * negative. Average P&L is over closed trades; with none there is no bonus (score 0). Not rounded.
 */
export function journalAvgEdgeScore(trades: readonly PricedTrade[]): number {
  const pnls = closedPnls(trades);
  const averagePnl = pnls.length === 0 ? 0 : pnls.reduce((sum, pnl) => sum + pnl, 0) / pnls.length;
  const bonus = averagePnl > 0 ? EDGE_SCORE_PROFIT_BONUS : 0;
  return Math.min(EDGE_SCORE_MAX, Math.max(0, winRate(trades) * EDGE_SCORE_WIN_RATE_WEIGHT + bonus));
}

/**
 * The journal's edge score: the mean of the edge scores the scanner or a feed showed when each
 * trade was tracked (open and closed alike), and how many trades carry one; null with none.
 */
export function trackedEdgeScore(trades: readonly PricedTrade[]): { score: number | null; trades: number } {
  const scores = trades
    .map((trade) => trade.edge_score)
    .filter((score): score is number => typeof score === 'number');
  if (scores.length === 0) return { score: null, trades: 0 };
  return {
    score: Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 10) / 10,
    trades: scores.length,
  };
}

/**
 * A return with a base: closed P&L over the premium paid to open the closed trades, in percent
 * (one decimal). Only debit trades record what was put in; with any closed credit trade (whose
 * capital at risk, the margin, is not recorded) or no closed trade there is no base: null.
 */
export function returnOnCostPercent(trades: readonly PricedTrade[]): number | null {
  const closed = trades.filter(isClosed);
  if (closed.length === 0 || closed.some((trade) => trade.side === 'credit')) return null;
  const cost = closed.reduce(
    (total, trade) =>
      total + trade.entry_price * CONTRACT_MULTIPLIER * (trade.quantity ?? 1) + (trade.fees ?? 0),
    0,
  );
  if (cost <= 0) return null;
  return Math.round((totalPnl(closed) / cost) * 1000) / 10;
}

/** GET /api/trades/stats. */
export interface TradeStats {
  total_trades: number;
  closed_trades: number;
  open_trades: number;
  win_rate: number;
  total_pnl: number;
  today_pnl: number;
  avg_edge_score: number;
  tracked_edge_score: number | null;
  tracked_edge_trades: number;
  portfolio_value: number;
  portfolio_change_percent: number;
  return_on_cost_percent: number | null;
}

export function tradeStats(
  trades: readonly DatedTrade[],
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): TradeStats {
  const closed = trades.filter(isClosed).length;
  const portfolio = portfolioValue(trades);
  const tracked = trackedEdgeScore(trades);
  return {
    total_trades: trades.length,
    closed_trades: closed,
    open_trades: trades.length - closed,
    win_rate: winRate(trades),
    total_pnl: totalPnl(trades),
    today_pnl: todayPnl(trades, now, timeZone),
    avg_edge_score: journalAvgEdgeScore(trades),
    tracked_edge_score: tracked.score,
    tracked_edge_trades: tracked.trades,
    portfolio_value: portfolio.value,
    portfolio_change_percent: portfolio.changePercent,
    return_on_cost_percent: returnOnCostPercent(trades),
  };
}
