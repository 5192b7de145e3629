import { createHmac } from 'node:crypto';
import type http from 'node:http';
import Stripe from 'stripe';
import { parseForm } from '../form-params.js';
import { close, createRouterServer, html, json, listen, type Request, type Route } from '../http-kit.js';
import { openJsonStore } from '../json-store.js';
import { formatDate, formatMoney } from '../money.js';
import { handleAdvance, readLocalInput, renderSubscriptionsPage } from '../local-pages.js';
import { createWebhookSender, type RetryPolicy, type WebhookSender } from '../webhook-sender.js';
import { createIdempotencyCache } from './idempotency.js';
import { renderCheckoutPage, submitCheckoutPage } from './checkout-page.js';
import { portalSessionOf, renderPortalPage, submitPortalCard } from './portal-page.js';
import { createStripeApiRoutes } from './stripe-api.js';
import { createStripeBilling, type StripeBilling } from './stripe-billing.js';
import { StripeApiError, missingResource, stripeErrorReply } from './stripe-errors.js';
import { emptyStripeState, type StripeState } from './stripe-state.js';

/**
 * The local Stripe: the API subset of docs/billing.md on `/v1`, the hosted checkout page on
 * `/checkout/<session id>`, signed webhooks to `webhookUrl`, and the local extras on `/_local`.
 */
export const LOCAL_STRIPE_SECRET_KEY = 'sk_test_upwatch_local';
export const LOCAL_STRIPE_WEBHOOK_SECRET = 'whsec_upwatch_local';

export interface StripeServerOptions {
  /** 0 picks a free port (tests). */
  port: number;
  /** The JSON file the state is kept in; null keeps it in memory. */
  stateFile: string | null;
  secretKey?: string;
  webhookSecret?: string;
  /** Where events are POSTed; null queues them until `setWebhookUrl`. */
  webhookUrl: string | null;
  retry?: RetryPolicy;
  log?: (line: string) => void;
}

export interface LocalStripe {
  url: string;
  secretKey: string;
  webhookSecret: string;
  billing: StripeBilling;
  webhooks: WebhookSender;
  state(): StripeState;
  setWebhookUrl(url: string | null): void;
  close(): Promise<void>;
}

const API_VERSION = Stripe.API_VERSION;

