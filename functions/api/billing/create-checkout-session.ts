import { CheckoutSessionInput } from '../../../shared/billing/schemas.js';
import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { startCheckout } from '../../services/billing/start-checkout.js';

export const handler = apiHandler(CheckoutSessionInput, async ({ ctx, body }) => ok(await startCheckout({ ctx, input: body })));
