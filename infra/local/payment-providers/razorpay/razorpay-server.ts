import { createHmac } from 'node:crypto';
import type http from 'node:http';
import { close, createRouterServer, html, json, listen, type Request, type Route } from '../http-kit.js';
import { openJsonStore } from '../json-store.js';
import { handleAdvance, renderSubscriptionsPage } from '../local-pages.js';
import { formatDate, formatMoney } from '../money.js';
import { createWebhookSender, type RetryPolicy, type WebhookSender } from '../webhook-sender.js';
import { checkoutScript, payFromPopup, popupScript, renderPopup } from './checkout-popup.js';
import { createRazorpayApiRoutes } from './razorpay-api.js';
import { createRazorpayBilling, type RazorpayBilling } from './razorpay-billing.js';
import { RazorpayApiError, razorpayErrorReply } from './razorpay-errors.js';
import { emptyRazorpayState, type RazorpayState } from './razorpay-state.js';

/**
 * The local Razorpay: the API subset of docs/billing.md on `/v1` (HTTP basic auth with
 * key_id:key_secret), checkout.js and its popup, signed webhooks to `webhookUrl`, and the local
 * extras on `/_local`.
 */
export const LOCAL_RAZORPAY_KEY_ID = 'rzp_test_UpwatchLocal01';
export const LOCAL_RAZORPAY_KEY_SECRET = 'upwatch_local_razorpay_secret';
export const LOCAL_RAZORPAY_WEBHOOK_SECRET = 'upwatch_local_razorpay_webhook_secret';

export interface RazorpayServerOptions {
  port: number;
  stateFile: string | null;
  keyId?: string;
  keySecret?: string;
  webhookSecret?: string;
  webhookUrl: string | null;
  retry?: RetryPolicy;
  log?: (line: string) => void;
}

export interface LocalRazorpay {
  url: string;
  checkoutUrl: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  billing: RazorpayBilling;
  webhooks: WebhookSender;
  state(): RazorpayState;
  setWebhookUrl(url: string | null): void;
  close(): Promise<void>;
}

/** Razorpay's webhook signature: `X-Razorpay-Signature` = hex HMAC-SHA256(webhook secret, raw body). */
export const razorpayWebhookSignature = (body: string, secret: string): string => createHmac('sha256', secret).update(body).digest('hex');

const authenticated = (request: Request, keyId: string, keySecret: string): boolean => {
  const match = /^Basic (.+)$/i.exec(request.headers.authorization ?? '');
  if (!match) return false;
  const [id, ...secret] = Buffer.from(match[1] as string, 'base64').toString('utf8').split(':');
  return id === keyId && secret.join(':') === keySecret;
};

