import { formatAmount, type Currency, type Payment, type PaymentGateway } from '../../../shared/billing/payments.js';
import { receiptNumber } from '../../../shared/billing/receipts.js';
import { POLICY } from '../../../shared/policies.js';
import { countOf } from '../../../shared/texts.js';
import { tierOf, type TierId } from '../../../shared/tiers.js';
import type { DisabledMonitor } from '../../repositories/monitor-plan-repository.js';
import type { SlowedMonitor } from '../../repositories/monitor-interval-floor-repository.js';
import { describeInterval } from '../monitors/plan-rules.js';
import type { OutgoingEmail } from '../../repositories/mail-repository.js';
import { brandedEmail, formatEmailDate } from '../email-layout.js';

/** The billing mails (docs/billing.md "What happens on each event"), in the one branded layout. */

/**
 * The paragraph naming the monitors a smaller plan moved to its floor (docs/billing.md "Downgrades"),
 * shared by the downgrade mail and the mail of an operator's tier edit; none when nothing moved.
 */
export const slowedMonitorsText = (tier: TierId, slowed: readonly SlowedMonitor[]): string[] => {
  const to = tierOf(tier);
  if (!slowed.length) return [];
  return [
    `Your ${to.name} plan checks at most every ${describeInterval(to.minCheckIntervalSeconds)}, ` +
      `so ${slowed.length === 1 ? 'this monitor is' : `these ${slowed.length} monitors are`} now checked every ${describeInterval(to.minCheckIntervalSeconds)}: ` +
      slowed.map((monitor) => `${monitor.name} (was every ${describeInterval(monitor.from)})`).join(', ') +
      '.',
  ];
};

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
  opts: {
    from: TierId;
    to: TierId;
    reason: 'downgrade' | 'cancelled' | 'payment_failed';
    disabled: readonly DisabledMonitor[];
    /** Monitors moved to the new plan's shortest interval (docs/billing.md "Downgrades"). */
    slowed?: readonly SlowedMonitor[];
  },
): OutgoingEmail => {
  const to = tierOf(opts.to);
  const slowed = opts.slowed ?? [];
  const why = {
    downgrade: `Your downgrade from ${tierOf(opts.from).name} to ${to.name} has taken effect.`,
    cancelled: `Your ${tierOf(opts.from).name} subscription has ended, as you asked. You are on the ${to.name} plan now.`,
    payment_failed: `We could not renew your ${tierOf(opts.from).name} subscription after ${POLICY.failedPaymentRetries} retries, so your account moved to the ${to.name} plan.`,
  }[opts.reason];
  const disabledText = opts.disabled.length
    ? [
        `Your ${to.name} plan allows ${countOf(to.monitorCap, 'monitor')}, ` +
          `so ${opts.disabled.length} monitor${opts.disabled.length === 1 ? ' was' : 's were'} disabled (the newest first). ` +
          `Disabled monitors are not checked and are deleted after ${POLICY.disabledMonitorsKeptDays} days unless you upgrade again or make room for them.`,
      ]
    : [];
  const slowedText = slowedMonitorsText(opts.to, slowed);
  return brandedEmail({
    to: reader.to,
    subject: `Upwatch: you are on the ${to.name} plan now`,
    heading: `You are on the ${to.name} plan`,
    tone: opts.disabled.length || slowed.length ? 'warning' : 'ok',
    paragraphs: [why, ...disabledText, ...slowedText],
    ...(opts.disabled.length
      ? { table: { columns: ['Disabled monitor', 'URL'], rows: opts.disabled.map((monitor) => [monitor.name, monitor.url]) } }
      : {}),
    action: { label: 'See plans', url: subscriptionSettingsLink(reader.appUrl) },
  });
};

const paidBy = (gateway: PaymentGateway): string => (gateway === 'stripe' ? 'Card' : 'UPI');

/** Confirms a cancellation (docs/billing.md "Resume and undo"): when it ends, and until when it can be taken back. */
export const cancellationEmail = (
  reader: Reader,
  opts: { tier: TierId; gateway: PaymentGateway; endsAt: string; resumableUntil: string },
): OutgoingEmail =>
  brandedEmail({
    to: reader.to,
    subject: `Upwatch: your ${tierOf(opts.tier).name} subscription is cancelled`,
    heading: 'Subscription cancelled',
    tone: 'warning',
    paragraphs: [
      `You cancelled your Upwatch ${tierOf(opts.tier).name} subscription. It stays active until ${formatEmailDate(opts.endsAt, reader.timezone)}; ` +
        'then your account moves to the Free plan and you will not be charged again.',
      `Changed your mind? You can resume it in Settings until ${formatEmailDate(opts.resumableUntil, reader.timezone)}.`,
    ],
    details: [
      ['Plan', tierOf(opts.tier).name],
      ['Paid by', paidBy(opts.gateway)],
      ['Active until', formatEmailDate(opts.endsAt, reader.timezone)],
    ],
    action: { label: 'Manage subscription', url: subscriptionSettingsLink(reader.appUrl) },
  });

