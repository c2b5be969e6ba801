import { Link } from 'react-router-dom';
import { scannerApiError, EMPTY_SCAN, SCANNER_FETCH_FAILED } from '@shared/constants/texts';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import {
  type ScanEmptyReason,
  type ScanResponse,
  type ScanResultRow,
} from '@shared/options/response-schemas';
import { formatDateTime, formatInteger, formatTime } from '../utils/format';
import { type ResultSort } from '../utils/sort-results';
import { ProvenanceBadge } from '../../../components/ui/provenance-badge';
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
  /** Track the row's position in the journal (as the table prices it). */
  onTrack: (row: ScanResultRow) => void;
  /** Applies an empty scan's suggested relaxation to the filters and scans again. */
  onRelax: (reason: ScanEmptyReason) => void;
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
  onTrack,
  onRelax,
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
            {formatInteger(data.scanned.contracts)} contracts on {data.scanned.underlyings}{' '}
            {data.scanned.underlyings === 1 ? 'underlying' : 'underlyings'} · market as of{' '}
            {formatDateTime(data.asOf)} · updated {formatTime(updatedAt)}
            {isRefreshing && <span className="ml-1 text-emerald-300">· refreshing…</span>}
          </p>
        )}
      </div>
      {data && !error && <ProvenanceBadge provenance={data} />}
      {data && !error && data.notes.length > 0 && (
        <ul aria-label="About these results" className="mt-2 space-y-1">
          {data.notes.map((note) => (
            <li key={note} className="text-xs text-sky-200">
              {note}
            </li>
          ))}
        </ul>
      )}
      {data && !error && !data.marketOpen && (
        <p className="mt-2 text-xs text-amber-200">
          The market is closed: prices hold at the last close, so auto-refresh is paused until the open.
        </p>
      )}
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
            {data.emptyReason && (
              <div
                role="note"
                aria-label="Why the scan is empty"
                className="mx-auto mt-4 max-w-xl rounded-lg border border-amber-400/30 bg-amber-400/5 px-4 py-3"
              >
                <p className="text-sm text-amber-100">{data.emptyReason.message}</p>
                {Object.keys(data.emptyReason.relax).length > 0 && (
                  <button
                    type="button"
                    onClick={() => onRelax(data.emptyReason!)}
                    className="mt-2 rounded-lg border border-amber-300/50 px-3 py-1.5 text-sm font-semibold text-amber-100 hover:bg-amber-400/10 focus-visible:outline-2 focus-visible:outline-amber-200"
                  >
                    {relaxLabel(data.emptyReason)}
                  </button>
                )}
              </div>
            )}
          </div>
        ) : (
          <ResultsTable rows={results} sort={sort} onSort={onSort} onOpen={onOpen} onTrack={onTrack} />
        )}
      </div>
    </section>
  );
}

const FIELD_NAMES: Record<string, string> = {
  ivRank: 'the minimum IV rank',
  ivRankMin: 'the minimum IV rank',
  ivRankMax: 'the maximum IV rank',
  ivPercentileMin: 'the minimum IV percentile',
  priceMin: 'the minimum stock price',
  priceMax: 'the maximum stock price',
  expiration: 'the max expiration',
  dteMin: 'the minimum days to expiry',
  dteMax: 'the maximum days to expiry',
  minEdgeScore: 'the minimum edge score',
  maxCapital: 'the max capital',
  minVolume: 'the minimum volume',
  minOpenInterest: 'the minimum open interest',
  maxSpreadPct: 'the max bid-ask spread',
  premiumMin: 'the minimum premium',
  premiumMax: 'the maximum premium',
  minProbabilityOfProfit: 'the minimum probability of profit',
  minExpectedReturn: 'the minimum expected return',
  minTheta: 'the minimum theta',
  maxVega: 'the maximum vega',
  ivMin: 'the minimum IV',
  ivMax: 'the maximum IV',
  deltaMin: 'the minimum delta',
  deltaMax: 'the maximum delta',
};

/** The relax button's words: what changes, to what. */
function relaxLabel(reason: ScanEmptyReason): string {
  const [field, value] = Object.entries(reason.relax)[0] ?? [reason.filter, null];
  if (field === 'excludeEarnings') return 'Include positions spanning earnings';
  if (field === 'strategy') return 'Scan all strategies';
  if (value === null) return `Remove ${FIELD_NAMES[field] ?? 'this filter'}`;
  const fraction =
    field === 'minProbabilityOfProfit' ||
    field === 'minExpectedReturn' ||
    field === 'ivMin' ||
    field === 'ivMax';
  const shown =
    typeof value === 'number' && fraction
      ? `${(value * 100).toFixed(1)}%`
      : field.startsWith('ivRank') || field === 'ivPercentileMin'
        ? `${String(value)}%`
        : String(value);
  return `Set ${FIELD_NAMES[field] ?? field} to ${shown} and scan again`;
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
