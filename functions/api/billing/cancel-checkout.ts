import { CheckoutCancelInput } from '../../../shared/billing/schemas.js';
import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { cancelCheckout } from '../../services/billing/checkout-status.js';

export const handler = apiHandler(CheckoutCancelInput, async ({ ctx, body }) => ok(await cancelCheckout({ ctx, paymentId: body.payment_id })));
