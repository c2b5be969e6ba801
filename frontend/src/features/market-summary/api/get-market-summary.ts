import { queryOptions, useQuery } from '@tanstack/react-query';
import { dailyMarketSummarySchema } from '@shared/market/summary-schemas';
import { apiPath } from '@shared/routes';
import { apiRequest } from '../../../lib/api-client';

/** The summary is the same all day; read it again after half an hour at most. */
const SUMMARY_STALE_MS = 30 * 60 * 1000;

export function getMarketSummary({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(apiPath('getMarketSummary'), dailyMarketSummarySchema, { signal });
}

export function getMarketSummaryQueryOptions() {
  return queryOptions({
    queryKey: ['market', 'summary'] as const,
    queryFn: async ({ signal }) => {
      try {
        return await getMarketSummary({ signal });
      } catch (error) {
        if (signal.aborted) throw error;
        // Spec 8: a failed summary is logged; the modal falls back to simulated defaults.
        console.error('Daily market summary failed:', error);
        throw error;
      }
    },
    staleTime: SUMMARY_STALE_MS,
    retry: 1,
  });
}

export function useMarketSummary({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getMarketSummaryQueryOptions(), enabled });
}
