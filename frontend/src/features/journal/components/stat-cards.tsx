import { memo, type ReactNode } from 'react';
import { type TradeStatsResponse } from '@shared/trades/schemas';
import { edgeScoreBand } from '@shared/ui/colour-bands';
import { formatInteger, formatPercent, formatPnl } from '../utils/format';
import { pnlClass, toneText, winRateClass } from '../utils/tones';

type StatCardsProps = {
  stats: TradeStatsResponse | undefined;
  isLoading: boolean;
};

/**
 * Spec 2: Total Trades, Win Rate, Total P&L, Avg Edge Score, coloured by spec 9. The edge score is
 * the mean of the scores recorded when trades were tracked from the scanner or a feed; spec 9's
 * formula of the win rate is kept beside it, labelled. A journal with nothing closed is uncoloured.
 */
export const StatCards = memo(function StatCards({ stats, isLoading }: StatCardsProps) {
  const tracked = stats?.tracked_edge_score ?? null;
  const band = tracked === null ? null : edgeScoreBand(tracked);
  const closed = (stats?.closed_trades ?? 0) > 0;
  return (
    <section aria-label="Journal statistics" aria-busy={isLoading || undefined}>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
        <StatCard
          label="Total Trades"
          value={stats ? formatInteger(stats.total_trades) : null}
          detail={
            stats
              ? `${formatInteger(stats.open_trades)} open · ${formatInteger(stats.closed_trades)} closed`
              : null
          }
        />
        <StatCard
          label="Win Rate"
          value={stats && closed ? formatPercent(stats.win_rate) : null}
          valueClass={stats && closed ? winRateClass(stats.win_rate) : ''}
          detail={stats ? (stats.closed_trades === 0 ? 'No closed trades yet' : 'Of closed trades') : null}
        />
        <StatCard
          label="Total P&L"
          value={stats ? formatPnl(stats.total_pnl) : null}
          valueClass={stats && stats.total_pnl !== 0 ? pnlClass(stats.total_pnl) : 'text-white'}
          detail={stats ? `Today ${formatPnl(stats.today_pnl)}` : null}
        />
        <StatCard
          label="Avg Edge Score"
          value={tracked === null ? null : tracked.toFixed(1)}
          valueClass={band ? toneText[band.tone] : ''}
          detail={
            stats
              ? `${
                  tracked === null
                    ? 'No tracked trades yet'
                    : `${band?.label ?? ''}: when tracked, over ${formatInteger(stats.tracked_edge_trades)} trade${stats.tracked_edge_trades === 1 ? '' : 's'}`
                } · Spec formula (win rate × 0.7, +25 if profitable): ${stats.avg_edge_score.toFixed(1)}`
              : null
          }
        />
      </dl>
    </section>
  );
});

function StatCard({
  label,
  value,
  valueClass = 'text-white',
  detail,
}: {
  label: string;
  value: string | null;
  valueClass?: string;
  detail: ReactNode;
}) {
  return (
    <div className="min-w-0 rounded-2xl border border-slate-800 bg-slate-900/60 p-4 sm:p-5">
      <dt className="text-xs font-medium tracking-wide text-slate-400 uppercase sm:text-sm sm:normal-case">
        {label}
      </dt>
      <dd
        className={`mt-1 text-lg font-bold break-words tabular-nums sm:text-2xl lg:text-xl xl:text-2xl ${value === null ? 'text-slate-600' : valueClass}`}
      >
        {value ?? '—'}
      </dd>
      <dd className="mt-1 text-xs text-slate-400">{detail ?? '\u00a0'}</dd>
    </div>
  );
}
