import { useId, useState, type ChangeEvent } from 'react';
import { type TradeImportResult } from '@shared/trades/schemas';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useImportTrades, usePreviewImport } from '../api/import-trades';
import { rowErrorsFromDetails } from '../utils/import-errors';
import { importButtonLabel, previousImportNotice, unfinishedNotice } from '../utils/import-summary';
import { Dialog } from '../../../components/ui/dialog';
import { ImportPreview } from './import-preview';

/** The import route takes files up to this size (the route table's CSV body limit). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

type ImportCsvDialogProps = {
  onClose: () => void;
  onImported: (result: TradeImportResult) => void;
};

/**
 * Import CSV: choose a file, see what it would do (a dry run: new trades, trades of the journal it
 * closes, rows already there and skipped, each bad row with its line and field), then confirm. A
 * file with any error cannot be imported. An import that stops before the end (a failure, a lost
 * connection, a file too large for one request) keeps what it saved and is resumed by sending the
 * same file again: the server adds each row once.
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
  const writes = (result?.new_rows ?? 0) + (result?.updates.length ?? 0);
  const partial = commit.data?.status === 'partial' ? commit.data : undefined;
  const unfinished = !!partial || (!!commit.error && commitRowErrors.length === 0);
  const canImport = !!result && errors.length === 0 && writes > 0 && (!commit.isSuccess || !!partial);
  const previousNotice = result ? previousImportNotice(result) : null;

  function onImport() {
    if (!file) return;
    commit.mutate(file.text, {
      onSuccess: (imported) => {
        if (imported.status === 'complete') onImported(imported);
      },
    });
  }

  return (
    <Dialog
      title="Import CSV"
      description="Add trades from a CSV file: a file saved with Export CSV, a tastytrade or Schwab / thinkorswim transaction history, or an Interactive Brokers activity statement or Flex Query (its XML or CSV). A newer export of the same account adds only what is new and closes the positions closed since. You see what would change before anything is saved."
      onClose={onClose}
      size="xl"
    >
      <div className="space-y-4">
        <div>
          <label htmlFor={`${id}-file`} className="block text-sm font-medium text-slate-200">
            Statement file (CSV or Flex XML)
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,.xml,text/csv,text/xml,application/xml"
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

        {previousNotice && !commit.isPending && !unfinished && (
          <p role="status" className="text-sm text-amber-200">
            {previousNotice}
          </p>
        )}

        {unfinished && !commit.isPending && (
          <ErrorAlert>
            {commit.error ? `${commit.error.message} ` : ''}
            {unfinishedNotice(partial)}
          </ErrorAlert>
        )}

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!canImport} isLoading={commit.isPending} onClick={onImport}>
            {importButtonLabel(result, unfinished)}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
