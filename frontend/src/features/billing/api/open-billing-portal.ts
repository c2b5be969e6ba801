import { useMutation } from '@tanstack/react-query';
import { redirectUrlSchema } from '@shared/billing/schemas';
import { apiPath } from '@shared/routes';
import { apiRequest } from '../../../lib/api-client';

/** The provider's customer portal: billing history, card, plan changes and cancellation. */
export async function openBillingPortal(): Promise<string> {
  const { url } = await apiRequest(apiPath('openBillingPortal'), redirectUrlSchema, { method: 'POST' });
  return url;
}

export function useOpenBillingPortal(go: (url: string) => void = (url) => window.location.assign(url)) {
  return useMutation({ mutationFn: openBillingPortal, onSuccess: go });
}
