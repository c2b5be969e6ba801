import { Link } from 'react-router-dom';
import { scannerApiError, EMPTY_SCAN, SCANNER_FETCH_FAILED } from '@shared/constants/texts';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { type ScanResponse, type ScanResultRow } from '../api/run-scan';
import { formatDateTime, formatInteger, formatTime } from '../utils/format';
import { type ResultSort } from '../utils/sort-results';
import { ResultsTable } from './results-table';

type ScanResultsProps = {
  data: ScanResponse | undefined;
  error: Error | null;
  isPending: boolean;
  isRefreshing: boolean;
  updatedAt: number;
  sort: ResultSort;
  onSort: (sort: ResultSort) => void;
  onOpen: (row: ScanResultRow) => void;
};

/** Spec 4: loading, then results, empty or error. Before the first scan it invites one. */
export function ScanResults({
  data,
  error,
  isPending,
  isRefreshing,
  updatedAt,
  sort,
  onSort,
  onOpen,
}: ScanResultsProps) {
  const results = error ? [] : (data?.results ?? []);
  return (
    <section aria-labelledby="scan-results-title" className="mt-8">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id="scan-results-title" className="text-lg font-semibold text-white">
          Scan Results ({results.length} opportunities found)
        </h2>
        {data && !error && (
          <p className="text-xs text-slate-400">
            {formatInteger(data.matched)} matched of {formatInteger(data.scanned.candidates)} candidates ·{' '}
            {formatInteger(data.scanned.contracts)} contracts on {data.scanned.underlyings} underlyings ·
            market as of {formatDateTime(data.asOf)} · updated {formatTime(updatedAt)}
            {isRefreshing && <span className="ml-1 text-emerald-300">· refreshing…</span>}
          </p>
        )}
      </div>
      <div className="mt-4">
        {error ? (
          <ScanError error={error} />
        ) : isPending ? (
          <div role="status" className="flex items-center gap-3 py-12 text-sm text-slate-300">
            <Spinner className="size-6 text-emerald-400" /> Scanning options…
          </div>
        ) : !data ? (
          <p className="rounded-xl border border-dashed border-slate-700 px-4 py-10 text-center text-sm text-slate-400">
            Set your filters and run a scan, or pick a preset.
          </p>
        ) : results.length === 0 ? (
          <div className="rounded-xl border border-slate-800 px-4 py-10 text-center">
            <h3 className="font-semibold text-white">{EMPTY_SCAN.title}</h3>
            <p className="mt-1 text-sm text-slate-400">{EMPTY_SCAN.description}</p>
          </div>
        ) : (
          <ResultsTable rows={results} sort={sort} onSort={onSort} onOpen={onOpen} />
        )}
      </div>
    </section>
  );
}

/** Spec 8: the fixed sentence, plus why when the API said so (a 400's or a plan limit's message). */
function ScanError({ error }: { error: Error }) {
  const apiError = error instanceof ApiError ? error : null;
  const explained = apiError && (apiError.status === 400 || apiError.status === 403);
  return (
    <div
      role="alert"
      className="rounded-xl border border-red-500/40 bg-red-500/10 px-4 py-4 text-sm text-red-200"
    >
      <p className="font-semibold">{SCANNER_FETCH_FAILED}</p>
      <p className="mt-1 text-red-200/80">
        {explained ? apiError.message : apiError?.status ? scannerApiError(apiError.status) : error.message}
      </p>
      {apiError?.code === 'plan_limit' && (
        <Link
          to="/pricing"
          className="mt-2 inline-block font-semibold text-emerald-300 underline underline-offset-2 hover:text-emerald-200"
        >
          Compare plans
        </Link>
      )}
    </div>
  );
}
