import { OPEN_TRADE_LABEL } from '@shared/constants/texts';
import {
  type ImportedTradePreview,
  type ImportRowError,
  type TradeImportResult,
} from '@shared/trades/schemas';
import { ErrorAlert } from '../../../components/ui/alert';
import { useWideEnough } from '../hooks/use-wide-enough';
import { formatDay, formatInteger, formatPnl, formatPrice, localDay } from '../utils/format';
import { previewCounts } from '../utils/import-summary';
import { pnlClass } from '../utils/tones';

const FORMAT_NAMES: Record<TradeImportResult['format'], string> = {
  edge: 'a journal CSV (the Export CSV format)',
  tastytrade: 'a tastytrade transaction history',
  ibkr: 'an Interactive Brokers activity statement',
  'ibkr-flex': 'an Interactive Brokers Flex Query',
  schwab: 'a Schwab transaction history',
};

const lineList = (refs: readonly { line: number }[]) =>
  refs
    .slice(0, 20)
    .map((ref) => ref.line)
    .join(', ') + (refs.length > 20 ? ` and ${refs.length - 20} more` : '');

/** What a dry run found: its counts, the bad rows, the trades it adds and those it closes. */
export function ImportPreview({
  fileName,
  result,
  errors,
  refusedOnImport,
}: {
  fileName: string;
  result: TradeImportResult;
  errors: readonly ImportRowError[];
  refusedOnImport: boolean;
}) {
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-300" role="status">
        {fileName}: {FORMAT_NAMES[result.format]}. {previewCounts(result, errors.length)}.
      </p>

      {errors.length > 0 && <ImportProblems errors={errors} refusedOnImport={refusedOnImport} />}

      {result.duplicates.length > 0 && (
        <p className="text-sm text-slate-400">
          Already in your journal, skipped: line{result.duplicates.length === 1 ? '' : 's'}{' '}
          {lineList(result.duplicates)}.
        </p>
      )}

      {result.skipped.length > 0 && <SkippedRows skipped={result.skipped} />}

      {result.updated_rows.length > 0 && (
        <PreviewTable
          title="Open trades in your journal that the file closes"
          caption="Trades to close"
          trades={result.updated_rows}
          total={result.updates.length}
        />
      )}

      {result.rows.length > 0 && (
        <PreviewTable
          title={errors.length > 0 ? 'Rows that are valid' : 'Trades to import'}
          caption="Trades in the file"
          trades={result.rows}
          total={result.new_rows}
        />
      )}
    </div>
  );
}

/** A broker's rows the journal does not take (shares…): each with its line and reason, not a problem. */
function SkippedRows({ skipped }: { skipped: TradeImportResult['skipped'] }) {
  return (
    <div>
      <p className="text-sm text-slate-400">
        Not imported ({formatInteger(skipped.length)} row{skipped.length === 1 ? '' : 's'}): the journal
        imports option trades.
      </p>
      <ul aria-label="Rows not imported" className="mt-1 space-y-0.5 text-xs text-slate-400">
        {skipped.slice(0, 20).map((row) => (
          <li key={row.line}>
            Line {row.line}: {row.reason}
          </li>
        ))}
        {skipped.length > 20 && <li>and {formatInteger(skipped.length - 20)} more</li>}
      </ul>
    </div>
  );
}

