import { useId } from 'react';
import { ErrorAlert } from '../../../components/ui/alert';
import { useAccountStats } from '../api/get-account-stats';

const PLACEHOLDER = '--';
const NO_RATE = '— (no closed trades)';

/** Account Statistics with real figures (spec 2 showed '--' placeholders; they show while loading). */
export function AccountStatistics() {
  const ids = useId();
  const stats = useAccountStats();
  const data = stats.data;
  const rows: [string, string][] = [
    ['Trades', data ? String(data.total_trades) : PLACEHOLDER],
    ['Closed trades', data ? String(data.closed_trades) : PLACEHOLDER],
    // As on the dashboard and the journal: no rate without a closed trade.
    ['Win rate', data ? (data.closed_trades > 0 ? `${data.win_rate.toFixed(1)}%` : NO_RATE) : PLACEHOLDER],
    ['AI questions this month', data ? String(data.ai_questions_this_month) : PLACEHOLDER],
    ['Member for', data ? `${data.member_days} ${data.member_days === 1 ? 'day' : 'days'}` : PLACEHOLDER],
  ];
  return (
    <section
      aria-labelledby={`${ids}-title`}
      aria-busy={stats.isPending}
      className="rounded-2xl border border-slate-800 bg-slate-900/60 p-6"
    >
      <h2 id={`${ids}-title`} className="text-lg font-semibold text-white">
        Account Statistics
      </h2>
      {stats.isError && (
        <div className="mt-3">
          <ErrorAlert>Your statistics could not be loaded: {stats.error.message}</ErrorAlert>
        </div>
      )}
      <dl className="mt-4 divide-y divide-slate-800">
        {rows.map(([label, value]) => (
          <div key={label} className="flex items-center justify-between py-2">
            <dt className="text-sm text-slate-400">{label}</dt>
            <dd className="text-sm font-semibold text-white tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
