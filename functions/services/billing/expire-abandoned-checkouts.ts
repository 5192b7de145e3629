import { logger } from '../../observability/logger.js';
import { listPendingPaymentsBefore } from '../../repositories/payment-list-repository.js';
import { CHECKOUT_WINDOW_SECONDS } from './checkout-window.js';
import { providerFor } from './providers/index.js';
import { settlePayment } from './record-payment.js';

/** After the window, a little more for the provider's own expiry and its webhook to land first. */
const SWEEP_GRACE_MS = 5 * 60_000;

/**
 * The abandoned-checkout sweep, a step of the period-end job (every 15 minutes; docs/billing.md
 * "Abandoned checkouts"): a checkout still `pending` after its window was given up on without a
 * word (a closed tab; Razorpay sends no webhook when a subscription expires, and a Stripe
 * `checkout.session.expired` may have been lost). It is ended at its provider if still open and
 * recorded `cancelled` (shown as Abandoned); one paid meanwhile is left for its webhook.
 */
export const expireAbandonedCheckouts = async (now: Date): Promise<{ abandoned: number; failed: number }> => {
  const result = { abandoned: 0, failed: 0 };
  const cutoff = new Date(now.getTime() - CHECKOUT_WINDOW_SECONDS * 1000 - SWEEP_GRACE_MS);
  for (const payment of await listPendingPaymentsBefore(cutoff)) {
    if (payment.kind !== 'checkout' || !payment.gateway_ref) continue;
    try {
      const view = await providerFor(payment.payment_gateway).abandonCheckout(payment.gateway_ref);
      if (view.outcome !== 'over') continue;
      await settlePayment({ userId: payment.user_id, paymentId: payment.id }, 'cancelled', view.gatewayStatus, now);
      result.abandoned++;
    } catch (error) {
      result.failed++;
      logger.error('Could not expire an abandoned checkout', { userId: payment.user_id, paymentId: payment.id, error });
    }
  }
  return result;
};
