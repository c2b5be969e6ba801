/**
 * Plans, enforced on the server (ARCHITECTURE: trial → starter / pro / elite → expired). The
 * plan comes from the caller's profile; a caller with no profile yet is on the trial that the
 * profile will start when it is created.
 */
import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import {
  effectivePlan,
  planAllows,
  planLimits,
  type EffectivePlan,
  type PlanFeature,
} from '@shared/constants/plans';
import { ForbiddenError } from './errors';

export type PlanLookup = (userId: string, now?: Date) => Promise<EffectivePlan>;

export function planLookup(client: DynamoDBDocumentClient, profilesTable: string): PlanLookup {
  return async (userId, now = new Date()) => {
    const { Item } = await client.send(new GetCommand({ TableName: profilesTable, Key: { id: userId } }));
    return Item ? effectivePlan(Item, now) : 'trial';
  };
}

const planNames: Record<EffectivePlan, string> = {
  trial: 'free trial',
  starter: 'Starter plan',
  pro: 'Pro plan',
  elite: 'Elite plan',
  expired: 'expired trial',
};

export function requireFeature(plan: EffectivePlan, feature: PlanFeature): void {
  if (!planAllows(plan, feature)) {
    throw new ForbiddenError(
      plan === 'expired'
        ? 'Your free trial has ended. Choose a plan to keep using this feature.'
        : `This feature is not included in the ${planNames[plan]}. Upgrade to use it.`,
      'plan_limit',
    );
  }
}

/** Refuses a scan using more filters than the plan allows (Starter: 10). */
export function requireScannerFilters(plan: EffectivePlan, activeFilters: number): void {
  const max = planLimits[plan].maxScannerFilters;
  if (max !== null && activeFilters > max) {
    throw new ForbiddenError(
      `The ${planNames[plan]} allows ${max} scanner filters; this scan uses ${activeFilters}. Remove some or upgrade.`,
      'plan_limit',
    );
  }
}
