import { useMutation } from '@tanstack/react-query';
import { redirectUrlSchema, type CheckoutInput } from '@shared/billing/schemas';
import { apiPath } from '@shared/routes';
import { apiRequest } from '../../../lib/api-client';

/** Starts a checkout with the payment provider; the browser goes to its page. */
export async function startCheckout(input: CheckoutInput): Promise<string> {
  const { url } = await apiRequest(apiPath('createCheckout'), redirectUrlSchema, {
    method: 'POST',
    body: input,
  });
  return url;
}

export function useStartCheckout(go: (url: string) => void = (url) => window.location.assign(url)) {
  return useMutation({ mutationFn: startCheckout, onSuccess: go });
}
