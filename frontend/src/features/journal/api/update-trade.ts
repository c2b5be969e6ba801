import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '@shared/routes';
import { tradeSchema, type UpdateTradeInput } from '@shared/trades/schemas';
import { apiRequest } from '../../../lib/api-client';

/** Close (an exit price), reopen (exit null) or edit a trade: PATCH /api/trades/{id} → the row. */
export function updateTrade({ id, input }: { id: string; input: UpdateTradeInput }) {
  return apiRequest(apiPath('updateTrade', { id }), tradeSchema, { method: 'PATCH', body: input });
}

export function useUpdateTrade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTrade,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['trades'] }),
  });
}
