import { describe, expect, it } from 'vitest';
import {
  EXPIRY_INCOMPLETE_MESSAGE,
  EXPIRY_PAST_MESSAGE,
  buildCardPaymentMethod,
  cardBrand,
  describeCard,
  parseExpiry,
} from '../../../infra/local/payment-providers/stripe/stripe-payment-methods';

/** The local Stripe's card payment methods (docs/billing.md "Local Stripe"): what the portal and checkout forms turn a card into. */
describe('local Stripe card payment methods', () => {
  it('names the brand from the first digits, as Stripe does', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(cardBrand('3056930009020004')).toBe('unknown');
  });

  it('reads an expiry written MM / YY or MM/YYYY, refusing an incomplete or past one in Stripe\'s words', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    expect(parseExpiry('11 / 33', now)).toEqual({ month: 11, year: 2033 });
    expect(parseExpiry('1/2027', now)).toEqual({ month: 1, year: 2027 });
    expect(parseExpiry('11 / 26', now)).toEqual({ month: 11, year: 2026 });
    expect(parseExpiry('10 / 26', now)).toEqual({ error: EXPIRY_PAST_MESSAGE });
    expect(parseExpiry('13 / 30', now)).toEqual({ error: EXPIRY_INCOMPLETE_MESSAGE });
    expect(parseExpiry('', now)).toEqual({ error: EXPIRY_INCOMPLETE_MESSAGE });
  });

  it('builds a card payment method of the customer and describes it for the portal page', () => {
    const method = buildCardPaymentMethod({ digits: '5555555555554444', customer: 'cus_1', expiry: { month: 3, year: 2030 }, created: 1 });
    expect(method).toMatchObject({ object: 'payment_method', type: 'card', customer: 'cus_1', card: { brand: 'mastercard', last4: '4444', exp_month: 3, exp_year: 2030 } });
    expect(method.id).toMatch(/^pm_/);
    expect(describeCard(method)).toBe('Mastercard •••• 4444, expires 03/2030');
  });
});
