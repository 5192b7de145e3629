import { parseForm } from '../form-params.js';
import { json, type Request, type Route } from '../http-kit.js';
import { newId, nowSeconds } from '../ids.js';
import type { JsonStore } from '../json-store.js';
import type { StripeBilling } from './stripe-billing.js';
import { StripeApiError, invalidParam, missingParam, missingResource, unsupported } from './stripe-errors.js';
import { expand, sessionLineItems } from './stripe-expand.js';
import { planOf } from './stripe-billing-objects.js';
import { buildPrice, buildProduct, buildSession, list } from './stripe-objects.js';
import {
  metadataUpdate,
  optionalArray,
  optionalBoolean,
  optionalInteger,
  optionalObject,
  optionalString,
  rejectUnknown,
  requiredString,
  stringArray,
  validUrl,
  type Params,
} from './stripe-params.js';
import type { StripeState, StripeSubscription } from './stripe-state.js';

/** The `/v1` calls of docs/billing.md ("Provider calls the product makes"), as stripe-node sends them. */
const SESSION_LIFETIME_SECONDS = 24 * 60 * 60;

export const createStripeApiRoutes = (ctx: { store: JsonStore<StripeState>; billing: StripeBilling; publicUrl: () => string }): Route[] => {
  const state = () => ctx.store.state;
  const params = (request: Request): Params =>
    parseForm(request.method === 'GET' || request.method === 'DELETE' ? request.rawQuery : request.body.toString('utf8'));
  const expansions = (p: Params) => stringArray(p.expand, 'expand');
  const reply = (object: unknown, p: Params) => json(200, expand(state(), object, expansions(p)));
  const found = <T>(table: Record<string, T>, id: string, kind: string): T => {
    const object = table[id];
    if (!object) throw missingResource(kind, id);
    return object;
  };
  const limitOf = (p: Params) => {
    const limit = optionalInteger(p.limit, 'limit', 1) ?? 10;
    if (limit > 100) throw invalidParam('limit', 'This value must be less than or equal to 100.');
    return limit;
  };
  const newestFirst = <T extends { created: number }>(objects: T[]) => [...objects].sort((a, b) => b.created - a.created);
  const listReply = <T>(url: string, objects: T[], p: Params) => {
    const limit = limitOf(p);
    return json(200, expand(state(), list(url, objects.slice(0, limit), objects.length > limit), expansions(p)));
  };

  const createPrice = (request: Request) => {
    const p = params(request);
    rejectUnknown(p, ['currency', 'unit_amount', 'recurring', 'product', 'product_data', 'lookup_key', 'transfer_lookup_key', 'nickname', 'metadata', 'active', 'expand']);
    const currency = requiredString(p.currency, 'currency').toLowerCase();
    const unitAmount = optionalInteger(p.unit_amount, 'unit_amount');
    if (unitAmount === undefined) throw missingParam('unit_amount');
    const recurring = optionalObject(p.recurring, 'recurring');
    if (!recurring) throw unsupported('One-time prices are not supported; pass recurring[interval]', 'recurring');
    const interval = requiredString(recurring.interval, 'recurring[interval]');
    if (interval !== 'month' && interval !== 'year') throw unsupported(`recurring[interval]=${interval}: only month and year`, 'recurring[interval]');
    if ((optionalInteger(recurring.interval_count, 'recurring[interval_count]', 1) ?? 1) !== 1) throw unsupported('recurring[interval_count] other than 1', 'recurring[interval_count]');
    const now = nowSeconds();
    let productId = optionalString(p.product, 'product');
    if (productId) found(state().products, productId, 'product');
    else {
      const productData = optionalObject(p.product_data, 'product_data');
      if (!productData) throw missingParam('product');
      const product = buildProduct(requiredString(productData.name, 'product_data[name]'), now);
      state().products[product.id] = product;
      productId = product.id;
    }
    const lookupKey = optionalString(p.lookup_key, 'lookup_key') ?? null;
    const holder = lookupKey ? Object.values(state().prices).find((price) => price.lookup_key === lookupKey) : undefined;
    if (holder) {
      if (optionalBoolean(p.transfer_lookup_key, 'transfer_lookup_key') !== true) {
        throw invalidParam('lookup_key', `A price (\`${holder.id}\`) already uses that lookup key.`);
      }
      holder.lookup_key = null;
    }
    const price = buildPrice({
      product: productId,
      currency,
      unitAmount,
      interval,
      lookupKey,
      nickname: optionalString(p.nickname, 'nickname') ?? null,
      metadata: metadataUpdate({}, p.metadata),
      created: now,
    });
    state().prices[price.id] = price;
    ctx.store.save();
    return reply(price, p);
  };

  const listPrices = (request: Request) => {
    const p = params(request);
    rejectUnknown(p, ['lookup_keys', 'active', 'currency', 'product', 'type', 'limit', 'expand', 'starting_after', 'ending_before']);
    const lookupKeys = p.lookup_keys === undefined ? undefined : stringArray(p.lookup_keys, 'lookup_keys');
    const active = optionalBoolean(p.active, 'active');
    const currency = optionalString(p.currency, 'currency');
    const product = optionalString(p.product, 'product');
    const prices = newestFirst(Object.values(state().prices)).filter(
      (price) =>
        (!lookupKeys || (price.lookup_key !== null && lookupKeys.includes(price.lookup_key))) &&
        (active === undefined || price.active === active) &&
        (!currency || price.currency === currency) &&
        (!product || price.product === product),
    );
    return listReply('/v1/prices', prices, p);
  };

  const createSession = (request: Request) => {
    const p = params(request);
    rejectUnknown(p, [
      'mode', 'line_items', 'customer_email', 'client_reference_id', 'metadata', 'subscription_data', 'success_url',
      'cancel_url', 'expires_at', 'payment_method_types', 'locale', 'allow_promotion_codes', 'expand',
    ]);
    const mode = requiredString(p.mode, 'mode');
    if (mode !== 'subscription') throw unsupported(`mode=${mode}: only subscription`, 'mode');
    const lines = optionalArray(p.line_items, 'line_items') ?? [];
    if (lines.length === 0) throw missingParam('line_items');
    const lineItems = lines.map((raw, index) => {
      const line = optionalObject(raw, `line_items[${index}]`) ?? {};
      if (line.price_data) throw unsupported('line_items[].price_data', `line_items[${index}][price_data]`);
      const priceId = requiredString(line.price, `line_items[${index}][price]`);
      const price = state().prices[priceId];
      if (!price) throw missingResource('price', priceId, `line_items[${index}][price]`);
      return { price, quantity: optionalInteger(line.quantity, `line_items[${index}][quantity]`, 1) ?? 1 };
    });
    const currencies = new Set(lineItems.map((line) => line.price.currency));
    if (currencies.size > 1) throw invalidParam('line_items', 'All prices on a Checkout Session must have the same currency.');
    const successUrl = validUrl(requiredString(p.success_url, 'success_url'), 'success_url');
    const cancelUrl = p.cancel_url === undefined ? null : validUrl(requiredString(p.cancel_url, 'cancel_url'), 'cancel_url');
    const customerEmail = optionalString(p.customer_email, 'customer_email') ?? null;
    if (customerEmail !== null && !/^[^@\s]+@[^@\s]+$/.test(customerEmail)) throw invalidParam('customer_email', 'Invalid email address: ' + customerEmail);
    const clientReferenceId = optionalString(p.client_reference_id, 'client_reference_id') ?? null;
    if (clientReferenceId !== null && clientReferenceId.length > 200) throw invalidParam('client_reference_id', 'client_reference_id can be at most 200 characters.');
    const now = nowSeconds();
    const expiresAt = optionalInteger(p.expires_at, 'expires_at') ?? now + SESSION_LIFETIME_SECONDS;
    if (expiresAt < now + 30 * 60 || expiresAt > now + SESSION_LIFETIME_SECONDS) {
      throw invalidParam('expires_at', 'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.');
    }
    const subscriptionData = optionalObject(p.subscription_data, 'subscription_data') ?? {};
    rejectUnknown(subscriptionData, ['metadata', 'description']);
    const id = newId('cs_test', 58);
    const session = buildSession({
      id,
      url: `${ctx.publicUrl()}/checkout/${id}`,
      amount: lineItems.reduce((sum, line) => sum + line.price.unit_amount * line.quantity, 0),
      currency: lineItems[0]!.price.currency,
      created: now,
      expiresAt,
      customerEmail,
      clientReferenceId,
      metadata: metadataUpdate({}, p.metadata),
      successUrl,
      cancelUrl,
    });
    state().sessions[id] = session;
    state().sessionExtras[id] = {
      lineItems: lineItems.map((line) => ({ price: line.price.id, quantity: line.quantity })),
      subscriptionMetadata: metadataUpdate({}, subscriptionData.metadata, 'subscription_data[metadata]'),
    };
    ctx.store.save();
    return reply(session, p);
  };

  const sessionOf = (id: string) => {
    const session = state().sessions[id];
    if (!session) throw missingResource('checkout.session', id, 'session');
    return session;
  };

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

  const retrieve = <T>(table: () => Record<string, T>, kind: string) => (request: Request) => {
    const p = params(request);
    rejectUnknown(p, ['expand']);
    return reply(found(table(), request.params.id as string, kind), p);
  };

  return [
    { method: 'GET', pattern: '/v1/prices', handler: listPrices },
    { method: 'POST', pattern: '/v1/prices', handler: createPrice },
    { method: 'GET', pattern: '/v1/prices/:id', handler: retrieve(() => state().prices, 'price') },
    { method: 'GET', pattern: '/v1/products/:id', handler: retrieve(() => state().products, 'product') },
    { method: 'POST', pattern: '/v1/checkout/sessions', handler: createSession },
    {
      method: 'GET',
      pattern: '/v1/checkout/sessions/:id',
      handler: (request) => {
        const p = params(request);
        rejectUnknown(p, ['expand']);
        ctx.billing.expireDueSessions();
        return reply(sessionOf(request.params.id as string), p);
      },
    },
    {
      method: 'GET',
      pattern: '/v1/checkout/sessions/:id/line_items',
      handler: (request) => {
        const p = params(request);
        return reply(sessionLineItems(state(), sessionOf(request.params.id as string)), p);
      },
    },
    {
      method: 'POST',
      pattern: '/v1/checkout/sessions/:id/expire',
      handler: (request) => reply(ctx.billing.expireSession(request.params.id as string), params(request)),
    },
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
    { method: 'GET', pattern: '/v1/invoices/:id', handler: retrieve(() => state().invoices, 'invoice') },
    { method: 'GET', pattern: '/v1/customers/:id', handler: retrieve(() => state().customers, 'customer') },
    { method: 'GET', pattern: '/v1/events/:id', handler: retrieve(() => state().events, 'event') },
  ];
};
