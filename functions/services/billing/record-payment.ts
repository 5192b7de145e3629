import { ulid } from 'ulid';
import { formatAmount, isFinalPaymentStatus, type Payment, type PaymentGateway, type PaymentStatus } from '../../../shared/billing/payments.js';
import { config } from '../../config.js';
import { logger } from '../../observability/logger.js';
import { sendEmail } from '../../repositories/mail-repository.js';
import { recordApplicationError } from '../operations/record-application-error.js';
import {
  changePaymentStatus,
  createPayment,
  findPaymentRef,
  getPayment,
  linkPaymentRef,
  listUserPayments,
  noteChargeRef,
  type PaymentRef,
} from '../../repositories/payment-repository.js';
import { getUserProfile } from '../../repositories/user-repository.js';
import { paymentFailedEmail } from './billing-emails.js';
import type { ProviderSubscription, ReportedPayment } from './providers/payment-provider.js';
import { sendReceiptOnce } from './receipts.js';

/**
 * Payment records from webhook events (docs/billing.md "What happens on each event"): every charge
 * a provider reports becomes exactly one record, found again by its provider reference however
 * often or in whatever order its events arrive.
 */

const ATTEMPTS = 5;

/** Moves a payment to `to` unless it already reached a final status; answers its status after. */
export const settlePayment = async (
  target: PaymentRef,
  to: PaymentStatus,
  gatewayStatus: string,
  now: Date,
  gatewaySubscriptionId?: string,
): Promise<PaymentStatus | null> => {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const payment = await getPayment(target.userId, target.paymentId);
    if (!payment) return null;
    // A final status stays, with one exception: a purchase whose first try failed and whose next try
    // in the same checkout succeeded (Razorpay's popup lets the user try again on one subscription)
    // is completed, not failed. Renewal attempts never meet this: each has its own record.
    const retriedToSuccess = payment.payment_status === 'failed' && to === 'completed';
    if (isFinalPaymentStatus(payment.payment_status) && payment.payment_status !== to && !retriedToSuccess) return payment.payment_status;
    if (payment.payment_status === to && payment.gateway_status === gatewayStatus) return to;
    const outcome = await changePaymentStatus({
      userId: target.userId,
      paymentId: target.paymentId,
      from: payment.payment_status,
      to,
      gatewayStatus,
      gatewaySubscriptionId,
      at: now,
    });
    if (outcome === 'changed') return to;
  }
  throw new Error(`Payment ${target.paymentId} kept changing while being settled`);
};

/** Failed renewals in a row, newest first, up to the last completed payment of this subscription. */
const failedAttemptsInARow = async (userId: string, subscriptionId: string): Promise<number> => {
  let count = 0;
  for (const payment of await listUserPayments(userId, 20)) {
    if (payment.gateway_subscription_id !== subscriptionId) continue;
    if (payment.payment_status !== 'failed') break;
    count++;
  }
  return count;
};

const mailFailedRenewal = async (payment: Payment, now: Date): Promise<void> => {
  const profile = await getUserProfile(payment.user_id);
  if (!profile) return;
  const attempt = await failedAttemptsInARow(payment.user_id, payment.gateway_subscription_id ?? '');
  try {
    await sendEmail(
      paymentFailedEmail(
        { to: profile.email, timezone: profile.timezone, appUrl: config().appUrl },
        { tier: payment.package_id, attempt: Math.max(1, attempt), amount: formatAmount(payment.amount, payment.currency) },
      ),
    );
  } catch (error) {
    logger.error('Could not mail a failed renewal', { userId: payment.user_id, paymentId: payment.id, at: now.toISOString(), error });
    await recordApplicationError({
      type: 'email_error',
      message: 'The failed-payment notice of a renewal could not be mailed',
      error,
      context: { mail: 'payment_failed', payment_id: payment.id, gateway: payment.payment_gateway },
      userId: payment.user_id,
    });
  }
};

/**
 * Records a charge the provider reports. The subscription's first charge is its checkout's payment
 * (linked by the provider reference); later ones are renewals, each a new record. A completed
 * payment gets its receipt; a failed renewal its dunning mail (once: only the event that created
 * the record mails), but only while the provider still shows the subscription live.
 *
 * Once the provider has ended the subscription (the 4th failed attempt: Stripe deletes it, Razorpay
 * halts it, at the moment of that failure) the failure mail is not sent: the user gets the one
 * "you are on the Free plan now" mail, whose text already says that the renewal failed after the
 * retries and the account moved to Free (docs/billing.md "Renewals and dunning"). The 4th failure
 * mail would only repeat that, and, since a provider's events for one subscription may be handled
 * in any order, it could arrive after the plan mail; a failure mail whose event is handled after
 * the end (late webhooks) would even promise retries that will not come.
 */
export const recordReportedPayment = async (
  gateway: PaymentGateway,
  reported: ReportedPayment,
  sub: ProviderSubscription | null,
  now: Date,
): Promise<void> => {
  let target = await findPaymentRef(gateway, reported.ref);
  let createdFailedRenewal: Payment | null = null;
  if (!target && reported.first && sub?.userId && sub.checkoutPaymentId) {
    target = await linkPaymentRef(gateway, reported.ref, { userId: sub.userId, paymentId: sub.checkoutPaymentId });
  }
  if (!target) {
    if (!sub?.userId || !sub.tier || !sub.period) {
      logger.info('Ignored a payment of a subscription that is not ours', { gateway, ref: reported.ref, subscriptionId: sub?.id });
      return;
    }
    const at = now.toISOString();
    const payment: Payment = {
      id: ulid(),
      user_id: sub.userId,
      package_id: sub.tier,
      billing_period: sub.period,
      amount: reported.amount,
      currency: reported.currency,
      payment_gateway: gateway,
      payment_status: reported.status,
      gateway_status: reported.gatewayStatus,
      gateway_ref: reported.ref,
      gateway_subscription_id: sub.id,
      kind: 'renewal',
      created_at: at,
      updated_at: at,
    };
    if ((await createPayment(payment, [reported.ref])) === 'created') {
      target = { userId: payment.user_id, paymentId: payment.id };
      if (payment.payment_status === 'failed') createdFailedRenewal = payment;
    } else {
      target = await findPaymentRef(gateway, reported.ref);
      if (!target) throw new Error(`Payment reference ${gateway}/${reported.ref} vanished`);
    }
  }
  const status = await settlePayment(target, reported.status, reported.gatewayStatus, now, sub?.id);
  if (status === 'completed') {
    // What took the money: a refund of the unused part is made against it (docs/billing.md "Switching the way of paying").
    await noteChargeRef(target.userId, target.paymentId, reported.ref);
    await sendReceiptOnce(target.userId, target.paymentId, now);
  }
  if (createdFailedRenewal && sub?.state !== 'ended') await mailFailedRenewal(createdFailedRenewal, now);
};
