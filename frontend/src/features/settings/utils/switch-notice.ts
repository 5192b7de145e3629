import type { SubscriptionSummary } from '@shared/account/subscription.js';
import { formatMinorAmount } from '@/utils/money';

/**
 * What the upgrade form says before a checkout that replaces a live subscription (docs/billing.md
 * "Switching the way of paying"): the old plan ends when the new payment goes through, and the
 * unused part of its period goes back the way it was paid. The amount is the API's, by the same
 * rule the refund is made with; "about" because it shrinks until the payment goes through.
 */
export const switchNotice = (planName: string, subscription: Pick<SubscriptionSummary, 'gateway' | 'unused_refund'>): string => {
  const by = subscription.gateway === 'razorpay' ? 'UPI' : 'card';
  const ends = `Your ${planName} plan paid by ${by} ends when this payment goes through`;
  const refund = subscription.unused_refund;
  if (!refund) return `${ends}.`;
  const days = `${refund.days} ${refund.days === 1 ? 'day' : 'days'}`;
  const to = subscription.gateway === 'razorpay' ? 'your UPI account' : 'your card';
  return `${ends}; the unused part (about ${formatMinorAmount(refund.amount, refund.currency)} for ${days}) is refunded to ${to}.`;
};