export const startRazorpayServer = async (opts: RazorpayServerOptions): Promise<LocalRazorpay> => {
  const keyId = opts.keyId ?? LOCAL_RAZORPAY_KEY_ID;
  const keySecret = opts.keySecret ?? LOCAL_RAZORPAY_KEY_SECRET;
  const webhookSecret = opts.webhookSecret ?? LOCAL_RAZORPAY_WEBHOOK_SECRET;
  const store = openJsonStore(opts.stateFile, emptyRazorpayState);
  let webhookUrl = opts.webhookUrl;
  let publicUrl = '';
  const webhooks = createWebhookSender({
    name: 'razorpay',
    target: () => webhookUrl,
    headersFor: (delivery) => ({
      'x-razorpay-signature': razorpayWebhookSignature(delivery.body, webhookSecret),
      'x-razorpay-event-id': delivery.eventId,
    }),
    pending: () => store.state.deliveries,
    save: () => store.save(),
    ...(opts.retry ? { retry: opts.retry } : {}),
    ...(opts.log ? { log: opts.log } : {}),
  });
  const billing = createRazorpayBilling({ store, sender: webhooks, keySecret });
  const state = () => store.state;
  const toErrorReply = (error: unknown) => {
    if (error instanceof RazorpayApiError) return razorpayErrorReply(error);
    console.error('[razorpay local] internal error:', error);
    return razorpayErrorReply(new RazorpayApiError(500, 'We are facing some trouble completing your request at the moment. Please try again shortly.', undefined, 'SERVER_ERROR', 'server_error'));
  };

  const routes: Route[] = [
    { method: 'GET', pattern: '/v1/checkout.js', handler: checkoutScript },
    { method: 'GET', pattern: '/v1/checkout/popup.js', handler: popupScript },
    { method: 'GET', pattern: '/v1/checkout/popup', handler: (request) => renderPopup(state(), request, keyId) },
    { method: 'POST', pattern: '/v1/checkout/pay', handler: (request) => payFromPopup(state(), billing, request, keyId) },
    ...createRazorpayApiRoutes({ store, billing, publicUrl: () => publicUrl }).map((route) => ({
      ...route,
      handler: (request: Request) =>
        authenticated(request, keyId, keySecret) ? route.handler(request) : razorpayErrorReply(new RazorpayApiError(401, 'Authentication failed', undefined, 'BAD_REQUEST_ERROR', 'authentication_failed')),
    })),
    { method: 'POST', pattern: '/_local/advance', handler: (request) => handleAdvance(request, billing.advance, toErrorReply) },
    { method: 'GET', pattern: '/_local/subscriptions.json', handler: () => json(200, Object.values(state().subscriptions)) },
    {
      method: 'GET',
      pattern: '/_local/subscriptions',
      handler: () =>
        renderSubscriptionsPage({
          title: 'Local Razorpay: subscriptions',
          help: 'Each button moves that subscription to its cycle end and charges it (paid or failed), sending the webhooks Razorpay would. A pending one is retried instead; the 4th failure halts it.',
          rows: Object.values(state().subscriptions)
            .sort((a, b) => b.created_at - a.created_at)
            .map((subscription) => {
              const plan = state().plans[subscription.plan_id];
              const extras = state().extras[subscription.id];
              return {
                id: subscription.id,
                status: subscription.status,
                plan: plan ? `${plan.item.name} ${formatMoney(plan.item.amount, plan.item.currency)}/${plan.period}` : subscription.plan_id,
                customer: subscription.customer_id ?? '-',
                periodEnd: formatDate(subscription.current_end),
                notes: [
                  extras?.cancelAtCycleEnd ? 'cancels at cycle end' : '',
                  extras?.scheduledPlanId ? `changes to ${extras.scheduledPlanId} at cycle end` : '',
                  extras?.failedAttempts ? `${extras.failedAttempts} failed attempt(s)` : '',
                  Array.isArray(subscription.notes) ? '' : Object.entries(subscription.notes).map(([key, value]) => `${key}=${value}`).join(' '),
                ].filter(Boolean).join('; '),
              };
            }),
        }),
    },
    { method: 'GET', pattern: '/', handler: () => html(200, '<!doctype html><title>Local Razorpay</title><p>Local Razorpay. <a href="/_local/subscriptions">Subscriptions</a></p>') },
  ];

  const server: http.Server = createRouterServer({
    // Checkouts past their `expire_by` are expired before any request reads or pays one, so every
    // answer shows them as Razorpay would (its state is only seen through requests).
    routes: routes.map((route) => ({
      ...route,
      handler: (request: Request) => {
        billing.expireDueSubscriptions();
        return route.handler(request);
      },
    })),
    notFound: () => razorpayErrorReply(new RazorpayApiError(400, 'The requested URL was not found on the server.', undefined, 'BAD_REQUEST_ERROR', 'NA')),
    onError: (error) => toErrorReply(error),
  });
  const port = await listen(server, opts.port);
  publicUrl = `http://127.0.0.1:${port}`;
  webhooks.resume();

  return {
    url: publicUrl,
    checkoutUrl: `${publicUrl}/v1/checkout.js`,
    keyId,
    keySecret,
    webhookSecret,
    billing,
    webhooks,
    state,
    setWebhookUrl(url) {
      webhookUrl = url;
      webhooks.resume();
    },
    async close() {
      webhooks.stop();
      await close(server);
    },
  };
};
