import type { BillingPeriod, PaymentGateway } from '../../shared/billing/payments.js';
import type { PaidTierId } from '../../shared/billing/plans.js';
import { ENTITY, SUBSCRIPTION_ENDS_PARTITION, subscriptionEndsKey, subscriptionKey, userKey } from '../../shared/table/keys.js';
import type { TierId } from '../../shared/tiers.js';
import { adjustCounters, tierCounter } from './admin-counters-repository.js';
import { cancellationReasons } from './dynamo-errors.js';
import { getUserTier } from './user-tier-repository.js';
import * as table from './table-commands.js';

/**
 * A user's paid subscription (keys.ts 27): our record of what the provider last said, plus what we
 * scheduled (a downgrade or cancellation at period end). Saved together with the profile's tier in
 * one transaction, under an optimistic version, so two webhooks handled at once cannot interleave.
 * While it has a period to end it is in the backstop's index (28, GSI1 SUBSCRIPTION_ENDS).
 */
export type SubscriptionStatus = 'incomplete' | 'active' | 'past_due' | 'ended';

export interface SubscriptionRecord {
  user_id: string;
  gateway: PaymentGateway;
  provider_subscription_id: string;
  /** The tier paid for in the current period (a scheduled downgrade waits for the next one). */
  tier: PaidTierId;
  billing_period: BillingPeriod;
  status: SubscriptionStatus;
  provider_status: string;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  /** Set by a downgrade or cancel: the tier from the end of the current period. */
  scheduled_tier: TierId | null;
  /** Why the user cancelled (optional, from the cancel form). */
  cancel_reason: string | null;
  /**
   * Whether the provider has been told of `cancel_at_period_end`. A provider whose cancellation
   * cannot be taken back (Razorpay) is told only shortly before the period ends, and from then on
   * the cancellation can no longer be resumed (docs/billing.md "Resume and undo").
   */
  cancel_sent_to_provider: boolean;
  /**
   * The subscription this one replaced (a new checkout while another was live), so a late event of
   * the old one cannot take the record back and cancel the new one (docs/billing.md "Switching the
   * way of paying"). Absent on records saved before it was kept.
   */
  replaced_subscription_id?: string | null;
  updated_at: string;
  /** Optimistic lock: every save adds one. */
  version: number;
}

/** A subscription still paying for its tier: active, or past due while the provider retries. */
export const isLiveSubscription = (record: SubscriptionRecord | null): record is SubscriptionRecord =>
  record !== null && (record.status === 'active' || record.status === 'past_due');

/**
 * A stored subscription item as a record. Items saved before `cancel_sent_to_provider` was kept
 * have no such attribute: every cancellation then went to the provider at once, so it reads as
 * sent when the item is cancelled (docs/billing.md "Resume and undo"); otherwise a Razorpay
 * cancellation made then would look resumable, and be handed over a second time.
 */
export const subscriptionRecordOf = (item: Record<string, unknown>): SubscriptionRecord => ({
  user_id: String(item.user_id),
  gateway: item.gateway as PaymentGateway,
  provider_subscription_id: String(item.provider_subscription_id),
  tier: item.tier as PaidTierId,
  billing_period: item.billing_period as BillingPeriod,
  status: item.status as SubscriptionStatus,
  provider_status: String(item.provider_status ?? ''),
  current_period_end: typeof item.current_period_end === 'string' ? item.current_period_end : null,
  cancel_at_period_end: item.cancel_at_period_end === true,
  scheduled_tier: typeof item.scheduled_tier === 'string' ? (item.scheduled_tier as TierId) : null,
  cancel_reason: typeof item.cancel_reason === 'string' ? item.cancel_reason : null,
  cancel_sent_to_provider: typeof item.cancel_sent_to_provider === 'boolean' ? item.cancel_sent_to_provider : item.cancel_at_period_end === true,
  replaced_subscription_id: typeof item.replaced_subscription_id === 'string' ? item.replaced_subscription_id : null,
  updated_at: String(item.updated_at ?? ''),
  version: Number(item.version ?? 0),
});

export const getSubscription = async (userId: string): Promise<SubscriptionRecord | null> => {
  const { Item } = await table.get({ Key: subscriptionKey(userId), ConsistentRead: true });
  return Item ? subscriptionRecordOf(Item) : null;
};

