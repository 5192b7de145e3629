import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CheckoutError, startCheckout, type CheckoutChoice, type PaidTierId } from './checkout';
import { PAYMENT_TEXT } from './payment-texts';
import { useAuth } from './session';

export interface CheckoutNotice {
  tone: 'error' | 'info';
  text: string;
}

/**
 * A checkout button's state: which plan is being bought (its button shows "Processing..."), and
 * what to tell the user when the checkout ends on this page (an error, or the popup was closed).
 */
export const useCheckout = () => {
  const navigate = useNavigate();
  const { user } = useAuth();
  const [busy, setBusy] = useState<PaidTierId | null>(null);
  const [notice, setNotice] = useState<CheckoutNotice | null>(null);

  const start = useCallback(
    async (choice: CheckoutChoice) => {
      setBusy(choice.tier);
      setNotice(null);
      try {
        const outcome = await startCheckout(choice, {
          ...(user ? { payer: { name: user.name, email: user.email } } : {}),
          // A UPI popup stays open after a failed attempt: a later success takes that failure's notice away.
          onPaid: (returnTo) => {
            setNotice(null);
            navigate(returnTo);
          },
        });
        // A card checkout is leaving the page: the button stays busy until it has.
        if (outcome.kind === 'redirecting') return;
        setBusy(null);
        if (outcome.kind === 'dismissed') setNotice({ tone: 'info', text: PAYMENT_TEXT.paymentCancelled });
        if (outcome.kind === 'failed') setNotice({ tone: 'error', text: outcome.message });
      } catch (cause) {
        setBusy(null);
        setNotice({ tone: 'error', text: cause instanceof CheckoutError ? cause.message : PAYMENT_TEXT.failedToInitiatePayment });
      }
    },
    [navigate, user],
  );

  return { busy, notice, start, clearNotice: () => setNotice(null) };
};
