import type { Request, Route } from '../http-kit.js';
import { newId, nowSeconds } from '../ids.js';
import { invalidParam, missingParam, missingResource, unsupported } from './stripe-errors.js';
import { sessionLineItems } from './stripe-expand.js';
import { buildSession } from './stripe-objects.js';
import {
  metadataUpdate,
  optionalArray,
  optionalInteger,
  optionalObject,
  optionalString,
  rejectUnknown,
  requiredString,
  validUrl,
} from './stripe-params.js';
import type { StripeApiContext, StripeApiKit } from './stripe-api-kit.js';

const SESSION_LIFETIME_SECONDS = 24 * 60 * 60;

/** `/v1/checkout/sessions`: create a subscription-mode session, retrieve it and its line items, expire it. */
export const createStripeCheckoutRoutes = (ctx: StripeApiContext, kit: StripeApiKit): Route[] => {
  const { state, params, reply } = kit;

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

  return [
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
  ];
};
