import { useQuery } from '@tanstack/react-query';
import { apiPath } from '@shared/routes';
import { scorecardSchema, type ScorecardKind } from '@shared/scorecards/schemas';
import { apiRequest } from '../../../lib/api-client';

/** A scorecard changes when the job values signals (every 5 minutes): read again after a minute. */
const SCORECARD_STALE_MS = 60_000;

/** GET /api/scorecards/{kind}?days=30|90. */
export function useScorecard(kind: ScorecardKind, days: '30' | '90') {
  return useQuery({
    queryKey: ['scorecards', kind, days] as const,
    queryFn: ({ signal }) =>
      apiRequest(apiPath('getScorecard', { kind }, { days }), scorecardSchema, { signal }),
    staleTime: SCORECARD_STALE_MS,
    refetchInterval: SCORECARD_STALE_MS * 5,
    refetchIntervalInBackground: false,
  });
}
