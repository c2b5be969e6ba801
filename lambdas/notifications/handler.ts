import {
  createRuleInput,
  pushSubscriptionIdParams,
  pushSubscriptionInput,
  ruleFeedFeature,
  ruleIdParams,
  updateRuleInput,
} from '@shared/notifications/schemas';
import type { PlanFeature } from '@shared/constants/plans';
import { dynamoDb } from '../common/clients';
import { tableName } from '../common/env';
import { created, noContent, ok, route } from '../common/http';
import { ServiceUnavailableError } from '../common/errors';
import { planLookup, requireFeature, type PlanLookup } from '../common/plan';
import { readVapidKeys } from './push';
import { notificationDeps } from './deps';
import {
  createRule,
  deleteRule,
  listNotifications as readLog,
  listRules,
  subscribePush as storeSubscription,
  testRule,
  unsubscribePush as removeSubscription,
  updateRule,
} from './service';

const deps = notificationDeps();
// Built on first use: only the routes that judge the plan are granted the profiles table.
let lookup: PlanLookup | undefined;
/** Creating, changing or testing a rule needs the Alerts feature, and its feed's feature. */
async function requirePlan(userId: string, feed?: PlanFeature): Promise<void> {
  const plan = await (lookup ??= planLookup(dynamoDb, tableName('profiles')))(userId);
  requireFeature(plan, 'alerts');
  if (feed) requireFeature(plan, feed);
}

export const listNotificationRules = route('listNotificationRules', {}, async ({ userId }) =>
  ok({ rules: await listRules(deps, userId) }),
);

export const createNotificationRule = route(
  'createNotificationRule',
  { body: createRuleInput },
  async ({ body, userId }) => {
    await requirePlan(userId, ruleFeedFeature[body.condition.feed]);
    return created(await createRule(deps, userId, body));
  },
);

export const updateNotificationRule = route(
  'updateNotificationRule',
  { params: ruleIdParams, body: updateRuleInput },
  async ({ params, body, userId }) => {
    await requirePlan(userId, body.condition && ruleFeedFeature[body.condition.feed]);
    return ok(await updateRule(deps, userId, params.id, body));
  },
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
  async ({ params, userId }) => {
    await requirePlan(userId);
    return ok({ notifications: await testRule(deps, userId, params.id) });
  },
);

export const listNotifications = route('listNotifications', {}, async ({ userId }) =>
  ok({ notifications: await readLog(deps, userId) }),
);

export const getPushKey = route('getPushKey', {}, async () => {
  const keys = await readVapidKeys();
  if (!keys) throw new ServiceUnavailableError('Browser push is not set up for this stage', 3600);
  return ok({ publicKey: keys.publicKey });
});

export const subscribePush = route(
  'subscribePush',
  { body: pushSubscriptionInput },
  async ({ body, userId }) => created(await storeSubscription(deps, userId, body)),
);

export const unsubscribePush = route(
  'unsubscribePush',
  { params: pushSubscriptionIdParams },
  async ({ params, userId }) => {
    await removeSubscription(deps, userId, params.id);
    return noContent();
  },
);
