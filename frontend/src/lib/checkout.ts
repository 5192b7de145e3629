/**
 * Starting a checkout (docs/billing.md; docs/product-rules.md "Checkout"), shared by the pricing
 * page and Settings > Subscription: `POST /api/payments/checkout/session`, then
 * - card (Stripe Checkout): the browser is sent to the returned `url`;
 * - UPI (Razorpay): the provider's popup opens on the returned `subscription_id`, and a successful
 *   payment comes back to Settings with `subscription_id`, `success=true` and `gateway=razorpay`.
 * The Settings page then verifies the payment (features/settings/utils/payment-verification.ts).
 */
import type { BillingPeriod, Currency, PaymentGateway } from '@shared/billing/payments.js';
import type { PaidTierId } from '@shared/billing/plans.js';
import { callApi, errorMessage } from './api-client';
import { PAYMENT_TEXT } from './payment-texts';
import { loadRazorpay } from './razorpay';
import { paths } from '@/config/paths';

export type { PaidTierId };
export type PaymentMethod = 'card' | 'upi';
export type { BillingPeriod, Currency, PaymentGateway };

/** Card is paid in USD through Stripe, UPI in INR through Razorpay (docs/product-rules.md "Checkout": default currency USD). */
export const METHOD_GATEWAY: Readonly<Record<PaymentMethod, { gateway: PaymentGateway; currency: Currency }>> = {
  card: { gateway: 'stripe', currency: 'usd' },
  upi: { gateway: 'razorpay', currency: 'inr' },
};

export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'card';

/**
 * The way of paying an upgrade form starts on: the one the user's current subscription is paid by
 * (Stripe = card, Razorpay = UPI), so a user who paid by UPI is not offered dollars first; Card
 * when no subscription pays for the plan (a free user, or a plan an operator set).
 */
export const paymentMethodOf = (gateway: PaymentGateway | null | undefined): PaymentMethod =>
  (Object.keys(METHOD_GATEWAY) as PaymentMethod[]).find((method) => METHOD_GATEWAY[method].gateway === gateway) ?? DEFAULT_PAYMENT_METHOD;

export interface CheckoutChoice {
  tier: PaidTierId;
  method: PaymentMethod;
  billingPeriod: BillingPeriod;
}

/** The body of POST /api/payments/checkout/session. */
export interface CheckoutSessionRequest {
  package_id: PaidTierId;
  payment_gateway: PaymentGateway;
  currency: Currency;
  origin_url: string;
  billing_period: BillingPeriod;
}

/**
 * Its answer (shared/billing/schemas.ts): `url` for a card checkout, `subscription_id` and `key_id`
 * for UPI. Read loosely, as the product's messages are about a missing `url`.
 */
type CheckoutSessionResponse = Partial<Record<'url' | 'subscription_id' | 'key_id' | 'payment_id', string | null>>;

/** Ends at the provider a checkout the user gave up on; best effort (it would expire anyway). */
const abandonCheckout = (paymentId: string | null | undefined): void => {
  if (paymentId) void callApi('cancelCheckout', { body: { payment_id: paymentId } }).catch(() => undefined);
};

export const checkoutRequest = (choice: CheckoutChoice, origin: string): CheckoutSessionRequest => ({
  package_id: choice.tier,
  payment_gateway: METHOD_GATEWAY[choice.method].gateway,
  currency: METHOD_GATEWAY[choice.method].currency,
  origin_url: origin,
  billing_period: choice.billingPeriod,
});

/** Where a successful UPI payment lands: Settings, which verifies it (docs/product-rules.md "Checkout"). */
export const upiReturnPath = (subscriptionId: string): string =>
  paths.app.settingsAt('subscription', { subscription_id: subscriptionId, success: 'true', gateway: 'razorpay' });

/** How a checkout ended on this page. A card checkout never ends here: the browser leaves. */
export type CheckoutOutcome =
  | { kind: 'redirecting' }
  | { kind: 'paid'; returnTo: string }
  | { kind: 'dismissed' }
  | { kind: 'failed'; message: string };

/** A checkout that could not start; `message` is the server's detail or the product's fallback text (docs/product-rules.md "Error catalogue"). */
export class CheckoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CheckoutError';
  }
}

const createSession = async (choice: CheckoutChoice): Promise<CheckoutSessionResponse> => {
  try {
    const answer: CheckoutSessionResponse = await callApi('createCheckoutSession', { body: checkoutRequest(choice, window.location.origin) });
    return answer;
  } catch (cause) {
    throw new CheckoutError(errorMessage(cause, PAYMENT_TEXT.failedToInitiatePayment));
  }
};

export interface CheckoutCallbacks {
  payer?: { name?: string; email?: string };
  /** A UPI payment succeeded: go to `returnTo` (Settings, which verifies it). Called even after a failed attempt was reported. */
  onPaid: (returnTo: string) => void;
}

const openUpiPopup = async (session: CheckoutSessionResponse, callbacks: CheckoutCallbacks): Promise<CheckoutOutcome> => {
  if (!session.subscription_id || !session.key_id) throw new CheckoutError(PAYMENT_TEXT.failedToInitiatePayment);
  let Razorpay;
  try {
    Razorpay = await loadRazorpay();
  } catch {
    throw new CheckoutError(PAYMENT_TEXT.failedToInitiatePayment);
  }
  const subscriptionId = session.subscription_id;
  const keyId = session.key_id;
  return new Promise<CheckoutOutcome>((resolve) => {
    const popup = new Razorpay({
      key: keyId,
      subscription_id: subscriptionId,
      name: 'Upwatch',
      ...(callbacks.payer ? { prefill: callbacks.payer } : {}),
      handler: (response) => {
        const returnTo = upiReturnPath(response.razorpay_subscription_id || subscriptionId);
        resolve({ kind: 'paid', returnTo });
        callbacks.onPaid(returnTo);
      },
      modal: {
        ondismiss: () => {
          abandonCheckout(session.payment_id);
          resolve({ kind: 'dismissed' });
        },
      },
    });
    // Razorpay keeps the popup open after a failed attempt: the failure is reported at once, and a
    // later success still reaches the handler above.
    popup.on('payment.failed', (response) =>
      resolve({ kind: 'failed', message: response.error?.description || PAYMENT_TEXT.paymentFailed }),
    );
    popup.open();
  });
};

/**
 * Starts the checkout of `choice`. Throws a `CheckoutError` whose message is the text to show
 * ("No checkout URL received", the server's detail, or "Failed to initiate payment").
 */
export const startCheckout = async (choice: CheckoutChoice, callbacks: CheckoutCallbacks): Promise<CheckoutOutcome> => {
  const session = await createSession(choice);
  if (choice.method === 'upi') return openUpiPopup(session, callbacks);
  if (!session.url) throw new CheckoutError(PAYMENT_TEXT.noCheckoutUrl);
  window.location.assign(session.url);
  return { kind: 'redirecting' };
};

/** The choice of how to pay, as the pricing page and Settings offer it (card by default). */
export const PAYMENT_METHOD_OPTIONS: readonly { value: PaymentMethod; label: string }[] = [
  { value: 'card', label: 'Card (USD)' },
  { value: 'upi', label: 'UPI (INR)' },
];
