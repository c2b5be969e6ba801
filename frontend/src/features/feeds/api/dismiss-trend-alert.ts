import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeedResponse } from '@shared/feeds/schemas';
import { noContentSchema } from '@shared/api/responses';
import { apiPath } from '@shared/routes';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/feeds/trends/{id}/dismiss → 204; stored for the user, so it holds in every browser. */
export function dismissTrendAlert(id: string) {
  return apiRequest(apiPath('dismissTrendAlert', { id }), noContentSchema, { method: 'POST' });
}

export function useDismissTrendAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissTrendAlert,
    onSuccess: (_result, id) => {
      // Gone at once from every trends list on screen; the next poll confirms it.
      queryClient.setQueriesData<FeedResponse<'trends'>>({ queryKey: ['feeds', 'trends'] }, (data) =>
        data ? { ...data, items: data.items.filter((item) => item.id !== id) } : data,
      );
      return queryClient.invalidateQueries({ queryKey: ['feeds', 'trends'] });
    },
  });
}
