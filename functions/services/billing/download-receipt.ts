import { notFound } from '../../../shared/errors.js';
import { receiptFileName } from '../../../shared/billing/receipts.js';
import { config } from '../../config.js';
import { getPayment } from '../../repositories/payment-repository.js';
import type { CallerContext } from '../context.js';
import { renderReceipt } from './receipt-document.js';

/**
 * GET /api/payments/{id}/receipt (docs/billing.md "Receipts"): the receipt of one of the caller's
 * own completed payments or refunds, as a file. Another user's payment, an unknown id and a payment
 * that moved no money (pending, failed, cancelled) are all 404 "Receipt not found": nothing tells
 * them apart.
 */
export const downloadReceipt = async ({ ctx, paymentId }: { ctx: CallerContext; paymentId: string }): Promise<{ filename: string; html: string }> => {
  const payment = await getPayment(ctx.workspaceId, paymentId);
  if (!payment || (payment.payment_status !== 'completed' && payment.payment_status !== 'refunded')) throw notFound('Receipt');
  const settings = config();
  return {
    filename: receiptFileName(payment),
    html: renderReceipt(payment, {
      buyer: { name: ctx.account.name, email: ctx.account.email },
      sellerEmail: settings.supportEmail,
      appUrl: settings.appUrl,
      timezone: ctx.account.timezone,
    }),
  };
};
