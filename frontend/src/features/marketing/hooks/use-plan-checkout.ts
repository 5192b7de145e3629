import { useNavigate } from 'react-router-dom';
import { rememberCheckoutIntent } from '@/lib/checkout-intent';
import type { BillingPeriod, PaidTierId, PaymentMethod } from '@/lib/checkout';
import { useAuth } from '@/lib/session';
import { useCheckout } from '@/lib/use-checkout';

/**
 * What a paid plan's button does (docs/billing.md): a signed-in user goes straight to checkout (card or UPI,
 * monthly or yearly as chosen on the page); a visitor signs up first, and the choice is remembered
 * (lib/checkout-intent.ts) so that checkout starts after their first sign-in.
 */
export const usePlanCheckout = (billingPeriod: BillingPeriod, method: PaymentMethod) => {
  const { status } = useAuth();
  const navigate = useNavigate();
  const checkout = useCheckout();

  const choose = (tier: PaidTierId) => {
    const choice = { tier, method, billingPeriod };
    if (status === 'signed-in') {
      void checkout.start(choice);
      return;
    }
    rememberCheckoutIntent(choice);
    navigate(`/register?${new URLSearchParams({ plan: tier, billing: billingPeriod }).toString()}`);
  };

  return { busy: checkout.busy, notice: checkout.notice, choose };
};

export type PlanCheckout = ReturnType<typeof usePlanCheckout>;