function ImportProblems({
  errors,
  refusedOnImport,
}: {
  errors: readonly ImportRowError[];
  refusedOnImport: boolean;
}) {
  return (
    <div>
      <ErrorAlert>
        {refusedOnImport ? 'The import was refused; nothing was imported. ' : 'Nothing can be imported yet. '}
        Fix {errors.length === 1 ? 'this row' : 'these rows'} in the file and choose it again (lines are
        counted as in the file: line 1 is its first, a CSV's header).
      </ErrorAlert>
      <div className="mt-2 max-h-56 overflow-auto rounded-lg border border-red-500/30">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Problems in the file</caption>
          <thead className="sticky top-0 bg-slate-900 text-xs text-slate-400">
            <tr>
              <th scope="col" className="px-3 py-1.5 font-medium">
                Line
              </th>
              <th scope="col" className="px-3 py-1.5 font-medium">
                Field
              </th>
              <th scope="col" className="px-3 py-1.5 font-medium">
                Problem
              </th>
            </tr>
          </thead>
          <tbody>
            {errors.map((error, index) => (
              <tr key={`${error.line}-${error.field}-${index}`} className="border-t border-slate-800">
                <td className="px-3 py-1.5 tabular-nums">{error.line}</td>
                <td className="px-3 py-1.5 font-medium text-red-200">{error.field}</td>
                <td className="px-3 py-1.5 text-slate-300">{error.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** The preview's table needs this much room; narrower (a phone) lists the trades as cards. */
const PREVIEW_TABLE_MIN_WIDTH = 560;

const exitText = (row: ImportedTradePreview) =>
  row.exit_price === null ? (
    <span className="text-blue-400">{OPEN_TRADE_LABEL}</span>
  ) : (
    formatPrice(row.exit_price)
  );

const pnlCell = (row: ImportedTradePreview) => (row.pnl === null ? '—' : formatPnl(row.pnl));
const pnlTone = (row: ImportedTradePreview) => (row.pnl === null ? '' : pnlClass(row.pnl));

function PreviewTable({
  title,
  caption,
  trades,
  total,
}: {
  title: string;
  caption: string;
  trades: readonly ImportedTradePreview[];
  total: number;
}) {
  const [ref, wide] = useWideEnough<HTMLDivElement>(PREVIEW_TABLE_MIN_WIDTH);
  return (
    <div ref={ref}>
      <h3 className="text-sm font-semibold text-slate-200">
        {title}
        {trades.length < total && (
          <span className="font-normal text-slate-400">
            {' '}
            (the first {formatInteger(trades.length)} of {formatInteger(total)})
          </span>
        )}
      </h3>
      {wide ? <WideRows caption={caption} trades={trades} /> : <CardRows caption={caption} trades={trades} />}
    </div>
  );
}

function CardRows({ caption, trades }: { caption: string; trades: readonly ImportedTradePreview[] }) {
  return (
    <ul
      aria-label={caption}
      className="mt-2 max-h-64 divide-y divide-slate-800 overflow-auto rounded-lg border border-slate-800"
    >
      {trades.map((row, index) => (
        <li key={index} className="px-3 py-2 text-sm text-slate-200">
          <div className="flex items-baseline justify-between gap-2">
            <span>
              <span className="font-semibold">{row.ticker}</span> {row.strategy}
            </span>
            <span className={`tabular-nums ${pnlTone(row)}`}>{pnlCell(row)}</span>
          </div>
          <div className="text-xs text-slate-400 tabular-nums">
            {formatDay(localDay(row.opened_at))} · {row.side} · {row.quantity} ×{' '}
            {formatPrice(row.entry_price)} → {exitText(row)}
          </div>
        </li>
      ))}
    </ul>
  );
}

function WideRows({ caption, trades }: { caption: string; trades: readonly ImportedTradePreview[] }) {
  return (
    <div className="mt-2 max-h-64 overflow-auto rounded-lg border border-slate-800">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-slate-900 text-xs text-slate-400">
          <tr>
            {['Date', 'Ticker', 'Strategy', 'Side', 'Qty', 'Entry', 'Exit', 'P&L'].map((label) => (
              <th key={label} scope="col" className="px-3 py-1.5 font-medium">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {trades.map((row, index) => (
            <tr key={index} className="border-t border-slate-800 text-slate-200">
              <td className="px-3 py-1.5 whitespace-nowrap">{formatDay(localDay(row.opened_at))}</td>
              <td className="px-3 py-1.5 font-semibold">{row.ticker}</td>
              <td className="px-3 py-1.5">{row.strategy}</td>
              <td className="px-3 py-1.5">{row.side}</td>
              <td className="px-3 py-1.5 tabular-nums">{row.quantity}</td>
              <td className="px-3 py-1.5 tabular-nums">{formatPrice(row.entry_price)}</td>
              <td className="px-3 py-1.5 tabular-nums">{exitText(row)}</td>
              <td className={`px-3 py-1.5 tabular-nums ${pnlTone(row)}`}>{pnlCell(row)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
