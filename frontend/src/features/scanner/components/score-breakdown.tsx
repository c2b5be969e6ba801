import { type ScanResultRow } from '@shared/options/response-schemas';

const componentLabels: Record<string, string> = {
  'expected-return': 'Expected return',
  probability: 'Probability',
  liquidity: 'Liquidity',
  'iv-fit': 'IV fit',
  'theta-efficiency': 'Theta efficiency',
};

/** A component's raw figure: fractions as signed percents (probability unsigned), ratios to 2 decimals. */
function rawValue(item: ScanResultRow['scoreBreakdown'][number]): string {
  const value = item.value;
  if (value === undefined) return '';
  if (value === null) return 'n/a';
  if (item.unit === 'ratio') return value.toFixed(2);
  if (item.component === 'probability' || item.component === 'liquidity')
    return `${(value * 100).toFixed(1)}%`;
  return `${value >= 0 ? '+' : '-'}${Math.abs(value * 100).toFixed(1)}%`;
}

/** Why a position scored what it did: each component's raw value, weight, score, share of the total and reason. */
export function ScoreBreakdown({ breakdown }: { breakdown: ScanResultRow['scoreBreakdown'] }) {
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full min-w-[600px] text-left text-sm">
        <caption className="sr-only">Edge score breakdown</caption>
        <thead className="text-xs tracking-wide text-slate-400 uppercase">
          <tr>
            <th scope="col" className="py-1.5 pr-3 font-medium">
              Component
            </th>
            <th scope="col" className="py-1.5 pr-3 text-right font-medium">
              Value
            </th>
            <th scope="col" className="py-1.5 pr-3 text-right font-medium">
              Weight
            </th>
            <th scope="col" className="py-1.5 pr-3 text-right font-medium">
              Score
            </th>
            <th scope="col" className="py-1.5 pr-3 text-right font-medium">
              Points
            </th>
            <th scope="col" className="py-1.5 font-medium">
              Why
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-800">
          {breakdown.map((item) => (
            <tr key={item.component}>
              <th scope="row" className="py-2 pr-3 font-medium whitespace-nowrap text-slate-100">
                {componentLabels[item.component] ?? item.component}
              </th>
              <td className="py-2 pr-3 text-right whitespace-nowrap tabular-nums">{rawValue(item)}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{item.weight}%</td>
              <td className="py-2 pr-3 tabular-nums">
                <div className="flex items-center justify-end gap-2">
                  <span
                    aria-hidden="true"
                    className="hidden h-1.5 w-16 overflow-hidden rounded-full bg-slate-800 sm:block"
                  >
                    <span className="block h-full bg-emerald-400" style={{ width: `${item.score}%` }} />
                  </span>
                  {Math.round(item.score)}
                </div>
              </td>
              <td className="py-2 pr-3 text-right tabular-nums">
                {((item.weight * item.score) / 100).toFixed(1)}
              </td>
              <td className="py-2 text-slate-300">{item.explanation}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
