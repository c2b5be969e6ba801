import { useMutation, useQueryClient } from '@tanstack/react-query';
import { noContentSchema } from '@shared/api/responses';
import { apiPath } from '@shared/routes';
import { apiRequest } from '../../../lib/api-client';

/** DELETE /api/trades/{id} → 204. */
export function deleteTrade(id: string) {
  return apiRequest(apiPath('deleteTrade', { id }), noContentSchema, { method: 'DELETE' });
}

export function useDeleteTrade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTrade,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['trades'] }),
  });
}
