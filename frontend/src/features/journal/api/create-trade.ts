import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '@shared/routes';
import { tradeSchema, type CreateTradeInput } from '@shared/trades/schemas';
import { apiRequest } from '../../../lib/api-client';

/** Add Trade: POST /api/trades → 201 the stored row. */
export function createTrade(input: CreateTradeInput) {
  return apiRequest(apiPath('createTrade'), tradeSchema, { method: 'POST', body: input });
}

export function useCreateTrade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTrade,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['trades'] }),
  });
}
