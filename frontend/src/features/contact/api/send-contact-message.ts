import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { contactMessageInput, type ContactMessageInput } from '@shared/contact/schemas';
import { apiRequest } from '../../../lib/api-client';

/** The request body: the shared schema the handler validates with too. */
export const sendContactMessageInput = contactMessageInput;

/** POST /api/contact answers 202 with the stored message's id. */
export const sendContactMessageResponse = z.object({ id: z.string() });
export type SendContactMessageResponse = z.infer<typeof sendContactMessageResponse>;

/** Public call (no sign-in needed); a signed-in visitor's token rides along harmlessly. */
export function sendContactMessage(input: ContactMessageInput): Promise<SendContactMessageResponse> {
  return apiRequest('/api/contact', sendContactMessageResponse, { method: 'POST', body: input });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
