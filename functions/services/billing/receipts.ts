import { config } from '../../config.js';
import { logger } from '../../observability/logger.js';
import { sendEmailWithId } from '../../repositories/mail-repository.js';
import { claimReceipt, getPayment, markReceiptSent } from '../../repositories/payment-repository.js';
import { getUserProfile } from '../../repositories/user-repository.js';
import { receiptEmail } from './billing-emails.js';

/**
 * Mails the receipt of a completed payment once: claimed on the payment record first, marked sent
 * after. A failed mail fails the webhook (the provider retries it; the claim's lease has run out by
 * then), so a receipt is not silently lost.
 */
export const sendReceiptOnce = async (userId: string, paymentId: string, now: Date): Promise<void> => {
  if (!(await claimReceipt(userId, paymentId, now))) return;
  const [payment, profile] = await Promise.all([getPayment(userId, paymentId), getUserProfile(userId)]);
  if (!payment || !profile) return;
  try {
    const messageId = await sendEmailWithId(receiptEmail({ to: profile.email, timezone: profile.timezone, appUrl: config().appUrl }, payment));
    await markReceiptSent(userId, paymentId, new Date(), messageId);
  } catch (error) {
    logger.error('Could not mail a receipt', { userId, paymentId, error });
    throw error;
  }
};