/** Stripe's signature header: `t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. */
export const stripeSignatureHeader = (body: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string =>
  `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex')}`;

const authError = (request: Request, secretKey: string): StripeApiError | null => {
  const header = request.headers.authorization ?? '';
  const bearer = /^Bearer (.+)$/i.exec(header)?.[1] ?? (/^Basic (.+)$/i.test(header) ? Buffer.from(header.slice(6), 'base64').toString().split(':')[0] : undefined);
  if (!bearer) {
    return new StripeApiError(401, 'invalid_request_error', "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').");
  }
  if (bearer !== secretKey) {
    return new StripeApiError(401, 'invalid_request_error', `Invalid API Key provided: ${bearer.slice(0, 8)}${'*'.repeat(Math.max(bearer.length - 12, 4))}${bearer.slice(-4)}`);
  }
  return null;
};

export const startStripeServer = async (opts: StripeServerOptions): Promise<LocalStripe> => {
  const secretKey = opts.secretKey ?? LOCAL_STRIPE_SECRET_KEY;
  const webhookSecret = opts.webhookSecret ?? LOCAL_STRIPE_WEBHOOK_SECRET;
  const store = openJsonStore(opts.stateFile, emptyStripeState);
  let webhookUrl = opts.webhookUrl;
  let publicUrl = '';
  const webhooks = createWebhookSender({
    name: 'stripe',
    target: () => webhookUrl,
    headersFor: (delivery) => ({ 'stripe-signature': stripeSignatureHeader(delivery.body, webhookSecret) }),
    pending: () => store.state.deliveries,
    save: () => store.save(),
    ...(opts.retry ? { retry: opts.retry } : {}),
    ...(opts.log ? { log: opts.log } : {}),
  });
  const billing = createStripeBilling({ store, sender: webhooks, apiVersion: API_VERSION });
  const apiRoutes = createStripeApiRoutes({ store, billing, publicUrl: () => publicUrl });
  const state = () => store.state;
  const sessionOf = (id: string) => {
    const session = state().sessions[id];
    if (!session) throw missingResource('checkout.session', id, 'session');
    return session;
  };
  const toErrorReply = (error: unknown) => {
    if (error instanceof StripeApiError) return stripeErrorReply(error);
    console.error('[stripe local] internal error:', error);
    return stripeErrorReply(new StripeApiError(500, 'api_error', 'An unexpected error occurred in the local Stripe.'));
  };
  const idempotency = createIdempotencyCache();
  const apiHeaders = (request: Request) => ({ 'stripe-version': String(request.headers['stripe-version'] ?? API_VERSION), 'request-id': `req_local${Date.now()}` });

  const routes: Route[] = [
    // The API: every route behind the secret key, answers carry Stripe's headers.
    ...apiRoutes.map((route) => ({
      ...route,
      handler: async (request: Request) => {
        const denied = authError(request, secretKey);
        const reply = denied ? stripeErrorReply(denied) : await idempotency.run(request, async () => route.handler(request)).catch(toErrorReply);
        reply.headers = { ...reply.headers, ...apiHeaders(request) };
        return reply;
      },
    })),
    {
      method: 'GET',
      pattern: '/checkout/:id',
      handler: (request) => {
        billing.expireDueSessions();
        return renderCheckoutPage(state(), sessionOf(request.params.id as string));
      },
    },
    {
      method: 'POST',
      pattern: '/checkout/:id',
      handler: (request) => {
        const form = parseForm(request.body.toString('utf8'));
        const cardNumber = typeof form.card_number === 'string' ? form.card_number : '';
        const cardExpiry = typeof form.card_expiry === 'string' ? form.card_expiry : '';
        return submitCheckoutPage(state(), billing, sessionOf(request.params.id as string), cardNumber, cardExpiry);
      },
    },
    // The customer portal page of a billing portal session (its `url`), as billing.stripe.com/p/session/... is.
    {
      method: 'GET',
      pattern: '/p/session/:id',
      handler: (request) => renderPortalPage(state(), portalSessionOf(state(), request.params.id as string), { saved: /(^|&)updated=1(&|$)/.test(request.rawQuery) }),
    },
    {
      method: 'POST',
      pattern: '/p/session/:id',
      handler: (request) => {
        const form = parseForm(request.body.toString('utf8'));
        const text = (value: unknown) => (typeof value === 'string' ? value : '');
        return submitPortalCard(state(), billing, portalSessionOf(state(), request.params.id as string), { number: text(form.card_number), expiry: text(form.card_expiry) });
      },
    },
    { method: 'POST', pattern: '/_local/advance', handler: (request) => handleAdvance(request, billing.advance, toErrorReply) },
    {
      method: 'POST',
      pattern: '/_local/expire',
      handler: (request) => json(200, billing.expireSession(String(readLocalInput(request)?.session_id ?? ''))),
    },
    { method: 'GET', pattern: '/_local/subscriptions.json', handler: () => json(200, Object.values(state().subscriptions)) },
    // Webhooks not yet answered with a 2xx (tests wait for a subscription's to be handled).
    {
      method: 'GET',
      pattern: '/_local/webhooks.json',
      handler: () => json(200, state().deliveries.map(({ eventId, key, attempts }) => ({ event_id: eventId, subscription_id: key, attempts }))),
    },
    {
      method: 'GET',
      pattern: '/_local/subscriptions',
      handler: () =>
        renderSubscriptionsPage({
          title: 'Local Stripe: subscriptions',
          help: 'Each button moves that subscription to its period end and renews it (paid or failed), sending the webhooks Stripe would. A past-due one retries its open invoice instead; the 4th failure ends it.',
          rows: Object.values(state().subscriptions)
            .sort((a, b) => b.created - a.created)
            .map((subscription) => {
              const item = subscription.items.data[0];
              const product = item ? state().products[item.price.product] : undefined;
              const invoice = state().invoices[subscription.latest_invoice ?? ''];
              return {
                id: subscription.id,
                status: subscription.status,
                plan: item ? `${product?.name ?? item.price.id} ${formatMoney(item.price.unit_amount, item.price.currency)}/${item.price.recurring.interval}` : '-',
                customer: state().customers[subscription.customer]?.email ?? subscription.customer,
                periodEnd: formatDate(item?.current_period_end),
                notes: [
                  subscription.cancel_at_period_end ? 'cancels at period end' : '',
                  invoice && invoice.status === 'open' ? `open invoice, ${invoice.attempt_count} failed attempt(s)` : '',
                  Object.entries(subscription.metadata).map(([key, value]) => `${key}=${value}`).join(' '),
                ].filter(Boolean).join('; '),
              };
            }),
        }),
    },
    { method: 'GET', pattern: '/', handler: () => html(200, '<!doctype html><title>Local Stripe</title><p>Local Stripe. <a href="/_local/subscriptions">Subscriptions</a></p>') },
  ];

  const server: http.Server = createRouterServer({
    routes,
    notFound: (request) =>
      stripeErrorReply(new StripeApiError(404, 'invalid_request_error', `Unrecognized request URL (${request.method}: ${request.path}). The local Stripe serves only the calls listed in docs/billing.md.`)),
    onError: (error) => toErrorReply(error),
  });
  const port = await listen(server, opts.port);
  publicUrl = `http://127.0.0.1:${port}`;
  webhooks.resume();
  // Sessions expire after 24 hours, as Stripe's do.
  const expiryTimer = setInterval(() => billing.expireDueSessions(), 60_000);
  expiryTimer.unref();

  return {
    url: publicUrl,
    secretKey,
    webhookSecret,
    billing,
    webhooks,
    state,
    setWebhookUrl(url) {
      webhookUrl = url;
      webhooks.resume();
    },
    async close() {
      clearInterval(expiryTimer);
      webhooks.stop();
      await close(server);
    },
  };
};
