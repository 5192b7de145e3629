import {
  CURRENCIES,
  PAYMENT_STATUSES,
  REVENUE_STATUSES,
  type Payment,
  type PaymentStats,
  type PaymentStatus,
} from '../../shared/billing/payments.js';
import {
  ENTITY,
  PAYMENT_SK_PREFIX,
  paymentKey,
  paymentListKey,
  paymentRefKey,
  paymentStatsKey,
  paymentStatusKey,
  userMonitorsPartition,
} from '../../shared/table/keys.js';
import { cancellationReasons, conditionFailedAt } from './dynamo-errors.js';
import * as table from './table-commands.js';
import { transactIfAllowed, writeIfAllowed } from './table.js';

/**
 * Payments in the table (docs/billing.md "Records", keys.ts 22-26): each payment under its owner
 * (22), in the all-payments list (GSI1 PAYMENTS, 23) and in its status's list (GSI2
 * PAYMENTS#<status>, 24), both newest first by ULID; the provider objects that lead to it
 * (PAYMENT_REF#..., 26); and one counter item (STATS/PAYMENTS, 25) that every create and status
 * change updates in the same transaction, so the operator panel's totals are one GetItem.
 */

const PAYMENT_FIELDS = [
  'id',
  'user_id',
  'package_id',
  'billing_period',
  'amount',
  'currency',
  'payment_gateway',
  'payment_status',
  'gateway_status',
  'gateway_ref',
  'gateway_subscription_id',
  'kind',
  'refunds_payment_id',
  'charge_ref',
  'created_at',
  'updated_at',
] as const;

/** A stored payment item with its receipt state (the receipt mail is sent once, see claimReceipt). */
export type StoredPayment = Payment & { receipt_sent_at: string | null };

export const toPayment = (item: Record<string, unknown>): StoredPayment => {
  const picked = Object.fromEntries(PAYMENT_FIELDS.map((field) => [field, item[field] ?? null])) as unknown as Payment;
  return { ...picked, amount: Number(picked.amount), receipt_sent_at: typeof item.receipt_sent_at === 'string' ? item.receipt_sent_at : null };
};

const paymentItem = (payment: Payment): Record<string, unknown> => ({
  ...paymentKey(payment.user_id, payment.id),
  ...paymentListKey(payment.id),
  ...paymentStatusKey(payment.payment_status, payment.id),
  entity: ENTITY.payment,
  ...payment,
});

const countAttribute = (status: PaymentStatus): string => `count_${status}`;
const revenueAttribute = (currency: string): string => `revenue_${currency}`;

/** The counter update for a new payment in `status`. */
const statsOnCreate = (payment: Payment) => ({
  Update: {
    Key: paymentStatsKey(),
    UpdateExpression:
      REVENUE_STATUSES.includes(payment.payment_status)
        ? 'SET entity = :entity ADD #total :one, #count :one, #revenue :amount'
        : 'SET entity = :entity ADD #total :one, #count :one',
    ExpressionAttributeNames: {
      '#total': 'total',
      '#count': countAttribute(payment.payment_status),
      ...(REVENUE_STATUSES.includes(payment.payment_status) ? { '#revenue': revenueAttribute(payment.currency) } : {}),
    },
    ExpressionAttributeValues: {
      ':entity': ENTITY.paymentStats,
      ':one': 1,
      ...(REVENUE_STATUSES.includes(payment.payment_status) ? { ':amount': payment.amount } : {}),
    },
  },
});

const refItem = (gateway: string, ref: string, userId: string, paymentId: string) => ({
  Put: {
    Item: { ...paymentRefKey(gateway, ref), entity: ENTITY.paymentRef, user_id: userId, payment_id: paymentId },
    ConditionExpression: 'attribute_not_exists(PK)',
  },
});

/**
 * Stores a new payment, the provider references that lead to it and the counters, in one
 * transaction. 'ref_taken' when one of `refs` already leads to a payment (another event created it
 * first): nothing is written then, and the caller reads that payment by its reference instead.
 */
