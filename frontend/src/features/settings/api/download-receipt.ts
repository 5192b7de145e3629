import { receiptFileName } from '@shared/billing/receipts.js';
import { downloadFrom } from '@/lib/api-client';
import { saveFile } from '@/utils/save-file';

/**
 * GET /api/payments/{id}/receipt (docs/billing.md "Receipts"): the receipt of a completed payment,
 * saved under the name the server gives it (the same rule from shared/ covers an answer without one).
 */
export const downloadReceipt = async (paymentId: string): Promise<string> => {
  const file = await downloadFrom('downloadReceipt', { id: paymentId });
  const filename = file.filename ?? receiptFileName({ id: paymentId });
  saveFile(file.blob, filename);
  return filename;
};
