import { type PnlGroup, type SourceGroup } from '@shared/trades/schemas';
import { formatPercent, formatPnl } from '../utils/format';
import { pnlClass } from '../utils/tones';

type PnlGroupsProps = {
  title: string;
  /** The first column's header (Strategy, Ticker, Source). */
  keyLabel: string;
  groups: readonly (PnlGroup | SourceGroup)[];
  labelOf?: (key: string) => string;
};

const signedPercent = (value: number) => `${value > 0 ? '+' : ''}${formatPercent(value)}`;

/** What a source's trades returned on the capital they risked, or a dash saying why there is none. */
function ReturnOnCapital({ group }: { group: SourceGroup }) {
  if (group.return_on_capital === null) {
    const why = 'No trade here has a known capital at risk (legs of one expiration, a bounded loss)';
    return (
      <span title={why} className="text-slate-500">
        —<span className="sr-only"> ({why})</span>
      </span>
    );
  }
  const of = `${group.capital_trades} of ${group.trades} trades, $${group.capital.toLocaleString('en-US')} at risk`;
  return (
    <span title={of} className={`font-semibold ${pnlClass(group.return_on_capital)}`}>
      {signedPercent(group.return_on_capital)}
      <span className="sr-only"> ({of})</span>
    </span>
  );
}

/**
 * Closed P&L by one attribute: a small table with a bar per row (longest: the largest |P&L|); by
 * source, a column of what each source's trades returned on the capital they risked.
 */
export function PnlGroups({ title, keyLabel, groups, labelOf = (key) => key }: PnlGroupsProps) {
  const largest = Math.max(0, ...groups.map((g) => Math.abs(g.pnl)));
  const withCapital = groups.length > 0 && groups.every((g) => 'return_on_capital' in g);
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
                {withCapital && (
                  <th scope="col" className="py-1 pr-2 text-right font-medium">
                    Return on capital
                  </th>
                )}
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
                  {withCapital && (
                    <td className="py-1.5 pr-2 text-right tabular-nums">
                      <ReturnOnCapital group={group as SourceGroup} />
                    </td>
                  )}
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
