import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { paymentHistory } from '../../services/billing/payment-history.js';

export const handler = apiHandler(null, async ({ ctx }) => ok(await paymentHistory({ ctx })));
