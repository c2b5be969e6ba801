/**
 * The journal's analytics (the journal issue: what a trader expects beyond the prototype), over
 * closed trades, with P&L from `tradePnl` — the one implementation the API and the pages share.
 */
import { calendarDay, DEFAULT_TIME_ZONE } from '../format/calendar-day';
import { CONTRACT_SHARES, expiryRisk } from './marks';
import { tradePnl, tradeStats, type DatedTrade } from './pnl';
import type { PnlGroup, SourceGroup, Trade, TradeAnalytics, TradeStatsResponse } from './schemas';

/** What the analytics read of a trade (its legs, where it has them, for the capital it risked). */
export type AnalysedTrade = DatedTrade &
  Pick<Trade, 'trade_id' | 'ticker' | 'strategy' | 'source'> &
  Partial<Pick<Trade, 'legs'>>;

/**
 * What a closed trade put at risk when it opened: its worst loss at expiry (legs of one
 * expiration, bounded) plus its fees, as the open positions' capital at risk counts it; null when
 * that is not known (no legs, legs of several expirations) or not bounded (a naked short call).
 */
export function capitalRisked(trade: AnalysedTrade): number | null {
  if (!trade.legs?.length || !trade.side) return null;
  const { maxLossPerShare } = expiryRisk({
    legs: trade.legs,
    side: trade.side,
    entry_price: trade.entry_price,
  });
  if (maxLossPerShare === null) return null;
  const capital = maxLossPerShare * CONTRACT_SHARES * (trade.quantity ?? 1) + (trade.fees ?? 0);
  return capital > 0 ? capital : null;
}

interface ClosedTrade {
  trade: AnalysedTrade;
  pnl: number;
  /** When it closed (closed_at; older rows: updated_at). */
  closedAt: string;
}

const toCents = (dollars: number): number => Math.round(dollars * 100) / 100 || 0;
const sum = (values: readonly number[]) => toCents(values.reduce((total, value) => total + value, 0));

function closedTrades(trades: readonly AnalysedTrade[]): ClosedTrade[] {
  const closed: ClosedTrade[] = [];
  for (const trade of trades) {
    const pnl = tradePnl(trade);
    if (pnl !== null) closed.push({ trade, pnl, closedAt: trade.closed_at ?? trade.updated_at });
  }
  // Oldest first; ties by id so the order (and so the drawdown) never depends on input order.
  return closed.sort(
    (a, b) => a.closedAt.localeCompare(b.closedAt) || a.trade.trade_id.localeCompare(b.trade.trade_id),
  );
}

/**
 * Largest peak-to-trough fall of cumulative P&L, trade by trade in close order, starting from an
 * equity of 0 (so a first losing trade is a drawdown). In dollars, never negative.
 */
export function maxDrawdown(pnlsInCloseOrder: readonly number[]): number {
  let equity = 0;
  let peak = 0;
  let worst = 0;
  for (const pnl of pnlsInCloseOrder) {
    equity += pnl;
    peak = Math.max(peak, equity);
    worst = Math.max(worst, peak - equity);
  }
  return toCents(worst);
}

/** Gross profit / gross loss; null when nothing was lost (the ratio has no finite value). */
export function profitFactor(pnls: readonly number[]): number | null {
  const grossProfit = pnls.filter((pnl) => pnl > 0).reduce((total, pnl) => total + pnl, 0);
  const grossLoss = -pnls.filter((pnl) => pnl < 0).reduce((total, pnl) => total + pnl, 0);
  return grossLoss === 0 ? null : grossProfit / grossLoss;
}

/** Average P&L per closed trade (0 with none): what a trade is expected to make. */
export function expectancy(pnls: readonly number[]): number {
  return pnls.length === 0 ? 0 : toCents(pnls.reduce((total, pnl) => total + pnl, 0) / pnls.length);
}

const average = (values: readonly number[]) =>
  values.length === 0 ? 0 : toCents(values.reduce((total, value) => total + value, 0) / values.length);

