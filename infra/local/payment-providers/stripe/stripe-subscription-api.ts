import type { Request, Route } from '../http-kit.js';
import { nowSeconds } from '../ids.js';
import { planOf } from './stripe-billing-objects.js';
import { StripeApiError, invalidParam, missingResource, unsupported } from './stripe-errors.js';
import {
  metadataUpdate,
  optionalArray,
  optionalBoolean,
  optionalInteger,
  optionalObject,
  optionalString,
  rejectUnknown,
  requiredString,
} from './stripe-params.js';
import type { StripeSubscription } from './stripe-state.js';
import type { StripeApiContext, StripeApiKit } from './stripe-api-kit.js';

/** `/v1/subscriptions`: list, retrieve, update (cancel at period end, change price, metadata), cancel. */
export const createStripeSubscriptionRoutes = (ctx: StripeApiContext, kit: StripeApiKit): Route[] => {
  const { state, params, reply, found, newestFirst, listReply, retrieve } = kit;

  const updateSubscription = (request: Request) => {
    const p = params(request);
    rejectUnknown(p, ['cancel_at_period_end', 'items', 'proration_behavior', 'metadata', 'expand']);
    const subscription = found(state().subscriptions, request.params.id as string, 'subscription');
    if (subscription.status === 'canceled') {
      throw new StripeApiError(400, 'invalid_request_error', 'A canceled subscription can only update its cancellation_details and metadata.');
    }
    const proration = optionalString(p.proration_behavior, 'proration_behavior');
    if (proration && !['none', 'create_prorations'].includes(proration)) throw unsupported(`proration_behavior=${proration}`, 'proration_behavior');
    const previous: Record<string, unknown> = {};
    const remember = (field: keyof StripeSubscription) => {
      if (!(field in previous)) previous[field] = structuredClone(subscription[field]);
    };
    const cancelAtPeriodEnd = optionalBoolean(p.cancel_at_period_end, 'cancel_at_period_end');
    if (cancelAtPeriodEnd !== undefined && cancelAtPeriodEnd !== subscription.cancel_at_period_end) {
      remember('cancel_at_period_end');
      remember('cancel_at');
      remember('canceled_at');
      subscription.cancel_at_period_end = cancelAtPeriodEnd;
      subscription.cancel_at = cancelAtPeriodEnd ? (subscription.items.data[0]?.current_period_end ?? null) : null;
      subscription.canceled_at = cancelAtPeriodEnd ? nowSeconds() : null;
    }
    (optionalArray(p.items, 'items') ?? []).forEach((raw, index) => {
      const change = optionalObject(raw, `items[${index}]`) ?? {};
      rejectUnknown(change, ['id', 'price', 'quantity']);
      const itemId = requiredString(change.id, `items[${index}][id]`);
      const item = subscription.items.data.find((candidate) => candidate.id === itemId);
      if (!item) throw missingResource('subscription_item', itemId, `items[${index}][id]`);
      remember('items');
      const priceId = optionalString(change.price, `items[${index}][price]`);
      if (priceId) {
        const price = state().prices[priceId];
        if (!price) throw missingResource('price', priceId, `items[${index}][price]`);
        if (price.currency !== subscription.currency) throw invalidParam(`items[${index}][price]`, 'The price must be in the currency of the subscription.');
        // As on Stripe: the item shows the new price at once; with proration_behavior=none the
        // customer pays it from the next renewal on (the local Stripe never prorates).
        item.price = price;
        item.plan = planOf(price);
      }
      item.quantity = optionalInteger(change.quantity, `items[${index}][quantity]`, 1) ?? item.quantity;
    });
    if (p.metadata !== undefined) {
      remember('metadata');
      subscription.metadata = metadataUpdate(subscription.metadata, p.metadata);
    }
    ctx.store.save();
    if (Object.keys(previous).length > 0) ctx.billing.emitSubscriptionUpdated(subscription, previous);
    return reply(subscription, p);
  };

  const cancelSubscription = (request: Request) => {
    const p = params(request);
    rejectUnknown(p, ['invoice_now', 'prorate', 'cancellation_details', 'expand']);
    const subscription = found(state().subscriptions, request.params.id as string, 'subscription');
    if (subscription.status === 'canceled') {
      throw new StripeApiError(400, 'invalid_request_error', `This subscription is already canceled: ${subscription.id}`, 'resource_missing');
    }
    const now = nowSeconds();
    Object.assign(subscription, {
      status: 'canceled',
      ended_at: now,
      canceled_at: now,
      cancellation_details: { comment: null, feedback: null, reason: 'cancellation_requested' },
    });
    ctx.store.save();
    ctx.billing.emitSubscriptionDeleted(subscription);
    return reply(subscription, p);
  };

  return [
    {
      method: 'GET',
      pattern: '/v1/subscriptions',
      handler: (request) => {
        const p = params(request);
        rejectUnknown(p, ['customer', 'status', 'price', 'limit', 'expand', 'starting_after', 'ending_before']);
        const customer = optionalString(p.customer, 'customer');
        const status = optionalString(p.status, 'status');
        const price = optionalString(p.price, 'price');
        const subscriptions = newestFirst(Object.values(state().subscriptions)).filter(
          (subscription) =>
            (!customer || subscription.customer === customer) &&
            (status === 'all' || (status ? subscription.status === status : subscription.status !== 'canceled')) &&
            (!price || subscription.items.data.some((item) => item.price.id === price)),
        );
        return listReply('/v1/subscriptions', subscriptions, p);
      },
    },
    { method: 'GET', pattern: '/v1/subscriptions/:id', handler: retrieve(() => state().subscriptions, 'subscription') },
    { method: 'POST', pattern: '/v1/subscriptions/:id', handler: updateSubscription },
    { method: 'DELETE', pattern: '/v1/subscriptions/:id', handler: cancelSubscription },
  ];
};
