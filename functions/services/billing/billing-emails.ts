import { formatAmount, type Payment } from '../../../shared/billing/payments.js';
import { receiptNumber } from '../../../shared/billing/receipts.js';
import { POLICY } from '../../../shared/policies.js';
import { countOf } from '../../../shared/texts.js';
import { tierOf, type TierId } from '../../../shared/tiers.js';
import type { DisabledMonitor } from '../../repositories/monitor-plan-repository.js';
import type { OutgoingEmail } from '../../repositories/mail-repository.js';
import { brandedEmail, formatEmailDate } from '../email-layout.js';

/** The billing mails (docs/billing.md "What happens on each event"), in the one branded layout. */

export const subscriptionSettingsLink = (appUrl: string): string => `${appUrl}/settings?section=subscription`;

interface Reader {
  to: string;
  timezone: string | null;
  appUrl: string;
}

export const receiptEmail = (reader: Reader, payment: Payment): OutgoingEmail =>
  brandedEmail({
    to: reader.to,
    subject: `Upwatch receipt: ${tierOf(payment.package_id).name} plan, ${formatAmount(payment.amount, payment.currency)}`,
    heading: 'Payment received',
    tone: 'ok',
    paragraphs: [
      `Thank you. We received your payment for the Upwatch ${tierOf(payment.package_id).name} plan.`,
      'Your plan is active now. You can see your payments and manage your subscription in Settings.',
    ],
    details: [
      ['Plan', `${tierOf(payment.package_id).name} (${payment.billing_period})`],
      ['Amount', formatAmount(payment.amount, payment.currency)],
      ['Paid by', payment.payment_gateway === 'stripe' ? 'Card' : 'UPI'],
      ['Date', formatEmailDate(payment.updated_at, reader.timezone)],
      // The same number as the receipt document's (docs/billing.md "Receipts").
      ['Receipt number', receiptNumber(payment)],
      ['Provider reference', payment.gateway_ref],
    ],
    action: { label: 'Manage subscription', url: subscriptionSettingsLink(reader.appUrl) },
    footer: `Refunds: within ${POLICY.refundWindowDays} days of your first payment, see ${reader.appUrl}/refund.`,
  });

export const paymentFailedEmail = (reader: Reader, opts: { tier: TierId; attempt: number; amount: string }): OutgoingEmail => {
  const left = POLICY.failedPaymentRetries + 1 - opts.attempt;
  return brandedEmail({
    to: reader.to,
    subject: 'Upwatch: your subscription payment failed',
    heading: 'Your payment failed',
    tone: 'warning',
    paragraphs: [
      `We could not renew your Upwatch ${tierOf(opts.tier).name} plan: the payment of ${opts.amount} was declined.`,
      left > 0
        ? `We will try again ${left === 1 ? 'once more' : `${left} more times`} over the next ${POLICY.failedPaymentRetryDays} days. ` +
          'Please make sure your payment method can be charged.'
        : `This was the last attempt. Your account moves to the Free plan.`,
    ],
    details: [['Attempt', `${opts.attempt} of ${POLICY.failedPaymentRetries + 1}`]],
    action: { label: 'Open subscription settings', url: subscriptionSettingsLink(reader.appUrl) },
  });
};

export const planChangedEmail = (
  reader: Reader,
  opts: { from: TierId; to: TierId; reason: 'downgrade' | 'cancelled' | 'payment_failed'; disabled: readonly DisabledMonitor[] },
): OutgoingEmail => {
  const why = {
    downgrade: `Your downgrade from ${tierOf(opts.from).name} to ${tierOf(opts.to).name} has taken effect.`,
    cancelled: `Your ${tierOf(opts.from).name} subscription has ended, as you asked. You are on the ${tierOf(opts.to).name} plan now.`,
    payment_failed: `We could not renew your ${tierOf(opts.from).name} subscription after ${POLICY.failedPaymentRetries} retries, so your account moved to the ${tierOf(opts.to).name} plan.`,
  }[opts.reason];
  const disabledText = opts.disabled.length
    ? [
        `Your ${tierOf(opts.to).name} plan allows ${countOf(tierOf(opts.to).monitorCap, 'monitor')}, ` +
          `so ${opts.disabled.length} monitor${opts.disabled.length === 1 ? ' was' : 's were'} disabled (the newest first). ` +
          `Disabled monitors are not checked and are deleted after ${POLICY.disabledMonitorsKeptDays} days unless you upgrade again or make room for them.`,
      ]
    : [];
  return brandedEmail({
    to: reader.to,
    subject: `Upwatch: you are on the ${tierOf(opts.to).name} plan now`,
    heading: `You are on the ${tierOf(opts.to).name} plan`,
    tone: opts.disabled.length ? 'warning' : 'ok',
    paragraphs: [why, ...disabledText],
    ...(opts.disabled.length
      ? { table: { columns: ['Disabled monitor', 'URL'], rows: opts.disabled.map((monitor) => [monitor.name, monitor.url]) } }
      : {}),
    action: { label: 'See plans', url: subscriptionSettingsLink(reader.appUrl) },
  });
};
