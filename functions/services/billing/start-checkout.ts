import { ulid } from 'ulid';
import { AppError } from '../../../shared/errors.js';
import type { CheckoutSessionInput } from '../../../shared/billing/schemas.js';
import { planAmount, tierRank } from '../../../shared/billing/plans.js';
import { tierOf } from '../../../shared/tiers.js';
import { billingConfig } from '../../billing-config.js';
import { createPayment } from '../../repositories/payment-repository.js';
import type { CallerContext } from '../context.js';
import { providerFor } from './providers/index.js';

/**
 * POST /api/payments/checkout/session: creates the provider checkout (Stripe Checkout Session in
 * subscription mode, or a Razorpay subscription for the UPI popup) and a `pending` payment record.
 * Never changes the tier: the webhook does, once the provider has been paid.
 */

const originOf = (value: string): string | null => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
};

export const startCheckout = async ({ ctx, input }: { ctx: CallerContext; input: CheckoutSessionInput }): Promise<Record<string, unknown>> => {
  const profile = ctx.account;
  const provider = providerFor(input.payment_gateway);
  if (input.currency !== provider.currency) {
    throw new AppError('VALIDATION_FAILED', 'Card payments (stripe) are in USD and UPI payments (razorpay) in INR', [
      { field: 'currency', message: `Use ${provider.currency} with ${input.payment_gateway}` },
    ]);
  }
  const settings = await billingConfig();
  const origin = originOf(input.origin_url);
  if (!origin || !settings.allowedOrigins.includes(origin)) {
    throw new AppError('VALIDATION_FAILED', 'origin_url must be the address of this app', [
      { field: 'origin_url', message: 'Not one of the app\'s own origins' },
    ]);
  }
  const current = profile.subscription_tier;
  if (tierRank(current) >= tierRank(input.package_id)) {
    throw new AppError(
      'CONFLICT',
      current === input.package_id
        ? `You are already on the ${tierOf(current).name} plan.`
        : `You are on the ${tierOf(current).name} plan, which is higher than ${tierOf(input.package_id).name}. Use a downgrade instead.`,
    );
  }

  const paymentId = ulid();
  const amount = planAmount(input.package_id, input.billing_period, provider.currency);
  const back = `${origin}/settings?section=subscription&gateway=${provider.gateway}`;
  const created = await provider.createCheckout({
    userId: profile.id,
    email: profile.email,
    paymentId,
    tier: input.package_id,
    period: input.billing_period,
    amount,
    currency: provider.currency,
    // Stripe fills in {CHECKOUT_SESSION_ID}; the settings page polls the status with it.
    successUrl: `${back}&success=true&session_id={CHECKOUT_SESSION_ID}`,
    // Our payment id, so the page the Cancel link lands on can end the checkout at once (cancelCheckout).
    cancelUrl: `${back}&cancelled=true&payment_id=${paymentId}`,
  });
  const at = new Date().toISOString();
  await createPayment(
    {
      id: paymentId,
      user_id: profile.id,
      package_id: input.package_id,
      billing_period: input.billing_period,
      amount,
      currency: provider.currency,
      payment_gateway: provider.gateway,
      payment_status: 'pending',
      gateway_status: created.gatewayStatus,
      gateway_ref: created.ref,
      gateway_subscription_id: created.subscriptionId,
      kind: 'checkout',
      created_at: at,
      updated_at: at,
    },
    [created.ref],
  );
  return { ...created.response, payment_id: paymentId };
};
