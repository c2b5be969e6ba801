/**
 * The journal tools: the signed-in trader's own trades and statistics, read through the journal's
 * service with the caller's id (never an id the model gives), in the trader's time zone.
 */
import * as z from 'zod';
import { tradeFiltersSchema } from '@shared/trades/schemas';
import { listTrades, tradeStatistics } from '../trades/service';
import { citation, money, percent, tool } from './tool-kit';

const journalFilters = tradeFiltersSchema.pick({
  from: true,
  to: true,
  ticker: true,
  strategy: true,
  status: true,
});

function journalLabel(filters: z.output<typeof journalFilters>): string {
  const parts = [
    filters.strategy,
    filters.ticker,
    filters.status,
    filters.from && `from ${filters.from}`,
    filters.to && `to ${filters.to}`,
  ].filter(Boolean);
  return parts.length ? `Your journal: ${parts.join(', ')}` : 'Your journal';
}

export const getJournalTrades = tool({
  name: 'get_journal_trades',
  description:
    "The signed-in trader's own journal trades (newest trade date first), filtered by ticker, journal strategy (e.g. 'Iron Condor'), status and a date range (YYYY-MM-DD, in the trader's time zone).",
  input: journalFilters.extend({ limit: z.number().int().min(1).max(50).default(20) }).strict(),
  async run({ limit, ...filters }, ctx) {
    const page = await listTrades(ctx.journal, ctx.userId, {
      ...filters,
      tz: ctx.timeZone,
      limit,
      sort: 'opened',
    });
    const trades = page.trades.map((t) => ({
      trade_id: t.trade_id,
      ticker: t.ticker,
      strategy: t.strategy,
      side: t.side,
      quantity: t.quantity,
      entry_price: t.entry_price,
      exit_price: t.exit_price,
      pnl: t.pnl,
      opened_at: t.opened_at,
      closed_at: t.closed_at,
    }));
    return {
      result: { trades, more: page.cursor !== null },
      citation: citation('get_journal_trades', journalLabel(filters), {
        source: 'journal',
        symbols: [...new Set(trades.map((t) => t.ticker))],
        figures: [{ name: 'Trades read', value: `${trades.length}${page.cursor ? '+' : ''}` }],
        tradeIds: trades.map((t) => t.trade_id),
      }),
    };
  },
});

export const getJournalStats = tool({
  name: 'get_journal_stats',
  description:
    "Statistics of the signed-in trader's own journal (trades, win rate, total P&L, average win and loss, profit factor, drawdown, best and worst trade, P&L by strategy, ticker and month), optionally filtered like get_journal_trades.",
  input: journalFilters,
  async run(filters, ctx) {
    const [stats, page] = await Promise.all([
      tradeStatistics(ctx.journal, ctx.userId, { ...filters, tz: ctx.timeZone }, ctx.at),
      listTrades(ctx.journal, ctx.userId, { ...filters, tz: ctx.timeZone, limit: 50, sort: 'opened' }),
    ]);
    const { analytics: a } = stats;
    return {
      result: {
        time_zone: stats.time_zone,
        total_trades: stats.total_trades,
        closed_trades: stats.closed_trades,
        open_trades: stats.open_trades,
        win_rate: stats.win_rate,
        total_pnl: stats.total_pnl,
        today_pnl: stats.today_pnl,
        avg_win: a.avg_win,
        avg_loss: a.avg_loss,
        profit_factor: a.profit_factor,
        expectancy: a.expectancy,
        max_drawdown: a.max_drawdown,
        best_trade: a.best_trade,
        worst_trade: a.worst_trade,
        by_strategy: a.by_strategy.slice(0, 8),
        by_ticker: a.by_ticker.slice(0, 8),
        monthly: a.monthly.slice(-6),
      },
      citation: citation('get_journal_stats', journalLabel(filters), {
        source: 'journal',
        symbols: a.by_ticker.slice(0, 8).map((g) => g.key),
        figures: [
          { name: 'Trades', value: `${stats.total_trades} (${stats.closed_trades} closed)` },
          { name: 'Win rate', value: percent(stats.win_rate) },
          { name: 'Total P&L', value: money(stats.total_pnl) },
          ...(a.best_trade
            ? [{ name: 'Best trade', value: `${a.best_trade.ticker} ${money(a.best_trade.pnl)}` }]
            : []),
          ...(a.worst_trade
            ? [{ name: 'Worst trade', value: `${a.worst_trade.ticker} ${money(a.worst_trade.pnl)}` }]
            : []),
        ],
        tradeIds: page.trades.map((t) => t.trade_id),
      }),
    };
  },
});
