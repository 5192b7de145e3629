import type { CheckoutStatusResponse } from '@shared/billing/schemas.js';
import { PAYMENT_TEXT } from '@/lib/payment-texts';

/** docs/product-rules.md "Payment verification": after a return from checkout the status is polled every 2 s, at most 10 times. */
export const PAYMENT_POLL_INTERVAL_MS = 2_000;
export const PAYMENT_POLL_MAX_ATTEMPTS = 10;

export type ReturnGateway = 'stripe' | 'razorpay';

/** GET /api/payments/checkout/status/{id}?gateway= (docs/billing.md). */
export type CheckoutStatus = Pick<CheckoutStatusResponse, 'payment_status'> & { gateway_status: string | null };

/**
 * What the Settings URL says about a checkout (docs/product-rules.md "Payment verification": session_id, subscription_id, success,
 * cancelled, gateway, upgraded):
 * - `upgraded`: the payment is verified; show the success banner.
 * - `cancelled`: the visitor left the provider's page without paying (with our `payment_id`, so the
 *   checkout is ended at once: POST /api/payments/checkout/cancel).
 * - `success` with a `session_id` (card) or `subscription_id` (UPI): verify it.
 */
export type PaymentReturn =
  | { kind: 'none' }
  | { kind: 'upgraded' }
  | { kind: 'cancelled'; paymentId: string | null }
  | { kind: 'verify'; id: string; gateway: ReturnGateway };

const isTrue = (value: string | null): boolean => value !== null && value !== 'false' && value !== '0';

export const readPaymentReturn = (params: URLSearchParams): PaymentReturn => {
  if (params.has('upgraded')) return { kind: 'upgraded' };
  if (isTrue(params.get('cancelled'))) return { kind: 'cancelled', paymentId: params.get('payment_id') };
  if (!isTrue(params.get('success'))) return { kind: 'none' };
  const sessionId = params.get('session_id');
  const subscriptionId = params.get('subscription_id');
  const named = params.get('gateway');
  // The gateway parameter decides; without it, the kind of id says which provider it came from.
  const gateway: ReturnGateway = named === 'razorpay' || named === 'stripe' ? named : subscriptionId && !sessionId ? 'razorpay' : 'stripe';
  const id = gateway === 'razorpay' ? (subscriptionId ?? sessionId) : (sessionId ?? subscriptionId);
  return id ? { kind: 'verify', id, gateway } : { kind: 'none' };
};

/** The query parameters a checkout return adds; removed once the return is dealt with. */
export const RETURN_PARAMS = ['session_id', 'subscription_id', 'success', 'cancelled', 'gateway', 'upgraded', 'payment_id'] as const;

/** One poll's result: the status, or the call failed. */
export type PollResult = { status: CheckoutStatus } | { error: unknown };

/** What to do after poll number `attempt` (1-based). */
export type PollStep = { kind: 'paid' } | { kind: 'failed'; message: string } | { kind: 'retry' };

const ENDED_AT_PROVIDER = new Set(['expired', 'cancelled', 'canceled']);
/** Ended unpaid at the provider for another reason (docs/billing.md "API"): a declined or halted payment. */
const FAILED_AT_PROVIDER = new Set(['failed', 'halted']);

/**
 * docs/product-rules.md "Payment verification": paid ends polling (then the user is refreshed and the upgraded state shown); a gateway
 * status of expired or cancelled ends with "Payment session expired. Please try again."; a failed
 * call ends with "Error verifying payment. Please contact support."; after the 10th unpaid answer,
 * "Payment verification timed out. Please refresh the page."; otherwise ask again in 2 s. A payment
 * the provider reports failed or halted ends at once too, with "Payment failed. Please try again."
 * (docs/product-rules.md "Payment verification" names no text for it; waiting out ten polls would only end in the wrong one).
 */
export const nextPollStep = (attempt: number, result: PollResult): PollStep => {
  if ('error' in result) return { kind: 'failed', message: PAYMENT_TEXT.errorVerifying };
  const { payment_status, gateway_status } = result.status;
  if (payment_status === 'paid') return { kind: 'paid' };
  const provider = gateway_status?.toLowerCase() ?? '';
  if (ENDED_AT_PROVIDER.has(provider)) return { kind: 'failed', message: PAYMENT_TEXT.sessionExpired };
  if (FAILED_AT_PROVIDER.has(provider)) return { kind: 'failed', message: PAYMENT_TEXT.paymentFailed };
  if (attempt >= PAYMENT_POLL_MAX_ATTEMPTS) return { kind: 'failed', message: PAYMENT_TEXT.verificationTimedOut };
  return { kind: 'retry' };
};
