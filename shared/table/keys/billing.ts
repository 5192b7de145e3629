import { encodeTime } from 'ulid';
import type { ItemKey } from '../keys.js';

/**
 * Keys of billing: payments and their indexes, the payment counters, provider references,
 * subscriptions, webhook events and provider plans (patterns 22-30). The access patterns are listed in ../keys.ts.
 */

export const PAYMENT_SK_PREFIX = 'PAYMENT#';

/** One payment of a user (pattern 22). */
export const paymentKey = (userId: string, paymentId: string): ItemKey => ({
  PK: `USER#${userId}`,
  SK: `${PAYMENT_SK_PREFIX}${paymentId}`,
});

export const PAYMENT_LIST_PARTITION = 'PAYMENTS';

/** Every payment, newest first by its ULID (pattern 23). */
export const paymentListKey = (paymentId: string) => ({ GSI1PK: PAYMENT_LIST_PARTITION, GSI1SK: paymentId });

export const paymentStatusPartition = (status: string): string => `PAYMENTS#${status}`;

/**
 * The GSI2SK bound of payments created before `at` (pattern 24b): a payment id is a ULID, whose
 * first ten characters are its creation time, so every id made earlier sorts below this.
 */
export const paymentIdsBefore = (at: Date): string => encodeTime(at.getTime(), 10);

/** Payments in one status (pattern 24); rewritten with the status. */
export const paymentStatusKey = (status: string, paymentId: string) => ({
  GSI2PK: paymentStatusPartition(status),
  GSI2SK: paymentId,
});

export const paymentStatsKey = (): ItemKey => ({ PK: 'STATS', SK: 'PAYMENTS' });

/** A provider object (checkout session, subscription, invoice, payment) -> our payment (pattern 26). */
export const paymentRefKey = (gateway: string, ref: string): ItemKey => ({ PK: `PAYMENT_REF#${gateway}#${ref}`, SK: 'REF' });

export const subscriptionKey = (userId: string): ItemKey => ({ PK: `USER#${userId}`, SK: 'SUBSCRIPTION' });

export const SUBSCRIPTION_ENDS_PARTITION = 'SUBSCRIPTION_ENDS';

/** A subscription's place in the period-end backstop's index (pattern 28); `endsAt` an ISO time. */
export const subscriptionEndsKey = (endsAt: string, userId: string) => ({
  GSI1PK: SUBSCRIPTION_ENDS_PARTITION,
  GSI1SK: `${endsAt}#${userId}`,
});

/**
 * Pattern 29, as Powertools Idempotency writes it: one static partition, and a sort key of this
 * prefix, `#` and the hash of the event's gateway and id. Only ever read or written by its exact
 * key (webhooks are few: the partition is far below its limits).
 */
export const WEBHOOK_EVENTS_PARTITION = 'WEBHOOK_EVENT';
export const WEBHOOK_EVENT_KEY_PREFIX = 'EVENT';

/** The provider's price (Stripe) or plan (Razorpay) id of one tier, period and currency (pattern 30). */
export const providerPlanKey = (gateway: string, tier: string, period: string, currency: string): ItemKey => ({
  PK: `PROVIDER_PLAN#${gateway}`,
  SK: `${tier}#${period}#${currency}`,
});

/** The reverse of pattern 30: which tier, period and currency a provider's plan id is (pattern 30b). */
export const providerPlanIdKey = (gateway: string, planId: string): ItemKey => ({ PK: `PROVIDER_PLAN#${gateway}`, SK: `ID#${planId}` });
