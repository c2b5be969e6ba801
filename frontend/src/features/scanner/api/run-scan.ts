import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { OPTIONS_DATA_REFRESH_MS } from '@shared/constants/timings';
import { scanResponseSchema } from '@shared/options/response-schemas';
import { type ScanFilters } from '@shared/options/scan-filters';
import { apiPath } from '@shared/routes';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/options-scanner: the best positions for the filters, or why there are none. */
export function runScan(filters: ScanFilters, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(apiPath('scanOptions'), scanResponseSchema, { method: 'POST', body: filters, signal });
}

/** The scan for `filters`; `null` (no scan asked for yet) runs nothing. */
export function getScanQueryOptions(filters: ScanFilters | null) {
  return queryOptions({
    queryKey: ['scanner', 'results', filters] as const,
    queryFn: filters ? ({ signal }) => runScan(filters, { signal }) : skipToken,
    staleTime: OPTIONS_DATA_REFRESH_MS,
    // Help text: options data refreshes every 15 seconds; only while the page is visible, not
    // after a refusal (a 400 or a plan limit will not change by asking again), and not while the
    // market is closed (prices hold at the close; the page says so).
    refetchInterval: (query) =>
      query.state.status === 'error' || query.state.data?.marketOpen === false
        ? false
        : OPTIONS_DATA_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}

export function useScan(filters: ScanFilters | null) {
  return useQuery(getScanQueryOptions(filters));
}
