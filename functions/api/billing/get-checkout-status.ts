import { CheckoutIdParam, CheckoutStatusQuery } from '../../../shared/billing/schemas.js';
import { notFound } from '../../../shared/errors.js';
import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { checkoutStatus } from '../../services/billing/checkout-status.js';

export const handler = apiHandler({ query: CheckoutStatusQuery }, async ({ ctx, query, pathParameters }) => {
  const id = CheckoutIdParam.safeParse(pathParameters.id);
  if (!id.success) throw notFound('Checkout');
  return ok(await checkoutStatus({ ctx, id: id.data, gateway: query.gateway }));
});