function groupBy(closed: readonly ClosedTrade[], keyOf: (trade: AnalysedTrade) => string): PnlGroup[] {
  const groups = new Map<string, number[]>();
  for (const { trade, pnl } of closed) {
    const key = keyOf(trade);
    const group = groups.get(key);
    if (group) group.push(pnl);
    else groups.set(key, [pnl]);
  }
  return [...groups.entries()]
    .map(([key, pnls]) => ({
      key,
      trades: pnls.length,
      pnl: sum(pnls),
      win_rate: (pnls.filter((pnl) => pnl > 0).length / pnls.length) * 100,
    }))
    .sort((a, b) => b.pnl - a.pnl || a.key.localeCompare(b.key));
}

/**
 * The groups by source, each with what its trades returned on the capital they risked: the P&L of
 * the trades whose capital is known over that capital (null when none is known).
 */
function bySource(closed: readonly ClosedTrade[]): SourceGroup[] {
  const keyOf = (trade: AnalysedTrade) => trade.source ?? 'manual';
  const risked = new Map<string, { capital: number; pnl: number; trades: number }>();
  for (const { trade, pnl } of closed) {
    const capital = capitalRisked(trade);
    if (capital === null) continue;
    const group = risked.get(keyOf(trade)) ?? { capital: 0, pnl: 0, trades: 0 };
    risked.set(keyOf(trade), {
      capital: group.capital + capital,
      pnl: group.pnl + pnl,
      trades: group.trades + 1,
    });
  }
  return groupBy(closed, keyOf).map((group) => {
    const known = risked.get(group.key);
    return {
      ...group,
      capital_trades: known?.trades ?? 0,
      capital: toCents(known?.capital ?? 0),
      return_on_capital: known ? (known.pnl / known.capital) * 100 : null,
    };
  });
}

const tradeRef = ({ trade, pnl }: ClosedTrade) => ({
  trade_id: trade.trade_id,
  ticker: trade.ticker,
  strategy: trade.strategy,
  pnl,
  closed_at: trade.closed_at ?? null,
});

export function tradeAnalytics(
  trades: readonly AnalysedTrade[],
  timeZone: string = DEFAULT_TIME_ZONE,
): TradeAnalytics {
  const closed = closedTrades(trades);
  const pnls = closed.map((c) => c.pnl);

  const byDay = new Map<string, number>();
  const byMonth = new Map<string, { pnl: number; trades: number }>();
  for (const { pnl, closedAt } of closed) {
    const day = calendarDay(new Date(closedAt), timeZone);
    byDay.set(day, (byDay.get(day) ?? 0) + pnl);
    const month = byMonth.get(day.slice(0, 7)) ?? { pnl: 0, trades: 0 };
    byMonth.set(day.slice(0, 7), { pnl: month.pnl + pnl, trades: month.trades + 1 });
  }
  let equity = 0;
  const equityCurve = [...byDay.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, pnl]) => {
      equity += pnl;
      return { date, pnl: toCents(pnl), equity: toCents(equity) };
    });

  let best: ClosedTrade | null = null;
  let worst: ClosedTrade | null = null;
  for (const entry of closed) {
    if (!best || entry.pnl > best.pnl) best = entry;
    if (!worst || entry.pnl < worst.pnl) worst = entry;
  }

  return {
    avg_win: average(pnls.filter((pnl) => pnl > 0)),
    avg_loss: average(pnls.filter((pnl) => pnl <= 0)),
    profit_factor: profitFactor(pnls),
    expectancy: expectancy(pnls),
    max_drawdown: maxDrawdown(pnls),
    best_trade: best && tradeRef(best),
    worst_trade: worst && tradeRef(worst),
    equity_curve: equityCurve,
    by_strategy: groupBy(closed, (trade) => trade.strategy),
    by_ticker: groupBy(closed, (trade) => trade.ticker),
    by_source: bySource(closed),
    monthly: [...byMonth.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([month, { pnl, trades: count }]) => ({ month, pnl: toCents(pnl), trades: count })),
  };
}

/** GET /api/trades/stats: the spec's figures and the analytics, for one set of trades. */
export function journalStats(
  trades: readonly AnalysedTrade[],
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): TradeStatsResponse {
  return {
    ...tradeStats(trades, now, timeZone),
    analytics: tradeAnalytics(trades, timeZone),
    time_zone: timeZone,
    as_of: now.toISOString(),
  };
}
