import { describe, expect, it } from 'vitest';
import {
  nextPollStep,
  PAYMENT_POLL_INTERVAL_MS,
  PAYMENT_POLL_MAX_ATTEMPTS,
  readPaymentReturn,
  type CheckoutStatus,
  type PollResult,
} from '../../../frontend/src/features/settings/utils/payment-verification';
import { sectionFromQuery } from '../../../frontend/src/features/settings/utils/sections';

const query = (search: string) => new URLSearchParams(search);
const status = (payment_status: CheckoutStatus['payment_status'], gateway_status: string | null = 'open'): PollResult => ({
  status: { payment_status, gateway_status },
});

describe('the return from checkout (docs/product-rules.md "Payment verification")', () => {
  it('verifies a card return by its session id and a UPI return by its subscription id', () => {
    expect(readPaymentReturn(query('section=subscription&session_id=cs_1&success=true&gateway=stripe'))).toEqual({
      kind: 'verify',
      id: 'cs_1',
      gateway: 'stripe',
    });
    expect(readPaymentReturn(query('section=subscription&subscription_id=sub_9&success=true&gateway=razorpay'))).toEqual({
      kind: 'verify',
      id: 'sub_9',
      gateway: 'razorpay',
    });
  });

  it('infers the gateway from the kind of id when the gateway parameter is missing', () => {
    expect(readPaymentReturn(query('subscription_id=sub_9&success=true'))).toEqual({ kind: 'verify', id: 'sub_9', gateway: 'razorpay' });
    expect(readPaymentReturn(query('session_id=cs_1&success=true'))).toEqual({ kind: 'verify', id: 'cs_1', gateway: 'stripe' });
  });

  it('reads cancelled and upgraded, and ignores success without an id or success=false', () => {
    expect(readPaymentReturn(query('cancelled=true&gateway=stripe'))).toEqual({ kind: 'cancelled', paymentId: null });
    // The card checkout's Cancel link carries our payment id, so the checkout is ended at once.
    expect(readPaymentReturn(query('cancelled=true&gateway=stripe&payment_id=01JABCDEFGHJKMNPQRSTVWXYZ0'))).toEqual({
      kind: 'cancelled',
      paymentId: '01JABCDEFGHJKMNPQRSTVWXYZ0',
    });
    expect(readPaymentReturn(query('upgraded=true'))).toEqual({ kind: 'upgraded' });
    expect(readPaymentReturn(query('success=true'))).toEqual({ kind: 'none' });
    expect(readPaymentReturn(query('session_id=cs_1&success=false'))).toEqual({ kind: 'none' });
    expect(readPaymentReturn(query('section=subscription'))).toEqual({ kind: 'none' });
  });

  it('opens the subscription section for a return that names no section', () => {
    expect(sectionFromQuery(query('session_id=cs_1&success=true'))).toBe('subscription');
    expect(sectionFromQuery(query('cancelled=true'))).toBe('subscription');
    expect(sectionFromQuery(query(''))).toBe('profile');
    expect(sectionFromQuery(query('section=security&session_id=cs_1'))).toBe('security');
  });
});

describe('payment verification polling (docs/product-rules.md "Payment verification")', () => {
  it('polls every 2 seconds, at most 10 times', () => {
    expect(PAYMENT_POLL_INTERVAL_MS).toBe(2000);
    expect(PAYMENT_POLL_MAX_ATTEMPTS).toBe(10);
  });

  it('ends on paid', () => {
    expect(nextPollStep(1, status('paid', 'complete'))).toEqual({ kind: 'paid' });
    expect(nextPollStep(10, status('paid', 'active'))).toEqual({ kind: 'paid' });
  });

  it('asks again while unpaid or pending, until the tenth answer times out', () => {
    for (let attempt = 1; attempt < 10; attempt += 1) {
      expect(nextPollStep(attempt, status(attempt % 2 ? 'pending' : 'unpaid'))).toEqual({ kind: 'retry' });
    }
    expect(nextPollStep(10, status('unpaid'))).toEqual({
      kind: 'failed',
      message: 'Payment verification timed out. Please refresh the page.',
    });
  });

  it('ends with the expired text when the provider says expired or cancelled', () => {
    for (const gateway of ['expired', 'cancelled', 'canceled', 'EXPIRED']) {
      expect(nextPollStep(1, status('unpaid', gateway))).toEqual({ kind: 'failed', message: 'Payment session expired. Please try again.' });
    }
  });

  it('ends at once when the provider says the payment failed or was halted', () => {
    for (const gateway of ['failed', 'halted']) {
      expect(nextPollStep(2, status('unpaid', gateway))).toEqual({ kind: 'failed', message: 'Payment failed. Please try again.' });
    }
  });

  it('keeps asking while the provider shows it paid but the webhook is not applied yet (pending)', () => {
    expect(nextPollStep(4, status('pending', 'paid'))).toEqual({ kind: 'retry' });
  });

  it('ends with the support text when the status call fails', () => {
    expect(nextPollStep(3, { error: new Error('boom') })).toEqual({
      kind: 'failed',
      message: 'Error verifying payment. Please contact support.',
    });
  });

  it('walks a whole run: pending twice, then paid, in three polls', () => {
    const answers: PollResult[] = [status('pending'), status('unpaid'), status('paid', 'complete')];
    const steps = answers.map((answer, index) => nextPollStep(index + 1, answer).kind);
    expect(steps).toEqual(['retry', 'retry', 'paid']);
  });
});
