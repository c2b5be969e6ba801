import { type PnlGroup } from '@shared/trades/schemas';
import { formatPercent, formatPnl } from '../utils/format';
import { pnlClass } from '../utils/tones';

type PnlGroupsProps = {
  title: string;
  /** The first column's header (Strategy, Ticker, Source). */
  keyLabel: string;
  groups: readonly PnlGroup[];
  labelOf?: (key: string) => string;
};

/** Closed P&L by one attribute: a small table with a bar per row (longest: the largest |P&L|). */
export function PnlGroups({ title, keyLabel, groups, labelOf = (key) => key }: PnlGroupsProps) {
  const largest = Math.max(0, ...groups.map((g) => Math.abs(g.pnl)));
  return (
    <div className="min-w-0">
      <h4 className="text-sm font-semibold text-slate-200">{title}</h4>
      {groups.length === 0 ? (
        <p className="mt-2 text-sm text-slate-400">No closed trades yet.</p>
      ) : (
        <div className="mt-2 max-h-64 overflow-y-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{title}</caption>
            <thead className="sticky top-0 bg-slate-900 text-xs text-slate-400">
              <tr>
                <th scope="col" className="py-1 pr-2 font-medium">
                  {keyLabel}
                </th>
                <th scope="col" className="py-1 pr-2 text-right font-medium">
                  Trades
                </th>
                <th scope="col" className="py-1 pr-2 text-right font-medium">
                  Win rate
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  P&L
                </th>
              </tr>
            </thead>
            <tbody>
              {groups.map((group) => (
                <tr key={group.key} className="border-t border-slate-800/70">
                  <th scope="row" className="max-w-[10rem] truncate py-1.5 pr-2 font-medium text-slate-200">
                    {labelOf(group.key)}
                  </th>
                  <td className="py-1.5 pr-2 text-right text-slate-300 tabular-nums">{group.trades}</td>
                  <td className="py-1.5 pr-2 text-right text-slate-300 tabular-nums">
                    {formatPercent(group.win_rate)}
                  </td>
                  <td className="py-1.5 text-right tabular-nums">
                    <span className={`font-semibold ${pnlClass(group.pnl)}`}>{formatPnl(group.pnl)}</span>
                    <span aria-hidden="true" className="mt-0.5 flex justify-end">
                      <span
                        className={`block h-1 rounded-full ${group.pnl >= 0 ? 'bg-green-500/70' : 'bg-red-500/70'}`}
                        style={{
                          width: `${largest > 0 ? Math.max(4, (Math.abs(group.pnl) / largest) * 100) : 0}%`,
                        }}
                      />
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
