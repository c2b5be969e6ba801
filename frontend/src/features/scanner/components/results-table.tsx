import { type ReactNode } from 'react';
import { scannerStrategyLabel } from '@shared/constants/strategies';
import { SelectField } from '../../../components/ui/select-field';
import { type ScanResultRow } from '@shared/options/response-schemas';
import {
  formatExpiration,
  formatFractionPercent,
  formatGreek,
  formatInteger,
  formatPrice,
} from '../utils/format';
import {
  nextSort,
  resultColumns,
  sortResults,
  type ResultColumn,
  type ResultSort,
} from '../utils/sort-results';
import { EdgeScoreBadge } from './edge-score-badge';

const numeric = new Set<ResultColumn>(['dte', 'lastPrice', 'iv', 'delta', 'theta', 'volume', 'edgeScore']);

/** A position that spans the next earnings report is flagged next to its expiration. */
function EarningsFlag({ row }: { row: ScanResultRow }) {
  if (!row.spansEarnings || !row.earnings) return null;
  return (
    <span
      title={`Spans earnings on ${formatExpiration(row.earnings)}`}
      className="ml-1.5 rounded bg-amber-400/15 px-1 py-0.5 text-[10px] font-semibold text-amber-200"
    >
      E<span className="sr-only"> (spans earnings on {formatExpiration(row.earnings)})</span>
    </span>
  );
}

/** The net price per share with its side: a debit you pay or a credit you receive (at the bid/ask). */
function NetPrice({ row, short = false }: { row: ScanResultRow; short?: boolean }) {
  const word = row.priceType === 'credit' ? 'credit' : 'debit';
  return (
    <span title={`${formatPrice(Math.abs(row.netPrice))} ${word} per share, at the bid/ask`}>
      {formatPrice(Math.abs(row.netPrice))}{' '}
      <span className={row.priceType === 'credit' ? 'text-emerald-300' : 'text-slate-400'}>
        {short ? (
          <>
            <span aria-hidden="true">{row.priceType === 'credit' ? 'cr' : 'db'}</span>
            <span className="sr-only">{word}</span>
          </>
        ) : (
          word
        )}
      </span>
    </span>
  );
}

