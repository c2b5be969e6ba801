import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { noContentSchema } from '@shared/api/responses';
import {
  createdRuleSchema,
  notificationLogSchema,
  ruleListSchema,
  ruleTestResultSchema,
  type CreateRuleInput,
  type UpdateRuleInput,
} from '@shared/notifications/schemas';
import { apiPath } from '@shared/routes';
import { apiRequest } from '../../../lib/api-client';

const RULES_KEY = ['notification-rules'] as const;
const LOG_KEY = ['notifications'] as const;

/** GET /api/notification-rules: the user's rules (never a webhook's secret). */
export const useNotificationRules = () =>
  useQuery({
    queryKey: RULES_KEY,
    queryFn: ({ signal }) => apiRequest(apiPath('listNotificationRules'), ruleListSchema, { signal }),
  });

/** GET /api/notifications: the delivery log, newest first, refreshed while the page is open. */
export const useNotificationLog = () =>
  useQuery({
    queryKey: LOG_KEY,
    queryFn: ({ signal }) => apiRequest(apiPath('listNotifications'), notificationLogSchema, { signal }),
    refetchInterval: 30_000,
  });

/** POST /api/notification-rules → the rule, with a webhook's signing secret (shown once). */
export function useCreateNotificationRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateRuleInput) =>
      apiRequest(apiPath('createNotificationRule'), createdRuleSchema, { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RULES_KEY }),
  });
}

/** PATCH /api/notification-rules/{id} → the rule (with a signing secret when it gained its first webhook). */
export function useUpdateNotificationRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: UpdateRuleInput }) =>
      apiRequest(apiPath('updateNotificationRule', { id }), createdRuleSchema, {
        method: 'PATCH',
        body: patch,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RULES_KEY }),
  });
}

export function useDeleteNotificationRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(apiPath('deleteNotificationRule', { id }), noContentSchema, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RULES_KEY }),
  });
}

/** POST /api/notification-rules/{id}/test: a test on each of the rule's channels, then the log. */
export function useTestNotificationRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(apiPath('testNotificationRule', { id }), ruleTestResultSchema, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LOG_KEY }),
  });
}
