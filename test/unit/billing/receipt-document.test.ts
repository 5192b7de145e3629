import { describe, expect, it } from 'vitest';
import type { Payment } from '../../../shared/billing/payments';
import { receiptFileName, receiptNumber } from '../../../shared/billing/receipts';
import { renderReceipt } from '../../../functions/services/billing/receipt-document';

/** The downloadable receipt (docs/billing.md "Receipts"): a whole document that says only what we know. */
const payment = (overrides: Partial<Payment> = {}): Payment => ({
  id: '01JDRECEIPT0000000000000000',
  user_id: 'user-1',
  package_id: 'business',
  billing_period: 'monthly',
  amount: 399900,
  currency: 'inr',
  payment_gateway: 'razorpay',
  payment_status: 'completed',
  gateway_status: 'captured',
  gateway_ref: 'pay_Abc123',
  gateway_subscription_id: 'sub_Xyz',
  kind: 'renewal',
  created_at: '2026-11-26T22:30:00.000Z',
  updated_at: '2026-11-26T22:31:00.000Z',
  ...overrides,
});

const parties = {
  buyer: { name: 'Ada <Lovelace>', email: 'ada@example.com' },
  sellerEmail: 'support@upwatch.example',
  appUrl: 'https://app.upwatch.example',
  timezone: 'Asia/Kolkata',
};

describe('the receipt document', () => {
  it('numbers the receipt with our own number and names its file after it', () => {
    expect(receiptNumber(payment())).toBe('UPW-01JDRECEIPT0000000000000000');
    expect(receiptFileName(payment())).toBe('upwatch-receipt-UPW-01JDRECEIPT0000000000000000.html');
  });

  it('holds seller, buyer, plan, the amount in the currency paid, how, when (in the buyer\'s zone) and an honest tax line', () => {
    const html = renderReceipt(payment(), parties);
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('UPW-01JDRECEIPT0000000000000000');
    expect(html).toContain('Upwatch Business plan, monthly subscription (renewal)');
    expect(html).toContain('₹3,999.00');
    expect(html).toContain('Total paid (INR)');
    expect(html).toContain('UPI (Razorpay)');
    expect(html).toContain('pay_Abc123');
    // 22:31 UTC on the 26th is the 27th in India.
    expect(html).toContain('Nov 27, 2026');
    expect(html).toContain('Gurgaon, Haryana, India');
    expect(html).toContain('support@upwatch.example');
    expect(html).toContain('ada@example.com');
    expect(html).toContain('Not charged separately');
    expect(html).toContain('This is a receipt of payment, not a tax invoice.');
    expect(html).not.toMatch(/<script/i);
  });

  it('escapes what the user wrote', () => {
    const html = renderReceipt(payment(), parties);
    expect(html).toContain('Ada &lt;Lovelace&gt;');
    expect(html).not.toContain('Ada <Lovelace>');
  });

  it('says a card payment in dollars', () => {
    const html = renderReceipt(payment({ payment_gateway: 'stripe', currency: 'usd', amount: 1900, package_id: 'pro', kind: 'checkout', gateway_ref: 'in_1' }), parties);
    expect(html).toContain('Upwatch Pro plan, monthly subscription</td>');
    expect(html).toContain('$19.00');
    expect(html).toContain('Card (Stripe)');
  });

  it('reads "Refund" for a refund row, with the amount given back as a positive sum and the refund\'s reference', () => {
    const html = renderReceipt(
      payment({ payment_status: 'refunded', kind: 'refund', amount: -1266, currency: 'usd', payment_gateway: 'stripe', gateway_status: 'succeeded (re_Abc)' }),
      parties,
    );
    expect(html).toContain('<h1>Refund</h1>');
    expect(html).toContain('<dt>Status</dt><dd>Refunded</dd>');
    expect(html).toContain('Refund of the unused part of the Upwatch Business plan, monthly subscription');
    expect(html).toContain('Total refunded (USD)</td><td class="amount">$12.66</td>');
    expect(html).toContain('<dt>Refunded to</dt><dd>Card (Stripe)</dd>');
    expect(html).toContain('succeeded (re_Abc)');
    expect(html).not.toContain('-$');
  });
});
