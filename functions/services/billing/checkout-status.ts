import { notFound } from '../../../shared/errors.js';
import type { PaymentGateway } from '../../../shared/billing/payments.js';
import type { CheckoutStatusResponse } from '../../../shared/billing/schemas.js';
import { findPaymentRef, getPayment } from '../../repositories/payment-repository.js';
import type { CallerContext } from '../context.js';
import { providerFor } from './providers/index.js';
import { settlePayment } from './record-payment.js';

/**
 * GET /api/payments/checkout/status/{id}?gateway=: our payment record, refreshed from the provider
 * while it is not final. `paid` only once the webhook has applied the payment (so the tier the
 * user sees next is the new one); a checkout the provider shows expired or cancelled is recorded
 * `cancelled` and answered with that gateway status. Another user's checkout is 404.
 */
export const checkoutStatus = async ({
  ctx,
  id,
  gateway,
}: {
  ctx: CallerContext;
  id: string;
  gateway: PaymentGateway;
}): Promise<CheckoutStatusResponse> => {
  const ref = await findPaymentRef(gateway, id);
  if (!ref || ref.userId !== ctx.workspaceId) throw notFound('Checkout');
  const payment = await getPayment(ref.userId, ref.paymentId);
  if (!payment) throw notFound('Checkout');

  if (payment.payment_status === 'completed') return { payment_status: 'paid', gateway_status: payment.gateway_status };
  if (payment.payment_status === 'failed' || payment.payment_status === 'cancelled') {
    return { payment_status: 'unpaid', gateway_status: payment.gateway_status };
  }
  const view = await providerFor(gateway).viewCheckout(id);
  if (view.outcome === 'over') {
    await settlePayment(ref, 'cancelled', view.gatewayStatus, new Date());
    return { payment_status: 'unpaid', gateway_status: view.gatewayStatus };
  }
  // Paid at the provider, not yet applied by its webhook: still pending for us.
  return { payment_status: view.outcome === 'paid' ? 'pending' : 'unpaid', gateway_status: view.gatewayStatus };
};

/**
 * POST /api/payments/checkout/cancel {payment_id}: the user came back from the card checkout by
 * its Cancel link, or closed the UPI popup. The checkout is ended at the provider at once (the
 * Stripe session expired, the unpaid Razorpay subscription cancelled) and its record becomes
 * `cancelled`, rather than staying `pending` until the session would time out (24 h). One paid
 * meanwhile is left alone (its webhook completes it). Answers like the status call; another
 * user's payment, or one that is not a checkout, is 404.
 */
export const cancelCheckout = async ({ ctx, paymentId }: { ctx: CallerContext; paymentId: string }): Promise<CheckoutStatusResponse> => {
  const payment = await getPayment(ctx.workspaceId, paymentId);
  if (!payment || payment.kind !== 'checkout' || !payment.gateway_ref) throw notFound('Checkout');
  if (payment.payment_status === 'completed') return { payment_status: 'paid', gateway_status: payment.gateway_status };
  if (payment.payment_status === 'failed' || payment.payment_status === 'cancelled') {
    return { payment_status: 'unpaid', gateway_status: payment.gateway_status };
  }
  const view = await providerFor(payment.payment_gateway).abandonCheckout(payment.gateway_ref);
  if (view.outcome === 'over') {
    await settlePayment({ userId: ctx.workspaceId, paymentId }, 'cancelled', view.gatewayStatus, new Date());
    return { payment_status: 'unpaid', gateway_status: view.gatewayStatus };
  }
  return { payment_status: view.outcome === 'paid' ? 'pending' : 'unpaid', gateway_status: view.gatewayStatus };
};
