import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '@shared/routes';
import { tradeImportResultSchema, type TradeImportResult } from '@shared/trades/schemas';
import { apiRequest } from '../../../lib/api-client';
import { combineImportRounds } from '../utils/import-summary';

/** A large file the server could not finish in one request is sent again this many times at most. */
const MAX_IMPORT_ROUNDS = 10;

/**
 * POST /api/trades/import with the CSV file as the body. A dry run answers what would be
 * imported (rows, duplicates, row errors) and stores nothing. An import adds each row once
 * however often the file is sent, so sending it again is always safe.
 */
export function importTrades({ csv, dryRun }: { csv: string; dryRun: boolean }) {
  return apiRequest(apiPath('importTrades', {}, { dryRun }), tradeImportResultSchema, {
    method: 'POST',
    body: csv,
    contentType: 'text/csv',
  });
}

/**
 * The import: while the server answers `partial` (it ran out of time on a large file) and gets
 * further each time, the same file goes again; the answer covers every round. Still `partial`
 * at the end: the dialog offers to resume.
 */
export async function importUntilComplete(csv: string): Promise<TradeImportResult> {
  const rounds = [await importTrades({ csv, dryRun: false })];
  while (rounds.length < MAX_IMPORT_ROUNDS) {
    const last = rounds.at(-1)!;
    const before = rounds.at(-2);
    if (last.status !== 'partial' || (before && last.remaining >= before.remaining)) break;
    rounds.push(await importTrades({ csv, dryRun: false }));
  }
  return combineImportRounds(rounds);
}

/** The preview: nothing changes, so nothing is refreshed. */
export function usePreviewImport() {
  return useMutation({ mutationFn: (csv: string) => importTrades({ csv, dryRun: true }) });
}

/** The import itself; the list and the stats refresh after it, finished or not. */
export function useImportTrades() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importUntilComplete,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['trades'] }),
  });
}