/** A subscription with a period still to end is in the backstop's index; an ended one is not. */
const hasPeriodToEnd = (record: SubscriptionRecord): boolean =>
  record.status !== 'ended' && record.status !== 'incomplete' && record.current_period_end !== null;

export interface ProfilePlan {
  tier: TierId;
  /** The end of the paid period; null on free. */
  endsAt: string | null;
}

/** The profile exists and no erasure has started (erase-account.ts marks `deletion_started_at` first). */
const PROFILE_KEPT = 'attribute_exists(PK) AND attribute_not_exists(deletion_started_at)';

/**
 * Saves the record (version `expectedVersion`, or none yet when null) and, when given, the tier on
 * the profile, in one transaction. 'conflict' when someone saved in between (the caller re-reads
 * and recomputes); 'no_profile' when the account is gone or being erased (nothing is written into
 * a partition the erasure is emptying).
 */
export const saveSubscription = async (
  record: Omit<SubscriptionRecord, 'version'>,
  expectedVersion: number | null,
  plan: ProfilePlan | null,
): Promise<'saved' | 'conflict' | 'no_profile'> => {
  const version = (expectedVersion ?? 0) + 1;
  const full = { ...record, version };
  const item = {
    ...subscriptionKey(record.user_id),
    ...(hasPeriodToEnd(full) ? subscriptionEndsKey(full.current_period_end!, record.user_id) : {}),
    entity: ENTITY.subscription,
    ...full,
  };
  // The tier before, for the operator dashboard's tier distribution (admin-counters-repository.ts).
  const before = plan ? await getUserTier(record.user_id) : undefined;
  try {
    await table.transact([
      {
        Put: {
          Item: item,
          ...(expectedVersion === null
            ? { ConditionExpression: 'attribute_not_exists(PK)' }
            : { ConditionExpression: 'version = :version', ExpressionAttributeValues: { ':version': expectedVersion } }),
        },
      },
      plan
        ? {
            Update: {
              Key: userKey(record.user_id),
              UpdateExpression: 'SET subscription_tier = :tier, subscription_ends_at = :endsAt',
              ConditionExpression: PROFILE_KEPT,
              ExpressionAttributeValues: { ':tier': plan.tier, ':endsAt': plan.endsAt },
            },
          }
        : {
            ConditionCheck: {
              Key: userKey(record.user_id),
              ConditionExpression: PROFILE_KEPT,
            },
          },
    ]);
    if (plan && before && before !== plan.tier) await adjustCounters({ [tierCounter(before)]: -1, [tierCounter(plan.tier)]: 1 });
    return 'saved';
  } catch (error) {
    const reasons = cancellationReasons(error);
    if (reasons?.[1] === 'ConditionalCheckFailed') return 'no_profile';
    if (reasons && (reasons[0] === 'ConditionalCheckFailed' || reasons.includes('TransactionConflict'))) return 'conflict';
    throw error;
  }
};

/** User ids of subscriptions whose paid period ended at or before `cutoff` (pattern 28), oldest first. */
export const listSubscriptionsEndedBy = async (cutoff: Date, limit = 100): Promise<string[]> => {
  const { Items } = await table.query({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK <= :cutoff',
    ExpressionAttributeValues: { ':pk': SUBSCRIPTION_ENDS_PARTITION, ':cutoff': `${cutoff.toISOString()}#\uffff` },
    Limit: limit,
  });
  return (Items ?? []).filter((item) => item.entity === ENTITY.subscription).map((item) => String(item.user_id));
};

/** Sets the tier on the profile alone (a plan that no provider subscription pays for, e.g. set by an operator). */
export const saveProfilePlan = async (userId: string, plan: ProfilePlan): Promise<void> => {
  const { Attributes } = await table.update({
    Key: userKey(userId),
    UpdateExpression: 'SET subscription_tier = :tier, subscription_ends_at = :endsAt',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':tier': plan.tier, ':endsAt': plan.endsAt },
    ReturnValues: 'UPDATED_OLD',
  });
  const before = Attributes?.subscription_tier as TierId | undefined;
  // The operator dashboard's tier distribution (admin-counters-repository.ts).
  if (before && before !== plan.tier) await adjustCounters({ [tierCounter(before)]: -1, [tierCounter(plan.tier)]: 1 });
};
