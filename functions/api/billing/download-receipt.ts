import { apiHandler } from '../../http/api-handler.js';
import { htmlDownload } from '../../http/responses.js';
import { downloadReceipt } from '../../services/billing/download-receipt.js';

export const handler = apiHandler(null, async ({ ctx, pathParameters }) => {
  const receipt = await downloadReceipt({ ctx, paymentId: pathParameters.id ?? '' });
  return htmlDownload(receipt.filename, receipt.html);
});
