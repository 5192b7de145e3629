import type { Route } from '../http-kit.js';
import { createStripeApiKit, type StripeApiContext } from './stripe-api-kit.js';
import { createStripeCheckoutRoutes } from './stripe-checkout-api.js';
import { createStripePortalRoutes } from './stripe-portal-api.js';
import { createStripePriceRoutes } from './stripe-price-api.js';
import { createStripeRefundRoutes } from './stripe-refund-api.js';
import { createStripeSubscriptionRoutes } from './stripe-subscription-api.js';

/**
 * The `/v1` calls of docs/billing.md ("Provider calls the product makes"), as stripe-node sends
 * them: a file per resource that does more than look objects up, the routes in their old order.
 */
export const createStripeApiRoutes = (ctx: StripeApiContext): Route[] => {
  const kit = createStripeApiKit(ctx);
  const { state, retrieve } = kit;
  return [
    ...createStripePriceRoutes(ctx, kit),
    { method: 'GET', pattern: '/v1/products/:id', handler: retrieve(() => state().products, 'product') },
    ...createStripeCheckoutRoutes(ctx, kit),
    ...createStripeSubscriptionRoutes(ctx, kit),
    ...createStripePortalRoutes(ctx, kit),
    ...createStripeRefundRoutes(ctx, kit),
    { method: 'GET', pattern: '/v1/payment_methods/:id', handler: retrieve(() => state().paymentMethods, 'payment_method') },
    { method: 'GET', pattern: '/v1/invoices/:id', handler: retrieve(() => state().invoices, 'invoice') },
    { method: 'GET', pattern: '/v1/customers/:id', handler: retrieve(() => state().customers, 'customer') },
    { method: 'GET', pattern: '/v1/events/:id', handler: retrieve(() => state().events, 'event') },
  ];
};
