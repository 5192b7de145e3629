import type { Payment } from './payments.js';

/**
 * Receipts of completed payments (docs/billing.md "Receipts"): our own number for each, the same
 * in the receipt mail and the downloadable document, and the document's file name.
 */

/** "UPW-01JD5K...": the payment record's id (a ULID, so numbers sort by time) under our prefix. */
export const receiptNumber = (payment: Pick<Payment, 'id'>): string => `UPW-${payment.id}`;

/** The file a receipt downloads as: `upwatch-receipt-UPW-<id>.html`. */
export const receiptFileName = (payment: Pick<Payment, 'id'>): string => `upwatch-receipt-${receiptNumber(payment)}.html`;

/** How the payment was made, as a receipt and the history name it: "Card (Stripe)", "UPI (Razorpay)". */
export const paidWithName = (gateway: Payment['payment_gateway']): string => (gateway === 'razorpay' ? 'UPI (Razorpay)' : 'Card (Stripe)');

/** GET /api/payments/{id}/receipt answers a standalone HTML page, saved as `receiptFileName`. */
export type ReceiptDocument = string;

/** POST /api/payments/card-portal: where the browser goes to change the card (Stripe's customer portal). */
export interface CardPortalSession {
  url: string;
}
