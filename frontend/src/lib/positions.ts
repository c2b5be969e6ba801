import { queryOptions, useQuery } from '@tanstack/react-query';
import { POSITIONS_REFRESH_MS } from '@shared/constants/timings';
import { apiPath } from '@shared/routes';
import { positionsResponseSchema } from '@shared/trades/position-schemas';
import { apiRequest } from './api-client';

/** The open positions marked to the market and the portfolio's totals (marked on each read). */
export function getPositions({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(apiPath('getPositions'), positionsResponseSchema, { signal });
}

export function getPositionsQueryOptions() {
  return queryOptions({
    // One key for the journal and the dashboard (one request serves both), under 'trades': a trade write refreshes it.
    queryKey: ['trades', 'positions'] as const,
    queryFn: ({ signal }) => getPositions({ signal }),
    // The marks follow the market's minute (docs/decisions/positions-marked-on-read.md).
    refetchInterval: POSITIONS_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}

export function usePositions() {
  return useQuery(getPositionsQueryOptions());
}
