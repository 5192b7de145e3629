import { createHmac } from 'node:crypto';
import { nowSeconds } from '../ids.js';
import type { JsonStore } from '../json-store.js';
import { MAX_PAYMENT_ATTEMPTS, addMonths, nextAttemptAt } from '../periods.js';
import type { WebhookSender } from '../webhook-sender.js';
import { buildPayment, buildWebhookEvent, razorpayId } from './razorpay-entities.js';
import { RazorpayApiError, noSuchId } from './razorpay-errors.js';
import type { RazorpayPayment, RazorpayPlan, RazorpayState, RazorpaySubscription } from './razorpay-state.js';

/**
 * What happens inside the local Razorpay besides answering API calls: the checkout popup's UPI
 * payment (success or failure), renewals (charged, pending and retried, halted), cancellation at
 * cycle end and scheduled plan changes, each followed by Razorpay's webhooks, in order per subscription.
 */
export interface CheckoutSuccess {
  razorpay_payment_id: string;
  razorpay_subscription_id: string;
  razorpay_signature: string;
}

export interface CheckoutFailure {
  error: { code: string; description: string; source: string; step: string; reason: string; metadata: { payment_id: string; order_id: string } };
}

export interface RazorpayBilling {
  payFromCheckout(subscriptionId: string, outcome: 'success' | 'failure', contact: { email: string | null; contact: string | null }): CheckoutSuccess | CheckoutFailure;
  advance(subscriptionId: string, outcome: 'paid' | 'failed'): RazorpaySubscription;
  /**
   * A subscription still `created` (never authenticated) whose `expire_by` has passed becomes
   * `expired`, as on Razorpay: its checkout can no longer be paid. Razorpay sends no webhook for it.
   */
  expireDueSubscriptions(): void;
  emit(event: string, subscription: RazorpaySubscription, payment?: RazorpayPayment): void;
}

/** Razorpay's payment signature for subscriptions: hex HMAC-SHA256(key_secret, "<payment id>|<subscription id>"). */
export const subscriptionPaymentSignature = (keySecret: string, paymentId: string, subscriptionId: string): string =>
  createHmac('sha256', keySecret).update(`${paymentId}|${subscriptionId}`).digest('hex');

export const monthsPerCycle = (plan: RazorpayPlan): number => (plan.period === 'yearly' ? 12 : 1) * plan.interval;

