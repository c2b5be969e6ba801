import { scannerStrategyLabel } from '@shared/constants/strategies';
import { type ScanResultRow } from '../api/run-scan';
import { formatFractionPercent, formatGreek, formatInteger, formatPrice } from '../utils/format';
import {
  nextSort,
  resultColumns,
  sortResults,
  type ResultColumn,
  type ResultSort,
} from '../utils/sort-results';
import { EdgeScoreBadge } from './edge-score-badge';

const numeric = new Set<ResultColumn>(['strike', 'lastPrice', 'iv', 'delta', 'theta', 'volume', 'edgeScore']);

function cell(row: ScanResultRow, column: ResultColumn) {
  switch (column) {
    case 'ticker':
      return <span className="font-semibold text-white">{row.ticker}</span>;
    case 'strategy':
      return scannerStrategyLabel(row.strategy);
    case 'strike':
      return formatPrice(row.strike);
    case 'lastPrice':
      return formatPrice(row.lastPrice);
    case 'iv':
      return formatFractionPercent(row.iv);
    case 'delta':
      return formatGreek(row.delta);
    case 'theta':
      return formatGreek(row.theta);
    case 'volume':
      return formatInteger(row.volume);
    case 'edgeScore':
      return <EdgeScoreBadge score={row.edgeScore} />;
  }
}

const ariaSort = (sort: ResultSort, column: ResultColumn) =>
  sort?.column === column ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none';

type ResultsTableProps = {
  rows: readonly ScanResultRow[];
  sort: ResultSort;
  onSort: (sort: ResultSort) => void;
  onOpen: (row: ScanResultRow) => void;
};

/**
 * The results, sorted in the browser by any column. A click on a row opens its position; its
 * 'View' button does the same from the keyboard (one tab stop per row).
 */
export function ResultsTable({ rows, sort, onSort, onOpen }: ResultsTableProps) {
  const sorted = sortResults(rows, sort);

  return (
    <div className="relative overflow-x-auto rounded-xl border border-slate-800">
      <table className="w-full min-w-[860px] text-left text-sm">
        <caption className="sr-only">
          Scan results. Column headers sort the table; View opens a row's position.
        </caption>
        <thead className="bg-slate-900 text-xs tracking-wide text-slate-400 uppercase">
          <tr>
            {resultColumns.map(({ key, label }) => (
              <th key={key} scope="col" aria-sort={ariaSort(sort, key)} className="px-3 py-2 font-medium">
                <button
                  type="button"
                  onClick={() => onSort(nextSort(sort, key))}
                  className={`inline-flex items-center gap-1 rounded uppercase hover:text-white focus-visible:outline-2 focus-visible:outline-emerald-300 ${sort?.column === key ? 'text-emerald-300' : ''}`}
                >
                  {label}
                  <SortArrow sort={sort} column={key} />
                </button>
              </th>
            ))}
            <th scope="col" className="px-3 py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-800">
          {sorted.map((row, index) => (
            <tr
              key={`${row.ticker}-${row.strategy}-${row.expiration}-${row.strike}-${index}`}
              onClick={() => onOpen(row)}
              className="cursor-pointer text-slate-200 hover:bg-slate-800/60 focus-within:bg-slate-800/60"
            >
              {resultColumns.map(({ key }) => (
                <td
                  key={key}
                  className={`px-3 py-2.5 whitespace-nowrap ${numeric.has(key) ? 'tabular-nums' : ''}`}
                >
                  {cell(row, key)}
                </td>
              ))}
              <td className="px-3 py-2.5">
                <button
                  type="button"
                  aria-label={`View ${row.ticker} ${scannerStrategyLabel(row.strategy)}`}
                  onClick={(event) => {
                    event.stopPropagation();
                    onOpen(row);
                  }}
                  className="rounded px-2 py-1 text-xs font-semibold text-emerald-300 hover:bg-emerald-400/10 focus-visible:outline-2 focus-visible:outline-emerald-300"
                >
                  View
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SortArrow({ sort, column }: { sort: ResultSort; column: ResultColumn }) {
  const symbol = sort?.column !== column ? '↕' : sort.direction === 'asc' ? '↑' : '↓';
  return (
    <span aria-hidden="true" className={sort?.column === column ? '' : 'text-slate-600'}>
      {symbol}
    </span>
  );
}
