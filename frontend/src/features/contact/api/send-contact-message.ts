import { useMutation } from '@tanstack/react-query';
import {
  contactMessageInput,
  contactReceiptSchema,
  type ContactMessageInput,
  type ContactReceipt,
} from '@shared/contact/schemas';
import { apiPath } from '@shared/routes';
import { apiRequest } from '../../../lib/api-client';

/** The request body: the shared schema the handler validates with too. */
export const sendContactMessageInput = contactMessageInput;

/** Public call (no sign-in needed); a signed-in visitor's token rides along harmlessly. */
export function sendContactMessage(input: ContactMessageInput): Promise<ContactReceipt> {
  return apiRequest(apiPath('sendContactMessage'), contactReceiptSchema, { method: 'POST', body: input });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
