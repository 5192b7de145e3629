/**
 * The payment texts of the product (docs/product-rules.md "Error catalogue", "Payment verification"), word for word,
 * for every screen that starts or finishes a checkout (pricing and Settings > Subscription).
 */
export const PAYMENT_TEXT = {
  noCheckoutUrl: 'No checkout URL received',
  failedToInitiatePayment: 'Failed to initiate payment',
  paymentCancelled: 'Payment was cancelled. You can try again anytime.',
  verificationTimedOut: 'Payment verification timed out. Please refresh the page.',
  sessionExpired: 'Payment session expired. Please try again.',
  errorVerifying: 'Error verifying payment. Please contact support.',
  verifying: 'Verifying your payment... Please wait.',
  upgraded: 'Subscription upgraded successfully! Your new features are now active.',
  processing: 'Processing...',
  payNote: 'Pay with UPI, cards, net banking or wallets.',
  /** Our own text: a failed or halted payment (the UPI popup's failure without a description, or the status call's). */
  paymentFailed: 'Payment failed. Please try again.',
} as const;
