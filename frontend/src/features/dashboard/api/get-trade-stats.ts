import { queryOptions, useQuery } from '@tanstack/react-query';
import { TRADES_REFRESH_MS } from '@shared/constants/timings';
import { apiPath } from '@shared/routes';
import { TRADE_TIME_ZONE } from '@shared/trades/dates';
import { tradeStatsSchema } from '@shared/trades/schemas';
import { apiRequest } from '../../../lib/api-client';

/** The user's trade figures (spec 9), 'today' on the journal's calendar (the market's, New York). */
export function getTradeStats(timeZone: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(apiPath('getTradeStats', {}, { tz: timeZone }), tradeStatsSchema, { signal });
}

export function getDashboardStatsQueryOptions(timeZone: string = TRADE_TIME_ZONE) {
  return queryOptions({
    // The journal's stats key with the same filters: one request serves both screens.
    queryKey: ['trades', 'stats', { tz: timeZone }] as const,
    queryFn: async ({ signal }) => {
      try {
        return await getTradeStats(timeZone, { signal });
      } catch (error) {
        if (signal.aborted) throw error;
        // Spec 8: trade load failures are logged.
        console.error('Trade stats failed to load:', error);
        throw error;
      }
    },
    refetchInterval: TRADES_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}

export function useDashboardStats() {
  return useQuery(getDashboardStatsQueryOptions());
}
