import { useMutation } from '@tanstack/react-query';
import { undefined as nothing } from 'zod/mini';
import { apiPath } from '@shared/routes';
import { apiRequest } from '../../../lib/api-client';

/** Deletes the account: every stored item, any subscription, and the sign-in itself. */
export function deleteAccount(): Promise<void> {
  return apiRequest(apiPath('deleteAccount'), nothing(), { method: 'DELETE' });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