export const createRazorpayBilling = (ctx: { store: JsonStore<RazorpayState>; sender: WebhookSender; keySecret: string }): RazorpayBilling => {
  const { store } = ctx;
  const state = () => store.state;

  const emit = (event: string, subscription: RazorpaySubscription, payment?: RazorpayPayment) => {
    const body = JSON.stringify(buildWebhookEvent({ event, subscription, ...(payment ? { payment } : {}) }));
    ctx.sender.send({ eventId: razorpayId('evt'), key: subscription.id, body });
  };

  const lookup = (id: string) => {
    const subscription = state().subscriptions[id];
    const extras = state().extras[id];
    if (!subscription || !extras) throw noSuchId();
    const plan = state().plans[subscription.plan_id]!;
    return { subscription, extras, plan };
  };

  const chargeAmount = (plan: RazorpayPlan, subscription: RazorpaySubscription) => plan.item.amount * subscription.quantity;

  const payment = (subscription: RazorpaySubscription, plan: RazorpayPlan, outcome: 'captured' | 'failed', at: number, renewal: boolean) => {
    const made = buildPayment({
      subscription,
      amount: chargeAmount(plan, subscription),
      currency: plan.item.currency,
      outcome,
      ...(renewal ? { failure: { description: 'Payment processing failed due to error at bank or wallet gateway', source: 'bank', step: 'payment_debit_request' } } : {}),
      email: null,
      contact: null,
      created: at,
    });
    state().payments[made.id] = made;
    return made;
  };

  /** Moves to the next period after a paid charge, and counts it. */
  const startNextPeriod = (subscription: RazorpaySubscription, plan: RazorpayPlan, extras: RazorpayState['extras'][string]) => {
    extras.cycle += 1;
    subscription.current_start = addMonths(extras.anchor, extras.cycle * monthsPerCycle(plan));
    subscription.current_end = addMonths(extras.anchor, (extras.cycle + 1) * monthsPerCycle(plan));
    subscription.charge_at = subscription.paid_count + 1 >= subscription.total_count ? null : subscription.current_end;
    subscription.paid_count += 1;
    subscription.remaining_count = subscription.total_count - subscription.paid_count;
  };

  const applyScheduledChange = (subscription: RazorpaySubscription, extras: RazorpayState['extras'][string]) => {
    if (!extras.scheduledPlanId) return;
    subscription.plan_id = extras.scheduledPlanId;
    subscription.has_scheduled_changes = false;
    subscription.change_scheduled_at = null;
    extras.scheduledPlanId = null;
    store.save();
    emit('subscription.updated', subscription);
  };

  const renew = (id: string, outcome: 'paid' | 'failed') => {
    const { subscription, extras } = lookup(id);
    const periodEnd = subscription.current_end as number;
    extras.now = periodEnd;
    if (extras.cancelAtCycleEnd) {
      Object.assign(subscription, { status: 'cancelled', ended_at: periodEnd, charge_at: null });
      store.save();
      emit('subscription.cancelled', subscription);
      return;
    }
    if (subscription.paid_count >= subscription.total_count) {
      Object.assign(subscription, { status: 'completed', ended_at: periodEnd, charge_at: null });
      store.save();
      emit('subscription.completed', subscription);
      return;
    }
    // A plan change scheduled for the cycle end takes effect before this charge.
    applyScheduledChange(subscription, extras);
    const plan = state().plans[subscription.plan_id]!;
    if (outcome === 'paid') {
      const paid = payment(subscription, plan, 'captured', periodEnd, true);
      startNextPeriod(subscription, plan, extras);
      store.save();
      emit('subscription.charged', subscription, paid);
      return;
    }
    const failed = payment(subscription, plan, 'failed', periodEnd, true);
    extras.failedAttempts = 1;
    extras.firstFailureAt = periodEnd;
    subscription.status = 'pending';
    subscription.charge_at = nextAttemptAt(periodEnd, 1);
    store.save();
    emit('payment.failed', subscription, failed);
    emit('subscription.pending', subscription);
  };

  const retry = (id: string, outcome: 'paid' | 'failed') => {
    const { subscription, extras, plan } = lookup(id);
    const at = subscription.charge_at as number;
    extras.now = at;
    if (outcome === 'paid') {
      const paid = payment(subscription, plan, 'captured', at, true);
      subscription.status = 'active';
      extras.failedAttempts = 0;
      extras.firstFailureAt = null;
      startNextPeriod(subscription, plan, extras);
      store.save();
      emit('subscription.charged', subscription, paid);
      emit('subscription.activated', subscription);
      return;
    }
    const failed = payment(subscription, plan, 'failed', at, true);
    extras.failedAttempts += 1;
    const next = extras.failedAttempts >= MAX_PAYMENT_ATTEMPTS ? null : nextAttemptAt(extras.firstFailureAt ?? at, extras.failedAttempts);
    subscription.charge_at = next;
    if (next === null) {
      subscription.status = 'halted';
      subscription.ended_at = at;
    }
    store.save();
    emit('payment.failed', subscription, failed);
    emit(next === null ? 'subscription.halted' : 'subscription.pending', subscription);
  };

  return {
    expireDueSubscriptions() {
      const now = nowSeconds();
      let changed = false;
      for (const subscription of Object.values(state().subscriptions)) {
        if (subscription.status === 'created' && subscription.expire_by !== null && subscription.expire_by <= now) {
          subscription.status = 'expired';
          subscription.ended_at = now;
          changed = true;
        }
      }
      if (changed) store.save();
    },

    payFromCheckout(subscriptionId, outcome, contact) {
      const { subscription, extras, plan } = lookup(subscriptionId);
      if (subscription.status !== 'created') {
        throw new RazorpayApiError(400, `Subscription cannot be authenticated in ${subscription.status} status.`);
      }
      const now = nowSeconds();
      if (outcome === 'failure') {
        const failed = buildPayment({ subscription, amount: chargeAmount(plan, subscription), currency: plan.item.currency, outcome: 'failed', created: now, ...contact });
        state().payments[failed.id] = failed;
        subscription.auth_attempts += 1;
        store.save();
        emit('payment.failed', subscription, failed);
        return {
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: 'Payment failed',
            source: 'customer',
            step: 'payment_authentication',
            reason: 'payment_failed',
            metadata: { payment_id: failed.id, order_id: failed.order_id as string },
          },
        };
      }
      // Authentication charges the first period at once (no start_at): authenticated, activated, charged.
      const paid = buildPayment({ subscription, amount: chargeAmount(plan, subscription), currency: plan.item.currency, outcome: 'captured', created: now, ...contact });
      state().payments[paid.id] = paid;
      subscription.customer_id = razorpayId('cust');
      paid.customer_id = subscription.customer_id;
      subscription.payment_method = 'upi';
      subscription.status = 'authenticated';
      store.save();
      emit('subscription.authenticated', subscription);
      Object.assign(extras, { now, anchor: now, cycle: -1 });
      subscription.status = 'active';
      subscription.start_at = now;
      subscription.end_at = addMonths(now, subscription.total_count * monthsPerCycle(plan));
      startNextPeriod(subscription, plan, extras);
      store.save();
      emit('subscription.activated', subscription);
      emit('subscription.charged', subscription, paid);
      return {
        razorpay_payment_id: paid.id,
        razorpay_subscription_id: subscription.id,
        razorpay_signature: subscriptionPaymentSignature(ctx.keySecret, paid.id, subscription.id),
      };
    },

    advance(subscriptionId, outcome) {
      const { subscription } = lookup(subscriptionId);
      if (subscription.status === 'active') renew(subscriptionId, outcome);
      else if (subscription.status === 'pending') retry(subscriptionId, outcome);
      else throw new RazorpayApiError(400, `Subscription ${subscriptionId} is ${subscription.status}; only active or pending subscriptions renew.`);
      return subscription;
    },

    emit,
  };
};
