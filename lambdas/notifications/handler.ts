import { createRuleInput, ruleIdParams, updateRuleInput } from '@shared/notifications/schemas';
import { created, noContent, ok, route } from '../common/http';
import { notificationDeps } from './deps';
import {
  createRule,
  deleteRule,
  listNotifications as readLog,
  listRules,
  testRule,
  updateRule,
} from './service';

const deps = notificationDeps();

export const listNotificationRules = route('listNotificationRules', {}, async ({ userId }) =>
  ok({ rules: await listRules(deps, userId) }),
);

export const createNotificationRule = route(
  'createNotificationRule',
  { body: createRuleInput },
  async ({ body, userId }) => created(await createRule(deps, userId, body)),
);

export const updateNotificationRule = route(
  'updateNotificationRule',
  { params: ruleIdParams, body: updateRuleInput },
  async ({ params, body, userId }) => ok(await updateRule(deps, userId, params.id, body)),
);

export const deleteNotificationRule = route(
  'deleteNotificationRule',
  { params: ruleIdParams },
  async ({ params, userId }) => {
    await deleteRule(deps, userId, params.id);
    return noContent();
  },
);

export const testNotificationRule = route(
  'testNotificationRule',
  { params: ruleIdParams },
  async ({ params, userId }) => ok({ notifications: await testRule(deps, userId, params.id) }),
);

export const listNotifications = route('listNotifications', {}, async ({ userId }) =>
  ok({ notifications: await readLog(deps, userId) }),
);
