/**
 * How long a checkout stays open at its provider (docs/billing.md "Abandoned checkouts"): 31
 * minutes. Stripe's shortest `expires_at` is 30 minutes after the session is created; the extra
 * minute keeps a slow request (or a clock a little ahead) from asking for less. The Razorpay
 * subscription of a UPI checkout gets the same `expire_by`.
 */
export const CHECKOUT_WINDOW_SECONDS = 31 * 60;

/** When a checkout created at `createdAt` expires at its provider, in Unix seconds. */
export const checkoutExpiresAt = (createdAt: Date): number => Math.floor(createdAt.getTime() / 1000) + CHECKOUT_WINDOW_SECONDS;
