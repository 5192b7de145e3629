import type { PaymentGateway } from '../../../shared/billing/payments.js';
import { publicApiHandler, type RouteHandler } from '../../http/api-handler.js';
import { readRawBody } from '../../http/request-body.js';
import { ok } from '../../http/responses.js';
import { handleWebhook } from '../../services/billing/apply-webhook.js';

/** A provider's webhook route: the raw bytes and headers go to the verifier untouched (no JSON parsing here). */
const webhookHandler = (gateway: PaymentGateway): RouteHandler =>
  publicApiHandler(null, async ({ event }) => ok(await handleWebhook(gateway, readRawBody(event), event.headers ?? {})));

export const stripeWebhook = webhookHandler('stripe');
export const razorpayWebhook = webhookHandler('razorpay');
