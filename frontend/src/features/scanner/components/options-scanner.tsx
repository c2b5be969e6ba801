import { useState } from 'react';
import { countActiveFilters, type ScanFilters } from '@shared/options/scan-filters';
import { ApiError } from '../../../lib/api-client';
import { useScan, type ScanResultRow } from '../api/run-scan';
import { useScanForm } from '../hooks/use-scan-form';
import { downloadFile } from '../utils/download-file';
import {
  defaultScanFormValues,
  errorsFromDetails,
  parseScanForm,
  type ScanPreset,
} from '../utils/filter-form';
import { sortResults, type ResultSort } from '../utils/sort-results';
import { SCAN_CSV_FILENAME, toScanCsv } from '../utils/to-scan-csv';
import { PositionDialog } from './position-dialog';
import { ScanFilterPanel } from './scan-filter-panel';
import { ScanResults } from './scan-results';

/** A scan asked for from outside (global search): run it for this ticker, once per navigation. */
export type ScanRequest = { symbol: string; id: string };

type OptionsScannerProps = {
  request: ScanRequest | null;
  onViewChain: (symbol: string) => void;
};

const sameFilters = (a: ScanFilters | null, b: ScanFilters) => JSON.stringify(a) === JSON.stringify(b);

/** The scanner: filter panel, results (refreshing every 15 s once a scan has run) and the position dialog. */
export function OptionsScanner({ request, onViewChain }: OptionsScannerProps) {
  const form = useScanForm(request?.symbol);
  const [filters, setFilters] = useState<ScanFilters | null>(() => {
    if (!request) return null;
    const requested = parseScanForm(form.values);
    return requested.success ? requested.filters : null;
  });
  const [handledRequest, setHandledRequest] = useState(request?.id ?? null);
  const [sort, setSort] = useState<ResultSort>(null);
  const [selected, setSelected] = useState<ScanResultRow | null>(null);
  const scan = useScan(filters);

  // A new request while the page is open (another global search): the spec's scan for its ticker.
  if (request && request.id !== handledRequest) {
    setHandledRequest(request.id);
    setFilters(form.apply({ ...defaultScanFormValues, ticker: request.symbol }));
  }

  // The server's 400 details go next to their fields, once per error.
  const [detailedError, setDetailedError] = useState<Error | null>(null);
  if (scan.error instanceof ApiError && scan.error.status === 400 && scan.error !== detailedError) {
    setDetailedError(scan.error);
    form.setErrors(errorsFromDetails(scan.error.details));
  }

  function run(next: ScanFilters | null) {
    if (!next) return;
    if (sameFilters(filters, next)) void scan.refetch();
    else setFilters(next);
  }

  const rows = scan.error ? [] : (scan.data?.results ?? []);
  const parsed = parseScanForm(form.values);

  return (
    <>
      <ScanFilterPanel
        form={form}
        isScanning={scan.isFetching}
        canExport={rows.length > 0}
        activeFilters={parsed.success ? countActiveFilters(parsed.filters) : null}
        onRun={() => run(form.validate())}
        onPreset={(preset: ScanPreset) => run(form.applyPreset(preset))}
        onExport={() => downloadFile(SCAN_CSV_FILENAME, toScanCsv(sortResults(rows, sort)))}
      />
      <ScanResults
        data={scan.data}
        error={scan.error}
        isPending={filters !== null && scan.isPending}
        isRefreshing={scan.isFetching && !scan.isPending}
        updatedAt={scan.dataUpdatedAt}
        sort={sort}
        onSort={setSort}
        onOpen={setSelected}
      />
      {selected && (
        <PositionDialog
          row={selected}
          onClose={() => setSelected(null)}
          onViewChain={(symbol) => {
            setSelected(null);
            onViewChain(symbol);
          }}
        />
      )}
    </>
  );
}
