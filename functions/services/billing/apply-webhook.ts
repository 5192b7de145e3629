import { AppError } from '../../../shared/errors.js';
import type { PaymentGateway } from '../../../shared/billing/payments.js';
import { logger } from '../../observability/logger.js';
import { findPaymentRef } from '../../repositories/payment-repository.js';
import { takeRateLimitSlot } from '../../repositories/rate-limit-repository.js';
import { applyWebhookEventOnce, type WebhookOutcome } from '../../repositories/webhook-event-repository.js';
import { recordApplicationError } from '../operations/record-application-error.js';
import { fixedWindow, type RateLimitRule } from '../rate-limit.js';
import { providerFor } from './providers/index.js';
import { InvalidWebhook, type PaymentProvider, type ProviderEvent, type ProviderSubscription } from './providers/payment-provider.js';
import { recordReportedPayment, settlePayment } from './record-payment.js';
import { sendReceiptOnce } from './receipts.js';
import { applyProviderSubscription } from './sync-subscription.js';

/**
 * Refused webhooks in the operators' error log (docs/admin.md): a wrong webhook secret refuses every
 * real payment event, so it must be seen; but the route is public, so at most a few entries per
 * gateway and hour, and forged posts cannot flood the log.
 */
export const REFUSED_WEBHOOK_ENTRIES: RateLimitRule = { scope: 'webhook_refused_log', limit: 5, windowSeconds: 60 * 60 };

const recordRefusedWebhook = async (gateway: PaymentGateway, reason: string, now: Date): Promise<void> => {
  try {
    const window = fixedWindow(now, REFUSED_WEBHOOK_ENTRIES.windowSeconds);
    const slot = await takeRateLimitSlot({
      scope: REFUSED_WEBHOOK_ENTRIES.scope,
      subject: gateway,
      windowStart: window.start,
      windowEnd: window.end,
      limit: REFUSED_WEBHOOK_ENTRIES.limit,
    });
    if (!slot) return;
  } catch (error) {
    // The 400 stands whatever happens here.
    logger.error('Could not count a refused webhook for the error log', { gateway, error });
    return;
  }
  await recordApplicationError({
    type: 'payment_error',
    message: `A ${gateway} webhook was refused (a wrong webhook secret refuses every payment event): ${reason}`,
    context: { gateway, reason },
  });
};

const applyEvent = async (provider: PaymentProvider, event: ProviderEvent, now: Date): Promise<void> => {
  let sub: ProviderSubscription | null = null;
  if (event.subscriptionId) {
    sub = await provider.getSubscription(event.subscriptionId);
    await applyProviderSubscription(sub, now);
  }
  if (event.checkout) {
    const target = await findPaymentRef(provider.gateway, event.checkout.ref);
    if (target) {
      const status = event.checkout.outcome === 'paid' ? 'completed' : 'cancelled';
      const settled = await settlePayment(target, status, event.checkout.gatewayStatus, now, event.subscriptionId ?? undefined);
      if (settled === 'completed') {
        await sendReceiptOnce(target.userId, target.paymentId, now);
      }
    }
  }
  if (event.payment) await recordReportedPayment(provider.gateway, event.payment, sub, now);
};

/**
 * POST /api/payments/webhooks/{stripe,razorpay} (docs/billing.md "Rules"): verify on the raw
 * bytes, then apply the event once per event id (webhook-event-repository.ts, Powertools
 * Idempotency). What is applied is the provider's CURRENT state of the subscription (read again
 * here), never the event's delta, so order does not matter.
 */
export const handleWebhook = async (
  gateway: PaymentGateway,
  rawBody: Buffer,
  headers: Record<string, string | undefined>,
  now = new Date(),
): Promise<WebhookOutcome> => {
  const provider = providerFor(gateway);
  let event: ProviderEvent;
  try {
    event = await provider.parseWebhook(rawBody, headers);
  } catch (error) {
    if (error instanceof InvalidWebhook) {
      logger.info('Refused a webhook', { gateway, reason: error.message });
      await recordRefusedWebhook(gateway, error.message, now);
      throw new AppError('VALIDATION_FAILED', `Invalid webhook: ${error.message}`);
    }
    throw error;
  }
  return applyWebhookEventOnce({ gateway, eventId: event.id }, () => applyEvent(provider, event, now));
};
