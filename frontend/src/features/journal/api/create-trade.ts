import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER } from '@shared/api/idempotency';
import { apiPath } from '@shared/routes';
import { tradeSchema, type CreateTradeInput } from '@shared/trades/schemas';
import { apiRequest } from '../../../lib/api-client';

/**
 * Add Trade: POST /api/trades → 201 the stored row. The key names this one trade: sent again
 * (a double click, a retry after a lost answer) it stores nothing more and answers the same row.
 */
export function createTrade({ input, idempotencyKey }: { input: CreateTradeInput; idempotencyKey: string }) {
  return apiRequest(apiPath('createTrade'), tradeSchema, {
    method: 'POST',
    body: input,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

export function useCreateTrade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTrade,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['trades'] }),
  });
}