export const createPayment = async (payment: Payment, refs: readonly string[]): Promise<'created' | 'ref_taken'> => {
  const refused = await transactIfAllowed(
    [
      ...refs.map((ref) => refItem(payment.payment_gateway, ref, payment.user_id, payment.id)),
      { Put: { Item: paymentItem(payment), ConditionExpression: 'attribute_not_exists(PK)' } },
      statsOnCreate(payment),
    ],
    Object.fromEntries(refs.map((_, index) => [index, 'ref_taken' as const])),
  );
  return refused ?? 'created';
};

export interface PaymentRef {
  userId: string;
  paymentId: string;
}

/** Which payment a provider object belongs to, or null (read consistently). */
export const findPaymentRef = async (gateway: string, ref: string): Promise<PaymentRef | null> => {
  const { Item } = await table.get({ Key: paymentRefKey(gateway, ref), ConsistentRead: true });
  return typeof Item?.user_id === 'string' && typeof Item.payment_id === 'string'
    ? { userId: Item.user_id, paymentId: Item.payment_id }
    : null;
};

/**
 * Points one more provider object at a payment (a checkout's first invoice or charge); when that
 * object already leads somewhere, the existing reference is answered and nothing changes.
 */
export const linkPaymentRef = async (gateway: string, ref: string, target: PaymentRef): Promise<PaymentRef> => {
  const taken = await transactIfAllowed([refItem(gateway, ref, target.userId, target.paymentId)], { 0: true });
  return taken ? ((await findPaymentRef(gateway, ref)) ?? target) : target;
};

export const getPayment = async (userId: string, paymentId: string): Promise<StoredPayment | null> => {
  const { Item } = await table.get({ Key: paymentKey(userId, paymentId), ConsistentRead: true });
  return Item ? toPayment(Item) : null;
};

export interface PaymentChange {
  userId: string;
  paymentId: string;
  /** The status the caller read; the change is applied only if it is still so. */
  from: PaymentStatus;
  to: PaymentStatus;
  gatewayStatus: string;
  /** Set once known (the subscription a checkout created). */
  gatewaySubscriptionId?: string;
  at: Date;
}

/**
 * Moves a payment from `from` to `to` (with its status index keys and the counters) in one
 * transaction, if it is still in `from`. 'stale' when it is not (another event moved it first):
 * the caller re-reads. A change that keeps the status only rewrites `gateway_status`.
 */
export const changePaymentStatus = async (change: PaymentChange): Promise<'changed' | 'stale'> => {
  const payment = await getPayment(change.userId, change.paymentId);
  if (!payment) return 'stale';
  const subscription = change.gatewaySubscriptionId ? ', gateway_subscription_id = :subscription' : '';
  const values = {
    ':from': change.from,
    ':to': change.to,
    ':gatewayStatus': change.gatewayStatus,
    ':at': change.at.toISOString(),
    ...(change.gatewaySubscriptionId ? { ':subscription': change.gatewaySubscriptionId } : {}),
  };
  const samePlace = change.from === change.to;
  const indexKeys = paymentStatusKey(change.to, change.paymentId);
  const paymentUpdate = {
    Update: {
      Key: paymentKey(change.userId, change.paymentId),
      UpdateExpression:
        `SET payment_status = :to, gateway_status = :gatewayStatus, updated_at = :at${subscription}` +
        (samePlace ? '' : ', GSI2PK = :statusPk'),
      ConditionExpression: 'payment_status = :from',
      ExpressionAttributeValues: { ...values, ...(samePlace ? {} : { ':statusPk': indexKeys.GSI2PK }) },
    },
  };
  // Entering a revenue status adds the amount (a refund's is negative); none is ever left.
  const completing = REVENUE_STATUSES.includes(change.to) && !REVENUE_STATUSES.includes(change.from);
  const stats = {
    Update: {
      Key: paymentStatsKey(),
      UpdateExpression: `SET entity = :entity ADD #from :minus, #to :one${completing ? ', #revenue :amount' : ''}`,
      ExpressionAttributeNames: {
        '#from': countAttribute(change.from),
        '#to': countAttribute(change.to),
        ...(completing ? { '#revenue': revenueAttribute(payment.currency) } : {}),
      },
      ExpressionAttributeValues: {
        ':entity': ENTITY.paymentStats,
        ':minus': -1,
        ':one': 1,
        ...(completing ? { ':amount': payment.amount } : {}),
      },
    },
  };
  try {
    await table.transact(samePlace ? [paymentUpdate] : [paymentUpdate, stats]);
    return 'changed';
  } catch (error) {
    if (conditionFailedAt(error, 0) || cancellationReasons(error)?.includes('TransactionConflict')) return 'stale';
    throw error;
  }
};

