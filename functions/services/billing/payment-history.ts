import type { PaymentHistoryEntry } from '../../../shared/billing/payments.js';
import { tierOf } from '../../../shared/tiers.js';
import { listUserPayments } from '../../repositories/payment-repository.js';
import type { CallerContext } from '../context.js';

/** GET /api/payments/history: the caller's own payments, newest first (at most 100). */
export const paymentHistory = async ({ ctx }: { ctx: CallerContext }): Promise<{ payments: PaymentHistoryEntry[] }> => ({
  payments: (await listUserPayments(ctx.workspaceId, 100)).map((payment) => ({
    id: payment.id,
    created_at: payment.created_at,
    package_id: payment.package_id,
    plan_name: tierOf(payment.package_id).name,
    billing_period: payment.billing_period,
    amount: payment.amount,
    currency: payment.currency,
    payment_gateway: payment.payment_gateway,
    payment_status: payment.payment_status,
    gateway_status: payment.gateway_status,
    receipt: { reference: payment.gateway_ref, emailed: payment.receipt_sent_at !== null },
  })),
});