/** Confirms a downgrade scheduled for the period end, with the monitors it will disable then. */
export const downgradeScheduledEmail = (
  reader: Reader,
  opts: { from: TierId; to: TierId; effectiveAt: string; monitorsOver: number },
): OutgoingEmail => {
  const day = formatEmailDate(opts.effectiveAt, reader.timezone);
  const to = tierOf(opts.to);
  return brandedEmail({
    to: reader.to,
    subject: `Upwatch: your downgrade to ${to.name} is scheduled`,
    heading: 'Downgrade scheduled',
    tone: opts.monitorsOver ? 'warning' : 'ok',
    paragraphs: [
      `Your Upwatch plan changes from ${tierOf(opts.from).name} to ${to.name} on ${day}. Your ${tierOf(opts.from).name} plan stays active until then.`,
      ...(opts.monitorsOver
        ? [
            `The ${to.name} plan allows ${countOf(to.monitorCap, 'monitor')}, so ${countOf(opts.monitorsOver, 'monitor')} of yours ` +
              `will be disabled on ${day} (the newest first) unless you delete some before.`,
          ]
        : []),
      `Changed your mind? Choose "Keep ${tierOf(opts.from).name}" in Settings before ${day}.`,
    ],
    action: { label: 'Manage subscription', url: subscriptionSettingsLink(reader.appUrl) },
  });
};

/** Confirms that a cancellation or scheduled downgrade was taken back: the plan renews as before. */
export const subscriptionResumedEmail = (
  reader: Reader,
  opts: { tier: TierId; undone: 'cancellation' | 'downgrade'; renewsAt: string },
): OutgoingEmail =>
  brandedEmail({
    to: reader.to,
    subject: `Upwatch: your ${tierOf(opts.tier).name} subscription continues`,
    heading: opts.undone === 'cancellation' ? 'Subscription resumed' : 'Downgrade undone',
    tone: 'ok',
    paragraphs: [
      opts.undone === 'cancellation'
        ? `Your Upwatch ${tierOf(opts.tier).name} subscription is no longer cancelled.`
        : `Your scheduled downgrade is undone: you stay on the ${tierOf(opts.tier).name} plan.`,
      `It renews on ${formatEmailDate(opts.renewsAt, reader.timezone)} at the same price, as before.`,
    ],
    action: { label: 'Manage subscription', url: subscriptionSettingsLink(reader.appUrl) },
  });

/**
 * Tells the user that a new checkout's subscription replaced their live one, which was cancelled at
 * its provider at once (docs/billing.md "Subscription states"): the old one is not charged again.
 */
export const subscriptionReplacedEmail = (
  reader: Reader,
  opts: {
    old: { tier: TierId; gateway: PaymentGateway };
    current: { tier: TierId; gateway: PaymentGateway };
    /** The unused part given back (docs/billing.md "Switching the way of paying"); null: none. */
    refunded?: { amount: number; currency: Currency } | null;
  },
): OutgoingEmail => {
  const by = (gateway: PaymentGateway) => (gateway === 'razorpay' ? 'UPI' : 'card');
  const oldName = `${tierOf(opts.old.tier).name} subscription by ${by(opts.old.gateway)}`;
  const newName = `${tierOf(opts.current.tier).name} subscription by ${by(opts.current.gateway)}`;
  return brandedEmail({
    to: reader.to,
    subject: `Upwatch: your ${oldName} has ended`,
    heading: 'Previous subscription ended',
    tone: 'ok',
    paragraphs: [
      `Your ${newName} is active now, so your ${oldName} was cancelled at once. It will not be charged again.`,
      ...(opts.refunded
        ? [`The unused part of its period, ${formatAmount(opts.refunded.amount, opts.refunded.currency)}, is refunded to your ${by(opts.old.gateway) === 'UPI' ? 'UPI account' : 'card'}.`]
        : []),
      opts.refunded ? 'You can see both payments and the refund in Settings.' : 'You can see both payments in Settings.',
    ],
    action: { label: 'Manage subscription', url: subscriptionSettingsLink(reader.appUrl) },
  });
};
