import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '@shared/routes';
import { tradeImportResultSchema } from '@shared/trades/schemas';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/trades/import with the CSV file as the body. A dry run answers what would be
 * imported (rows, duplicates, row errors) and stores nothing; a real import is all or nothing.
 */
export function importTrades({ csv, dryRun }: { csv: string; dryRun: boolean }) {
  return apiRequest(apiPath('importTrades', {}, { dryRun }), tradeImportResultSchema, {
    method: 'POST',
    body: csv,
    contentType: 'text/csv',
  });
}

/** The preview: nothing changes, so nothing is refreshed. */
export function usePreviewImport() {
  return useMutation({ mutationFn: (csv: string) => importTrades({ csv, dryRun: true }) });
}

/** The import itself; the list and the stats refresh after it. */
export function useImportTrades() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => importTrades({ csv, dryRun: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['trades'] }),
  });
}
