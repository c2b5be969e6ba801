import { useId, useState, type ChangeEvent } from 'react';
import { OPEN_TRADE_LABEL } from '@shared/constants/texts';
import { type ImportRowError, type TradeImportResult } from '@shared/trades/schemas';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useImportTrades, usePreviewImport } from '../api/import-trades';
import { formatDay, formatInteger, formatPnl, formatPrice, localDay } from '../utils/format';
import { rowErrorsFromDetails } from '../utils/import-errors';
import { pnlClass } from '../utils/tones';
import { Dialog } from '../../../components/ui/dialog';

/** The import route takes files up to this size (the route table's CSV body limit). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

const FORMAT_NAMES: Record<TradeImportResult['format'], string> = {
  edge: 'a journal CSV (the Export CSV format)',
  tastytrade: 'a tastytrade transaction history',
};

type ImportCsvDialogProps = {
  onClose: () => void;
  onImported: (count: number) => void;
};

/**
 * Import CSV: choose a file, see what it would import (a dry run: rows, duplicates skipped, each
 * bad row with its line and field), then confirm. A file with any error cannot be imported; the
 * server imports all or nothing.
 */
export function ImportCsvDialog({ onClose, onImported }: ImportCsvDialogProps) {
  const id = useId();
  const preview = usePreviewImport();
  const commit = useImportTrades();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [readError, setReadError] = useState<string | null>(null);

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    preview.reset();
    commit.reset();
    setFile(null);
    setReadError(null);
    if (!chosen) return;
    if (chosen.size > IMPORT_MAX_BYTES) {
      setReadError(`${chosen.name} is larger than 5 MB; split it into smaller files.`);
      return;
    }
    try {
      const text = await chosen.text();
      setFile({ name: chosen.name, text });
      preview.mutate(text);
    } catch {
      setReadError(`Could not read ${chosen.name}.`);
    }
  }

  const result = preview.data;
  // A real import refused for bad rows names them like the dry run does.
  const commitRowErrors =
    commit.error instanceof ApiError && commit.error.status === 400
      ? rowErrorsFromDetails(commit.error.details)
      : [];
  const errors = commitRowErrors.length > 0 ? commitRowErrors : (result?.errors ?? []);
  const count = result?.new_rows ?? 0;
  const canImport = !!result && errors.length === 0 && count > 0 && !commit.isSuccess;

  return (
    <Dialog
      title="Import CSV"
      description="Add trades from a CSV file: a file saved with Export CSV, or a tastytrade transaction history. You see what would be imported before anything is saved."
      onClose={onClose}
      size="xl"
    >
      <div className="space-y-4">
        <div>
          <label htmlFor={`${id}-file`} className="block text-sm font-medium text-slate-200">
            CSV file
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => void onFile(event)}
            className="mt-1.5 block w-full text-sm text-slate-300 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-800 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-slate-100 hover:file:bg-slate-700"
          />
        </div>

        {readError && <ErrorAlert>{readError}</ErrorAlert>}

        {preview.isPending && (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-300">
            <Spinner className="size-4" /> Checking {file?.name}…
          </p>
        )}

        {preview.error && (
          <div className="space-y-2">
            <ErrorAlert>Could not check the file: {preview.error.message}</ErrorAlert>
            {file && (
              <Button variant="secondary" onClick={() => preview.mutate(file.text)}>
                Try again
              </Button>
            )}
          </div>
        )}

        {result && file && (
          <ImportPreview
            fileName={file.name}
            result={result}
            errors={errors}
            refusedOnImport={commitRowErrors.length > 0}
          />
        )}

        {commit.error && commitRowErrors.length === 0 && (
          <ErrorAlert>Nothing was imported: {commit.error.message}</ErrorAlert>
        )}

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!canImport}
            isLoading={commit.isPending}
            onClick={() =>
              file && commit.mutate(file.text, { onSuccess: (done) => onImported(done.imported) })
            }
          >
            {result ? `Import ${formatInteger(count)} trade${count === 1 ? '' : 's'}` : 'Import trades'}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

function ImportPreview({
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
  const count = result.new_rows;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-300" role="status">
        {fileName}: {FORMAT_NAMES[result.format]}. {formatInteger(count)} new trade{count === 1 ? '' : 's'}
        {result.duplicates.length > 0 &&
          `, ${formatInteger(result.duplicates.length)} already in your journal (skipped)`}
        {errors.length > 0 && `, ${formatInteger(errors.length)} problem${errors.length === 1 ? '' : 's'}`}.
      </p>

      {errors.length > 0 && (
        <div>
          <ErrorAlert>
            {refusedOnImport
              ? 'The import was refused; nothing was imported. '
              : 'Nothing can be imported yet. '}
            Fix {errors.length === 1 ? 'this row' : 'these rows'} in the file and choose it again (line 1 is
            the header).
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
      )}

      {result.duplicates.length > 0 && (
        <p className="text-sm text-slate-400">
          Already in your journal, skipped: line{result.duplicates.length === 1 ? '' : 's'}{' '}
          {result.duplicates
            .slice(0, 20)
            .map((d) => d.line)
            .join(', ')}
          {result.duplicates.length > 20 ? ` and ${result.duplicates.length - 20} more` : ''}.
        </p>
      )}

      {result.rows.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold text-slate-200">
            {errors.length > 0 ? 'Rows that are valid' : 'Trades to import'}
            {result.rows.length < count && (
              <span className="font-normal text-slate-400">
                {' '}
                (the first {formatInteger(result.rows.length)} of {formatInteger(count)})
              </span>
            )}
          </h3>
          <div className="mt-2 max-h-64 overflow-auto rounded-lg border border-slate-800">
            <table className="w-full min-w-[640px] text-left text-sm">
              <caption className="sr-only">Trades in the file</caption>
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
                {result.rows.map((row, index) => (
                  <tr key={index} className="border-t border-slate-800 text-slate-200">
                    <td className="px-3 py-1.5 whitespace-nowrap">{formatDay(localDay(row.opened_at))}</td>
                    <td className="px-3 py-1.5 font-semibold">{row.ticker}</td>
                    <td className="px-3 py-1.5">{row.strategy}</td>
                    <td className="px-3 py-1.5">{row.side}</td>
                    <td className="px-3 py-1.5 tabular-nums">{row.quantity}</td>
                    <td className="px-3 py-1.5 tabular-nums">{formatPrice(row.entry_price)}</td>
                    <td className="px-3 py-1.5 tabular-nums">
                      {row.exit_price === null ? (
                        <span className="text-blue-400">{OPEN_TRADE_LABEL}</span>
                      ) : (
                        formatPrice(row.exit_price)
                      )}
                    </td>
                    <td className={`px-3 py-1.5 tabular-nums ${row.pnl === null ? '' : pnlClass(row.pnl)}`}>
                      {row.pnl === null ? '—' : formatPnl(row.pnl)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </div>
  );
}
