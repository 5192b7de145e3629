import { ulid } from 'ulid';
import type { Payment } from '../../../shared/billing/payments.js';
import { periodStartOf, unusedPart } from '../../../shared/billing/unused-part.js';
import { logger } from '../../observability/logger.js';
import { changePaymentStatus, createPayment, listUserPayments, type StoredPayment } from '../../repositories/payment-repository.js';
import type { SubscriptionRecord } from '../../repositories/subscription-repository.js';
import { recordApplicationError } from '../operations/record-application-error.js';
import { providerFor } from './providers/index.js';

/**
 * The refund of a replaced subscription's unused part (docs/billing.md "Switching the way of
 * paying"): when a new checkout's first payment completes and the old subscription is ended at
 * once, the old period's last payment is refunded in part, through the old provider, in the
 * currency it was paid.
 */

/** What a replaced subscription's unused part comes to now: its last completed payment, and the amount. */
export interface UnusedRefund {
  payment: StoredPayment;
  amount: number;
  days: number;
}

/** The subscription's newest payment (not a refund); null when none. */
const lastPaymentOf = async (userId: string, subscriptionId: string): Promise<StoredPayment | null> =>
  (await listUserPayments(userId, 50)).find((payment) => payment.gateway_subscription_id === subscriptionId && payment.kind !== 'refund') ?? null;

/**
 * The refund a switch away from `record` would make at `at`: null when its last payment was not
 * completed, nothing is left of the period, or the amount is under the provider's minimum.
 */
export const unusedRefundOf = async (record: SubscriptionRecord, at: Date): Promise<UnusedRefund | null> => {
  if (!record.current_period_end) return null;
  const payment = await lastPaymentOf(record.user_id, record.provider_subscription_id);
  if (!payment || payment.payment_status !== 'completed') return null;
  const periodEnd = new Date(record.current_period_end);
  const part = unusedPart({
    paid: payment.amount,
    currency: payment.currency,
    periodStart: periodStartOf(periodEnd, record.billing_period),
    periodEnd,
    at,
  });
  return part.amount > 0 ? { payment, ...part } : null;
};

/** A refund made: the amount and currency, for the mail. */
export type RefundMade = Pick<Payment, 'amount' | 'currency'>;

/**
 * Refunds the unused part of `record`, replaced at `now`, once per replaced subscription: the refund
 * row is created first under the reference `refund-of:<subscription>` (a second call, e.g. a retried
 * webhook, finds it taken and does nothing), then the provider is asked. Answers the amount given
 * back (positive), or null when nothing was (none due, already done, or the provider refused: logged
 * and in the operators' error log, the row reads Failed).
 */
export const refundReplacedSubscription = async (record: SubscriptionRecord, now: Date): Promise<RefundMade | null> => {
  const due = await unusedRefundOf(record, now);
  if (!due) return null;
  const at = now.toISOString();
  const refund: Payment = {
    id: ulid(),
    user_id: record.user_id,
    package_id: due.payment.package_id,
    billing_period: due.payment.billing_period,
    amount: -due.amount,
    currency: due.payment.currency,
    payment_gateway: record.gateway,
    payment_status: 'processing',
    gateway_status: 'refund requested',
    gateway_ref: `refund-of:${record.provider_subscription_id}`,
    gateway_subscription_id: record.provider_subscription_id,
    kind: 'refund',
    refunds_payment_id: due.payment.id,
    charge_ref: due.payment.charge_ref ?? null,
    created_at: at,
    updated_at: at,
  };
  if ((await createPayment(refund, [refund.gateway_ref])) !== 'created') return null;
  const settle = (to: 'refunded' | 'failed', gatewayStatus: string) =>
    changePaymentStatus({ userId: refund.user_id, paymentId: refund.id, from: 'processing', to, gatewayStatus, at: now });
  try {
    const charge = { ref: due.payment.charge_ref ?? null, subscriptionId: record.provider_subscription_id };
    const made = await providerFor(record.gateway).refund(charge, due.amount, refund.id);
    await settle('refunded', `${made.status} (${made.refundId})`);
    return { amount: due.amount, currency: refund.currency };
  } catch (error) {
    logger.error('Could not refund the unused part of a replaced subscription', { userId: record.user_id, paymentId: refund.id, error });
    await settle('failed', 'refund refused');
    await recordApplicationError({
      type: 'payment_error',
      message: 'The unused part of a replaced subscription could not be refunded',
      error,
      context: { gateway: record.gateway, payment_id: refund.id, refunds_payment_id: due.payment.id, amount: due.amount },
      userId: record.user_id,
    });
    return null;
  }
};
