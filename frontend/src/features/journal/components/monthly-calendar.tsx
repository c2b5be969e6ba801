import { type TradeAnalytics } from '@shared/trades/schemas';
import { formatPnl, formatPnlCompact, monthName, monthShortName } from '../utils/format';
import { monthlyGrid, type MonthCell } from '../utils/monthly-grid';
import { pnlClass } from '../utils/tones';

const PROFIT = ['', 'bg-green-500/15', 'bg-green-500/25', 'bg-green-500/40', 'bg-green-500/60'];
const LOSS = ['', 'bg-red-500/15', 'bg-red-500/25', 'bg-red-500/40', 'bg-red-500/60'];

function cellClass(cell: MonthCell): string {
  if (cell.pnl === null) return 'bg-slate-900 text-slate-600';
  if (cell.pnl > 0) return `${PROFIT[cell.intensity]} text-green-100`;
  if (cell.pnl < 0) return `${LOSS[cell.intensity]} text-red-100`;
  return 'bg-slate-800 text-slate-200';
}

/** Closed P&L by close month, a year per row, each month coloured by its P&L (deeper: larger). */
export function MonthlyCalendar({ monthly }: { monthly: TradeAnalytics['monthly'] }) {
  const years = monthlyGrid(monthly);
  if (years.length === 0)
    return <p className="text-sm text-slate-400">No closed trades yet: months fill in as trades close.</p>;
  return (
    <div className="space-y-4">
      {years.map((row) => (
        <div key={row.year}>
          <h4 className="flex items-baseline justify-between text-sm font-semibold text-slate-200">
            {row.year}
            <span className={`text-xs font-medium ${pnlClass(row.total)}`}>{formatPnl(row.total)}</span>
          </h4>
          <ol className="mt-2 grid grid-cols-4 gap-1.5 sm:grid-cols-6 lg:grid-cols-12">
            {row.months.map((cell) => (
              <li
                key={cell.month}
                className={`rounded-lg px-2 py-1.5 text-center ${cellClass(cell)}`}
                aria-label={
                  cell.pnl === null
                    ? `${monthName(cell.monthIndex)} ${row.year}: no closed trades`
                    : `${monthName(cell.monthIndex)} ${row.year}: ${formatPnl(cell.pnl)} over ${cell.trades} closed trade${cell.trades === 1 ? '' : 's'}`
                }
                title={
                  cell.pnl === null
                    ? undefined
                    : `${formatPnl(cell.pnl)} · ${cell.trades} trade${cell.trades === 1 ? '' : 's'}`
                }
              >
                <span aria-hidden="true" className="block text-[11px] opacity-80">
                  {monthShortName(cell.monthIndex)}
                </span>
                <span aria-hidden="true" className="block text-xs font-semibold tabular-nums">
                  {cell.pnl === null ? '—' : formatPnlCompact(cell.pnl)}
                </span>
              </li>
            ))}
          </ol>
        </div>
      ))}
    </div>
  );
}
