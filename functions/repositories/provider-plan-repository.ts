import type { BillingPeriod, Currency, PaymentGateway } from '../../shared/billing/payments.js';
import type { PaidTierId } from '../../shared/billing/plans.js';
import { ENTITY, providerPlanIdKey, providerPlanKey } from '../../shared/table/keys.js';
import * as table from './table-commands.js';
import { transactIfAllowed } from './table.js';

/**
 * The provider's plan id of each tier, period and currency (keys.ts 30), created on first use
 * (Razorpay has no lookup keys), with the reverse item of the plan id (30b) so a subscription's
 * plan tells its tier.
 */
export interface StoredPlan {
  planId: string;
  tier: PaidTierId;
  period: BillingPeriod;
}

export const findProviderPlan = async (
  gateway: PaymentGateway,
  tier: PaidTierId,
  period: BillingPeriod,
  currency: Currency,
): Promise<string | null> => {
  const { Item } = await table.get({ Key: providerPlanKey(gateway, tier, period, currency), ConsistentRead: true });
  return typeof Item?.plan_id === 'string' ? Item.plan_id : null;
};

/** Which tier and period a provider plan id is; null when it is not one of ours. */
export const findPlanById = async (gateway: PaymentGateway, planId: string): Promise<StoredPlan | null> => {
  const { Item } = await table.get({ Key: providerPlanIdKey(gateway, planId) });
  return Item ? { planId, tier: Item.tier as PaidTierId, period: Item.period as BillingPeriod } : null;
};

/**
 * Keeps a newly created plan. When another request stored one for the same tier first, that one is
 * answered (ours stays unused at the provider, harmless) so every checkout uses the same plan.
 */
export const storeProviderPlan = async (
  gateway: PaymentGateway,
  plan: StoredPlan,
  currency: Currency,
): Promise<string> => {
  const taken = await transactIfAllowed(
    [
      {
        Put: {
          Item: { ...providerPlanKey(gateway, plan.tier, plan.period, currency), entity: ENTITY.providerPlan, plan_id: plan.planId },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      {
        Put: {
          Item: { ...providerPlanIdKey(gateway, plan.planId), entity: ENTITY.providerPlan, tier: plan.tier, period: plan.period, currency },
        },
      },
    ],
    { 0: true },
  );
  return taken ? ((await findProviderPlan(gateway, plan.tier, plan.period, currency)) ?? plan.planId) : plan.planId;
};
