import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chatMessageSchema, type ChatHistory, type PostChatInput } from '@shared/chat/schemas';
import { CHAT_HISTORY_LIMIT } from '@shared/constants/caps';
import { apiPath } from '@shared/routes';
import { apiRequest } from '../../../lib/api-client';
import { chatHistoryKey } from './get-chat-history';

/** POST /api/chat: the stored exchange, with the reply, its cards and its sources. */
export function sendChatMessage(input: PostChatInput) {
  return apiRequest(apiPath('postChatMessage'), chatMessageSchema, { method: 'POST', body: input });
}

/** Sends a question; the answered exchange joins the history (the last 50 kept). */
export function useSendChatMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendChatMessage,
    onSuccess: (message) =>
      queryClient.setQueryData<ChatHistory>(chatHistoryKey, (current) => ({
        messages: [...(current?.messages ?? []), message].slice(-CHAT_HISTORY_LIMIT),
      })),
  });
}