function cell(row: ScanResultRow, column: ResultColumn) {
  switch (column) {
    case 'ticker':
      return <span className="font-semibold text-white">{row.ticker}</span>;
    case 'strategy':
      return scannerStrategyLabel(row.strategy);
    case 'strike':
      return row.strikeLabel;
    case 'expiration':
      return (
        <>
          <time dateTime={row.expiration}>{formatExpiration(row.expiration)}</time>
          <EarningsFlag row={row} />
        </>
      );
    case 'dte':
      return row.dte;
    case 'lastPrice':
      return <NetPrice row={row} short />;
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
  onTrack: (row: ScanResultRow) => void;
};

const sortOptions = [
  { value: '', label: 'Scan ranking' },
  ...resultColumns.flatMap(({ key, label }) => [
    { value: `${key}:desc`, label: `${label}, ${key === 'expiration' ? 'latest' : 'highest'} first` },
    { value: `${key}:asc`, label: `${label}, ${key === 'expiration' ? 'nearest' : 'lowest'} first` },
  ]),
];

/**
 * The results, sorted in the browser by any column: a table from tablet width up, cards on a
 * phone (with a sort menu in place of the headers). A click on a row or card opens its position;
 * its 'View' button does the same from the keyboard; 'Track' records it in the journal.
 */
export function ResultsTable({ rows, sort, onSort, onOpen, onTrack }: ResultsTableProps) {
  const sorted = sortResults(rows, sort);
  const viewLabel = (row: ScanResultRow) =>
    `View ${row.ticker} ${scannerStrategyLabel(row.strategy)} ${row.strikeLabel} ${row.expiration}`;
  const trackLabel = (row: ScanResultRow) =>
    `Track ${row.ticker} ${scannerStrategyLabel(row.strategy)} ${row.strikeLabel} ${row.expiration} in Journal`;

  return (
    <>
      <div className="hidden md:block">
        <div className="relative overflow-x-auto rounded-xl border border-slate-800">
          <table className="w-full min-w-[900px] text-left text-[13px]">
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
                <th scope="col" className="sticky right-0 bg-slate-900 px-2 py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-800">
              {sorted.map((row, index) => (
                <tr
                  key={`${row.ticker}-${row.strategy}-${row.expiration}-${row.strikeLabel}-${index}`}
                  onClick={() => onOpen(row)}
                  className="group cursor-pointer text-slate-200 hover:bg-slate-800/60 focus-within:bg-slate-800/60"
                >
                  {resultColumns.map(({ key }) => (
                    <td
                      key={key}
                      className={`px-2 py-2.5 ${key === 'strategy' ? 'min-w-[6.5rem]' : 'whitespace-nowrap'} ${numeric.has(key) ? 'tabular-nums' : ''}`}
                    >
                      {cell(row, key)}
                    </td>
                  ))}
                  <td className="sticky right-0 bg-slate-950 px-2 py-2.5 whitespace-nowrap group-focus-within:bg-slate-900 group-hover:bg-slate-900">
                    <button
                      type="button"
                      aria-label={viewLabel(row)}
                      onClick={(event) => {
                        event.stopPropagation();
                        onOpen(row);
                      }}
                      className="rounded px-2 py-1 text-xs font-semibold text-emerald-300 hover:bg-emerald-400/10 focus-visible:outline-2 focus-visible:outline-emerald-300"
                    >
                      View
                    </button>
                    <button
                      type="button"
                      aria-label={trackLabel(row)}
                      onClick={(event) => {
                        event.stopPropagation();
                        onTrack(row);
                      }}
                      className="rounded px-2 py-1 text-xs font-semibold text-sky-300 hover:bg-sky-400/10 focus-visible:outline-2 focus-visible:outline-sky-300"
                    >
                      Track
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>

      <div className="md:hidden">
        <SelectField
          id="scan-results-sort"
          label="Sort results"
          value={sort ? `${sort.column}:${sort.direction}` : ''}
          onChange={(event) => {
            const [column, direction] = event.target.value.split(':') as [ResultColumn, 'asc' | 'desc'];
            onSort(event.target.value ? { column, direction } : null);
          }}
          options={sortOptions}
          className="mb-3"
        />
        <ul aria-label="Scan results" className="space-y-3">
          {sorted.map((row, index) => (
            <li
              key={`${row.ticker}-${row.strategy}-${row.expiration}-${row.strikeLabel}-${index}`}
              className="rounded-xl border border-slate-800 bg-slate-900/70 p-3"
            >
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-semibold text-white">
                    {row.ticker}{' '}
                    <span className="font-normal text-slate-300">{scannerStrategyLabel(row.strategy)}</span>
                  </p>
                  <p className="mt-0.5 text-sm text-slate-300 tabular-nums">
                    {row.strikeLabel} ·{' '}
                    <time dateTime={row.expiration}>{formatExpiration(row.expiration)}</time> ({row.dte}d)
                    <EarningsFlag row={row} />
                  </p>
                </div>
                <EdgeScoreBadge score={row.edgeScore} />
              </div>
              <dl className="mt-2 grid grid-cols-3 gap-x-3 gap-y-1 text-xs tabular-nums">
                <CardStat term="Price" value={<NetPrice row={row} />} />
                <CardStat term="IV" value={formatFractionPercent(row.iv)} />
                <CardStat term="Delta" value={formatGreek(row.delta)} />
                <CardStat term="Theta" value={formatGreek(row.theta)} />
                <CardStat term="Volume" value={formatInteger(row.volume)} />
                <CardStat term="Win odds" value={formatFractionPercent(row.probabilityOfProfit)} />
              </dl>
              <button
                type="button"
                aria-label={viewLabel(row)}
                onClick={() => onOpen(row)}
                className="mt-2 w-full rounded-lg border border-slate-700 py-1.5 text-sm font-semibold text-emerald-300 hover:bg-emerald-400/10 focus-visible:outline-2 focus-visible:outline-emerald-300"
              >
                View
              </button>
              <button
                type="button"
                aria-label={trackLabel(row)}
                onClick={() => onTrack(row)}
                className="mt-2 w-full rounded-lg border border-slate-700 py-1.5 text-sm font-semibold text-sky-300 hover:bg-sky-400/10 focus-visible:outline-2 focus-visible:outline-sky-300"
              >
                Track
              </button>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

function CardStat({ term, value }: { term: string; value: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-400">{term}</dt>
      <dd className="text-slate-100">{value}</dd>
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
