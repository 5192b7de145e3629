import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PAYMENT_TEXT } from '@/lib/payment-texts';
import { cancelCheckout } from '../api/cancel-checkout';
import { getCheckoutStatus } from '../api/get-checkout-status';
import {
  nextPollStep,
  PAYMENT_POLL_INTERVAL_MS,
  readPaymentReturn,
  RETURN_PARAMS,
  type PollResult,
} from '../utils/payment-verification';
import { useRefreshAccount } from './use-refresh-account';

export type PaymentReturnView =
  | { kind: 'none' }
  | { kind: 'verifying' }
  | { kind: 'upgraded' }
  | { kind: 'failed'; message: string };

/**
 * The return from a checkout (docs/product-rules.md "Payment verification"): with `success` and a session or
 * subscription id, the status is polled every 2 s, at most 10 times. Paid refreshes the user and
 * rewrites the address to `?section=subscription&upgraded=true`, which shows the success banner (so
 * a reload does not verify again); `cancelled` says the payment was cancelled.
 */
export const usePaymentReturn = (): PaymentReturnView => {
  const [params, setParams] = useSearchParams();
  const refreshAccount = useRefreshAccount();
  const ret = readPaymentReturn(params);
  const verifyKey = ret.kind === 'verify' ? `${ret.gateway}:${ret.id}` : null;
  const [failure, setFailure] = useState<{ key: string; message: string } | null>(null);
  const cancelledPaymentId = ret.kind === 'cancelled' ? ret.paymentId : null;

  // Back by the provider's Cancel link: the checkout is ended at once, so its record says
  // cancelled rather than pending (best effort: otherwise it expires at the provider).
  useEffect(() => {
    if (!cancelledPaymentId) return;
    let live = true;
    cancelCheckout(cancelledPaymentId)
      .then(() => (live ? refreshAccount() : undefined))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [cancelledPaymentId]);

  useEffect(() => {
    if (ret.kind !== 'verify') return;
    const { id, gateway } = ret;
    const key = `${gateway}:${id}`;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;

    const poll = async (attempt: number): Promise<void> => {
      let result: PollResult;
      try {
        result = { status: await getCheckoutStatus(id, gateway, controller.signal) };
      } catch (error) {
        if (controller.signal.aborted) return;
        result = { error };
      }
      if (controller.signal.aborted) return;
      const step = nextPollStep(attempt, result);
      if (step.kind === 'retry') {
        timer = setTimeout(() => void poll(attempt + 1), PAYMENT_POLL_INTERVAL_MS);
        return;
      }
      if (step.kind === 'failed') {
        setFailure({ key, message: step.message });
        return;
      }
      try {
        await refreshAccount();
      } catch {
        // The payment is verified; the header catches up with the next user refresh (every 30 s).
      }
      if (controller.signal.aborted) return;
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const name of RETURN_PARAMS) next.delete(name);
          next.set('section', 'subscription');
          next.set('upgraded', 'true');
          return next;
        },
        { replace: true },
      );
    };

    void poll(1);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
    // One poll per checkout id and gateway (verifyKey); setParams and refreshAccount are stable.
  }, [verifyKey]);

  if (ret.kind === 'upgraded') return { kind: 'upgraded' };
  if (ret.kind === 'cancelled') return { kind: 'failed', message: PAYMENT_TEXT.paymentCancelled };
  if (ret.kind === 'verify') {
    return failure?.key === verifyKey ? { kind: 'failed', message: failure.message } : { kind: 'verifying' };
  }
  return { kind: 'none' };
};
