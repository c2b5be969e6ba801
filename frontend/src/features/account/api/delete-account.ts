import { useMutation } from '@tanstack/react-query';
import { noContentSchema } from '@shared/api/responses';
import { apiPath } from '@shared/routes';
import { apiRequest } from '../../../lib/api-client';

/** Deletes the account: every stored item, any subscription, and the sign-in itself. */
export function deleteAccount(): Promise<void> {
  return apiRequest(apiPath('deleteAccount'), noContentSchema, { method: 'DELETE' });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
