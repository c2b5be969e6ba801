import { queryOptions, useQuery } from '@tanstack/react-query';
import { chatHistorySchema } from '@shared/chat/schemas';
import { CHAT_HISTORY_LIMIT } from '@shared/constants/caps';
import { apiPath } from '@shared/routes';
import { apiRequest } from '../../../lib/api-client';

export const chatHistoryKey = ['chat', 'history'] as const;

/** The last messages, oldest first (spec: the last 50 load on entry). */
export function getChatHistory({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(apiPath('getChatHistory', {}, { limit: CHAT_HISTORY_LIMIT }), chatHistorySchema, {
    signal,
  });
}

export function getChatHistoryQueryOptions() {
  return queryOptions({
    queryKey: chatHistoryKey,
    queryFn: ({ signal }) => getChatHistory({ signal }),
    staleTime: Infinity,
  });
}

export function useChatHistory() {
  return useQuery(getChatHistoryQueryOptions());
}
