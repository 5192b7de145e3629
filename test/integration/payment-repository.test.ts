import { beforeAll, describe, expect, it, inject } from 'vitest';
import { ulid } from 'ulid';
import type { Payment } from '../../shared/billing/payments.js';

/** The payments repository against DynamoDB Local: records, references, status changes, counters, lists. */
describe('payment repository', () => {
  beforeAll(() => {
    Object.assign(process.env, inject('cloudEnv'));
  });

  const newPayment = (userId: string, overrides: Partial<Payment> = {}): Payment => {
    const now = new Date().toISOString();
    return {
      id: ulid(),
      user_id: userId,
      package_id: 'pro',
      billing_period: 'monthly',
      amount: 1900,
      currency: 'usd',
      payment_gateway: 'stripe',
      payment_status: 'pending',
      gateway_status: 'open',
      gateway_ref: `cs_${ulid()}`,
      gateway_subscription_id: null,
      kind: 'checkout',
      created_at: now,
      updated_at: now,
      ...overrides,
    };
  };

  it('creates a payment once per reference, moves its status once, and keeps the counters with it', async () => {
    const repo = await import('../../functions/repositories/payment-repository.js');
    const userId = `user-${ulid()}`;
    const before = await repo.getPaymentStats();
    const payment = newPayment(userId);

    expect(await repo.createPayment(payment, [payment.gateway_ref])).toBe('created');
    const twin = newPayment(userId, { gateway_ref: payment.gateway_ref });
    expect(await repo.createPayment(twin, [payment.gateway_ref])).toBe('ref_taken');
    expect(await repo.findPaymentRef('stripe', payment.gateway_ref)).toEqual({ userId, paymentId: payment.id });
    expect(await repo.getPayment(userId, twin.id)).toBeNull();

    const change = { userId, paymentId: payment.id, from: 'pending', to: 'completed', gatewayStatus: 'paid', at: new Date() } as const;
    const outcomes = await Promise.all([repo.changePaymentStatus(change), repo.changePaymentStatus(change)]);
    expect(outcomes.filter((outcome) => outcome === 'changed')).toHaveLength(1);
    expect(await repo.getPayment(userId, payment.id)).toMatchObject({ payment_status: 'completed', gateway_status: 'paid' });

    const after = await repo.getPaymentStats();
    expect(after.total - before.total).toBe(1);
    expect(after.by_status.completed - before.by_status.completed).toBe(1);
    expect(after.by_status.pending - before.by_status.pending).toBe(0);
    expect(after.revenue.usd - before.revenue.usd).toBe(1900);

    // The receipt is claimed by one sender only.
    const now = new Date();
    const claims = await Promise.all([repo.claimReceipt(userId, payment.id, now), repo.claimReceipt(userId, payment.id, now)]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    await repo.markReceiptSent(userId, payment.id, now, 'ses-1');
    expect(await repo.claimReceipt(userId, payment.id, new Date(now.getTime() + 120_000))).toBe(false);
  });

  it('lists payments newest first, by status, by page and by cursor', async () => {
    const repo = {
      ...(await import('../../functions/repositories/payment-repository.js')),
      ...(await import('../../functions/repositories/payment-list-repository.js')),
    };
    const userId = `user-${ulid()}`;
    const made: Payment[] = [];
    for (let i = 0; i < 5; i++) {
      const payment = newPayment(userId, { payment_status: i % 2 ? 'failed' : 'processing', gateway_status: 'x' });
      await repo.createPayment(payment, [payment.gateway_ref]);
      made.push(payment);
    }
    const mine = await repo.listUserPayments(userId);
    expect(mine.map((payment) => payment.id)).toEqual(made.map((payment) => payment.id).reverse());

    const firstPage = await repo.listPayments({ limit: 2 });
    expect(firstPage.payments).toHaveLength(2);
    expect(firstPage.payments[0]!.id > firstPage.payments[1]!.id).toBe(true);
    expect(firstPage.total).toBeGreaterThanOrEqual(5);
    const second = await repo.listPayments({ limit: 2, page: 2 });
    const byCursor = await repo.listPayments({ limit: 2, cursor: firstPage.next_cursor! });
    expect(second.payments.map((payment) => payment.id)).toEqual(byCursor.payments.map((payment) => payment.id));
    expect(second.payments[0]!.id < firstPage.payments[1]!.id).toBe(true);

    const failed = await repo.listPayments({ status: 'failed', limit: 100 });
    expect(failed.payments.every((payment) => payment.payment_status === 'failed')).toBe(true);
    expect(failed.payments.filter((payment) => payment.user_id === userId)).toHaveLength(2);
    const beyond = await repo.listPayments({ status: 'failed', limit: 100, page: 1000 });
    expect(beyond.payments).toEqual([]);
  });
});
