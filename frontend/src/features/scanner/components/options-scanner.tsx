import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { type JournalPrefill } from '@shared/trades/prefill';
import { scanRowPrefill } from '@shared/trades/track-scan';
import { dashboardPath } from '../../../lib/dashboard-screens';
import { type ScannerStrategy } from '@shared/constants/strategies';
import { SUGGESTION_SCAN_OVERRIDES } from '@shared/chat/scanner-link';
import { countActiveFilters, type ScanFilters } from '@shared/options/scan-filters';
import { ApiError } from '../../../lib/api-client';
import { type ScanEmptyReason, type ScanResultRow } from '@shared/options/response-schemas';
import { useScan } from '../api/run-scan';
import { useScanForm } from '../hooks/use-scan-form';
import { saveTextFile } from '../../../lib/save-text-file';
import {
  defaultScanFormValues,
  errorsFromDetails,
  parseScanForm,
  relaxForm,
  type ScanFormValues,
  type ScanPreset,
} from '../utils/filter-form';
import { sortResults, type ResultSort } from '../utils/sort-results';
import { SCAN_CSV_FILENAME, toScanCsv } from '../utils/to-scan-csv';
import { OptionChain } from './option-chain';
import { PositionDialog } from './position-dialog';
import { ScanFilterPanel } from './scan-filter-panel';
import { ScanResults } from './scan-results';

/**
 * A scan asked for from outside, once per navigation: global search runs the spec's scan for a
 * ticker; a strategy the research assistant suggested scans that strategy as the suggestion did
 * (SUGGESTION_SCAN_OVERRIDES: any IV rank, losers included) and
 * opens that position (expiration and strikes) when the results hold it.
 */
export type ScanRequest = {
  symbol: string;
  id: string;
  strategy?: ScannerStrategy;
  position?: { expiration: string; strikes: number[] };
};

function requestedValues(request: ScanRequest): ScanFormValues {
  const values = { ...defaultScanFormValues, ticker: request.symbol };
  return request.strategy
    ? relaxForm({ ...values, strategy: request.strategy }, SUGGESTION_SCAN_OVERRIDES)
    : values;
}

type PositionToOpen = NonNullable<ScanRequest['position']> & { strategy: ScannerStrategy };

const positionOf = (request: ScanRequest | null): PositionToOpen | null =>
  request?.strategy && request.position ? { ...request.position, strategy: request.strategy } : null;

function isPosition(row: ScanResultRow, wanted: PositionToOpen): boolean {
  const strikes = [...new Set(row.position.legs.flatMap((leg) => (leg.strike === null ? [] : [leg.strike])))];
  const sorted = strikes.sort((a, b) => a - b);
  return (
    row.strategy === wanted.strategy &&
    row.expiration === wanted.expiration &&
    sorted.length === wanted.strikes.length &&
    sorted.every((strike, i) => strike === wanted.strikes[i])
  );
}

/** The chain in the address (`?chain=SYM&expiration=YYYY-MM-DD`). */
export type ChainRequest = { symbol: string; expiration: string | null };

type OptionsScannerProps = {
  request: ScanRequest | null;
  chain: ChainRequest | null;
  /** Opens (a symbol) or closes (null) the chain; the route keeps it in the address. */
  onViewChain: (symbol: string | null, expiration?: string) => void;
};

const sameFilters = (a: ScanFilters | null, b: ScanFilters) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The scanner: filter panel, results (refreshing every 15 s once a scan has run, while the market
 * is open), the position dialog (with the chain at the position's expiration inside it) and the
 * chain of the address below the results.
 */
export function OptionsScanner({ request, chain, onViewChain }: OptionsScannerProps) {
  const form = useScanForm(request ? requestedValues(request) : undefined);
  const [filters, setFilters] = useState<ScanFilters | null>(() => {
    if (!request) return null;
    const requested = parseScanForm(form.values);
    return requested.success ? requested.filters : null;
  });
  const [handledRequest, setHandledRequest] = useState(request?.id ?? null);
  const [sort, setSort] = useState<ResultSort>(null);
  const [selected, setSelected] = useState<ScanResultRow | null>(null);
  const scan = useScan(filters);

  const [toOpen, setToOpen] = useState<PositionToOpen | null>(() => positionOf(request));

  // A new request while the page is open (another global search): the spec's scan for its ticker.
  if (request && request.id !== handledRequest) {
    setHandledRequest(request.id);
    setFilters(form.apply(requestedValues(request)));
    setToOpen(positionOf(request));
  }

  // A suggested position opens once its scan arrives (if the market has not moved it off the list).
  if (toOpen && scan.data && !scan.isFetching) {
    setToOpen(null);
    const row = scan.data.results.find((result) => isPosition(result, toOpen));
    if (row) setSelected(row);
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

  /** An empty scan's suggestion: change that filter in the panel and scan again. */
  function relax(reason: ScanEmptyReason) {
    run(form.apply(relaxForm(form.values, reason.relax)));
  }

  const navigate = useNavigate();
  /** Track: the journal's Add Trade with the position as the table shows it. */
  function trackPosition(row: ScanResultRow, quoteSource: string) {
    const state: JournalPrefill = { addTrade: scanRowPrefill(row, quoteSource) };
    void navigate(dashboardPath('journal'), { state });
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
        onExport={() => saveTextFile(SCAN_CSV_FILENAME, toScanCsv(sortResults(rows, sort)))}
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
        onTrack={(row) => trackPosition(row, scan.data?.source ?? 'simulated')}
        onRelax={relax}
      />
      {selected && (
        <PositionDialog
          row={selected}
          onClose={() => setSelected(null)}
          onViewChain={(symbol, expiration) => onViewChain(symbol, expiration)}
          onTrack={() => trackPosition(selected, scan.data?.source ?? 'simulated')}
        />
      )}
      {chain && !selected && (
        <OptionChain
          key={`${chain.symbol}-${chain.expiration ?? ''}`}
          symbol={chain.symbol}
          initialExpiration={chain.expiration ?? undefined}
          onSymbolChange={(symbol) => onViewChain(symbol)}
          onClose={() => onViewChain(null)}
        />
      )}
    </>
  );
}
