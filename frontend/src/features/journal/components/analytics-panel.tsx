import { memo, type ReactNode } from 'react';
import { type TradeStatsResponse } from '@shared/trades/schemas';
import { sourceLabel } from '../utils/filters';
import { formatDay, formatPnl, localDay } from '../utils/format';
import { pnlClass } from '../utils/tones';
import { EquityCurveChart } from './equity-curve-chart';
import { MonthlyCalendar } from './monthly-calendar';
import { PnlGroups } from './pnl-groups';

type TradeRef = NonNullable<TradeStatsResponse['analytics']['best_trade']>;

/** The journal's analytics over the filtered trades: the curve, the key figures, the groupings and the months. */
export const AnalyticsPanel = memo(function AnalyticsPanel({ stats }: { stats: TradeStatsResponse }) {
  const { analytics, closed_trades: closed } = stats;
  const none = closed === 0;
  return (
    <section
      aria-labelledby="journal-analytics"
      className="rounded-2xl border border-slate-800 bg-slate-900/60 p-4 sm:p-6"
    >
      <h2 id="journal-analytics" className="text-lg font-semibold text-white">
        Analytics
      </h2>
      <p className="mt-1 text-sm text-slate-400">
        Over the {closed} closed trade{closed === 1 ? '' : 's'} the filters select, by close date.
      </p>

      <div className="mt-5 grid gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="min-w-0">
          <h3 className="mb-2 text-sm font-semibold text-slate-200">Equity curve</h3>
          <EquityCurveChart points={analytics.equity_curve} />
        </div>
        <dl className="grid grid-cols-2 content-start gap-3 text-sm">
          <Figure
            term="Avg win"
            value={none ? null : formatPnl(analytics.avg_win)}
            tone={analytics.avg_win}
          />
          <Figure
            term="Avg loss"
            value={none ? null : formatPnl(analytics.avg_loss)}
            tone={analytics.avg_loss}
          />
          <Figure
            term="Profit factor"
            value={analytics.profit_factor === null ? null : analytics.profit_factor.toFixed(2)}
            emptyTitle={
              none
                ? 'No closed trades yet'
                : 'No losing trades: gross profit divided by a gross loss of 0 has no finite value'
            }
          />
          <Figure
            term="Expectancy"
            value={none ? null : `${formatPnl(analytics.expectancy)} / trade`}
            tone={analytics.expectancy}
          />
          <Figure
            term="Max drawdown"
            value={none ? null : formatPnl(-analytics.max_drawdown)}
            tone={-analytics.max_drawdown}
          />
          <Figure term="Closed trades" value={String(closed)} />
          <Figure
            term="Best trade"
            value={tradeText(analytics.best_trade)}
            tone={analytics.best_trade?.pnl}
            wide
          />
          <Figure
            term="Worst trade"
            value={tradeText(analytics.worst_trade)}
            tone={analytics.worst_trade?.pnl}
            wide
          />
        </dl>
      </div>

      <div className="mt-8 grid gap-6 md:grid-cols-2 xl:grid-cols-3">
        <PnlGroups title="P&L by strategy" keyLabel="Strategy" groups={analytics.by_strategy} />
        <PnlGroups title="P&L by ticker" keyLabel="Ticker" groups={analytics.by_ticker} />
        <PnlGroups
          title="P&L by source"
          keyLabel="Source"
          groups={analytics.by_source}
          labelOf={sourceLabel}
        />
      </div>

      <div className="mt-8">
        <h3 className="mb-2 text-sm font-semibold text-slate-200">Monthly P&L</h3>
        <MonthlyCalendar monthly={analytics.monthly} />
      </div>
    </section>
  );
});

function tradeText(trade: TradeRef | null): ReactNode {
  if (!trade) return null;
  return (
    <>
      {formatPnl(trade.pnl)}{' '}
      <span className="font-normal text-slate-400">
        {trade.ticker} {trade.strategy}
        {trade.closed_at ? `, ${formatDay(localDay(trade.closed_at))}` : ''}
      </span>
    </>
  );
}

function Figure({
  term,
  value,
  tone,
  emptyTitle = 'No closed trades yet',
  wide = false,
}: {
  term: string;
  value: ReactNode;
  tone?: number;
  emptyTitle?: string;
  wide?: boolean;
}) {
  return (
    <div className={`rounded-xl border border-slate-800 bg-slate-950/50 p-3 ${wide ? 'col-span-2' : ''}`}>
      <dt className="text-xs text-slate-400">{term}</dt>
      <dd
        className={`mt-0.5 font-semibold tabular-nums ${tone === undefined || value === null ? 'text-white' : pnlClass(tone)}`}
      >
        {value ?? (
          <span title={emptyTitle} className="text-slate-500">
            —<span className="sr-only"> ({emptyTitle})</span>
          </span>
        )}
      </dd>
    </div>
  );
}