/** How long one sender holds a receipt before another may try (a crashed sender's claim runs out). */
const RECEIPT_LEASE_MS = 60_000;

/**
 * Claims the receipt mail of a completed payment for one sender: true when this caller should send
 * it (not sent yet, and nobody else is sending it now). Mark it sent with `markReceiptSent`; if the
 * mail fails, the lease runs out and a retried event sends it.
 */
export const claimReceipt = async (userId: string, paymentId: string, now: Date): Promise<boolean> => {
  return writeIfAllowed(
    table.update({
      Key: paymentKey(userId, paymentId),
      UpdateExpression: 'SET receipt_lease_until = :until',
      ConditionExpression:
        'payment_status = :completed AND attribute_not_exists(receipt_sent_at) AND ' +
        '(attribute_not_exists(receipt_lease_until) OR receipt_lease_until < :now)',
      ExpressionAttributeValues: {
        ':completed': 'completed',
        ':until': new Date(now.getTime() + RECEIPT_LEASE_MS).toISOString(),
        ':now': now.toISOString(),
      },
    }),
  );
};

export const markReceiptSent = async (userId: string, paymentId: string, at: Date, sesMessageId: string): Promise<void> => {
  await table.update({
    Key: paymentKey(userId, paymentId),
    UpdateExpression: 'SET receipt_sent_at = :at, receipt_message_id = :id REMOVE receipt_lease_until',
    ExpressionAttributeValues: { ':at': at.toISOString(), ':id': sesMessageId },
  });
};

/**
 * Notes the provider object that took a completed payment's money (docs/billing.md "Switching the
 * way of paying"): a later refund is made against it. Written once; the same event may come again.
 */
export const noteChargeRef = async (userId: string, paymentId: string, chargeRef: string): Promise<void> => {
  await writeIfAllowed(
    table.update({
      Key: paymentKey(userId, paymentId),
      UpdateExpression: 'SET charge_ref = :ref',
      ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(charge_ref)',
      ExpressionAttributeValues: { ':ref': chargeRef },
    }),
  );
};

/** A user's payments, newest first (pattern 22), at most `limit`. */
export const listUserPayments = async (userId: string, limit = 100): Promise<StoredPayment[]> => {
  const { Items } = await table.query({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': userMonitorsPartition(userId), ':prefix': PAYMENT_SK_PREFIX },
    ScanIndexForward: false,
    Limit: limit,
  });
  return (Items ?? []).map(toPayment);
};

/** The counters (pattern 25): zeros before the first payment. */
export const getPaymentStats = async (): Promise<PaymentStats> => {
  const { Item } = await table.get({ Key: paymentStatsKey() });
  const number = (name: string) => Number(Item?.[name] ?? 0);
  return {
    total: number('total'),
    by_status: Object.fromEntries(PAYMENT_STATUSES.map((status) => [status, number(countAttribute(status))])) as PaymentStats['by_status'],
    revenue: Object.fromEntries(CURRENCIES.map((currency) => [currency, number(revenueAttribute(currency))])) as PaymentStats['revenue'],
  };
};
