import { useMutation } from '@tanstack/react-query';
import { apiPath } from '@shared/routes';
import { type TradeFilters } from '@shared/trades/schemas';
import { apiText } from '../../../lib/api-client';
import { saveTextFile } from '../../../lib/save-text-file';

/** What the download is saved as. */
export const JOURNAL_CSV_FILENAME = 'trading-journal.csv';

/** The server's CSV of every trade the filters select (every column, the spec's first). */
export function exportTrades(filters: TradeFilters) {
  return apiText(apiPath('exportTrades', {}, filters));
}

/** Export CSV: fetches the file and saves it as trading-journal.csv. */
export function useExportTrades() {
  return useMutation({
    mutationFn: async (filters: TradeFilters) => {
      const csv = await exportTrades(filters);
      saveTextFile(JOURNAL_CSV_FILENAME, csv);
      return csv;
    },
  });
}
