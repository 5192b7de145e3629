import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkoutRequest, paymentMethodOf, upiReturnPath } from '../../../frontend/src/lib/checkout';
import { peekCheckoutIntent, rememberCheckoutIntent, takeCheckoutIntent } from '../../../frontend/src/lib/checkout-intent';
import {
  cancellationMessage,
  downgradeMessage,
  monitorsOverCap,
  offerPrice,
  upgradeLabel,
} from '../../../frontend/src/features/settings/utils/plans';
import { paymentPlanName, paymentStatusView } from '../../../frontend/src/features/settings/utils/payment-history';
import { paidWithName } from '../../../shared/billing/receipts';
import { formatMinorAmount, formatMonthlyPrice, formatPrice } from '../../../frontend/src/utils/money';
import { monthlyPriceFor, planPrice } from '../../../frontend/src/features/marketing/utils/pricing';

const pro = { price_usd: 19, price_inr: 1599 };

describe('price display (docs/product-rules.md "Checkout": card in USD, UPI in INR)', () => {
  it('formats whole prices in both currencies', () => {
    expect(formatPrice(19, 'usd')).toBe('$19');
    expect(formatPrice(1599, 'inr')).toBe('₹1,599');
    expect(formatPrice(32999, 'inr')).toBe('₹32,999');
    expect(formatMonthlyPrice(399, 'usd')).toBe('$399/month');
  });

  it('labels the upgrade button in the chosen way of paying', () => {
    expect(offerPrice(pro, 'card')).toEqual({ amount: 19, currency: 'usd' });
    expect(offerPrice(pro, 'upi')).toEqual({ amount: 1599, currency: 'inr' });
    expect(upgradeLabel(pro, 'card')).toBe('Upgrade to $19/month');
    expect(upgradeLabel(pro, 'upi')).toBe('Upgrade to ₹1,599/month');
  });

  it('shows the pricing page in INR for UPI, yearly as 12 months less 20 percent', () => {
    expect(monthlyPriceFor(pro, 'upi')).toBe(1599);
    expect(planPrice(monthlyPriceFor(pro, 'upi'), 'yearly')).toEqual({ amount: 15350, period: 'year', yearlySaving: 3838 });
  });

  it('shows payment amounts from minor units with their currency', () => {
    expect(formatMinorAmount(1900, 'usd')).toBe('$19.00');
    expect(formatMinorAmount(159900, 'inr')).toBe('₹1,599.00');
    expect(formatMinorAmount(18200, 'USD')).toBe('$182.00');
  });
});

describe('checkout request', () => {
  it('maps card to Stripe in USD and UPI to Razorpay in INR, with the billing period', () => {
    expect(checkoutRequest({ tier: 'pro', method: 'card', billingPeriod: 'yearly' }, 'http://localhost:3000')).toEqual({
      package_id: 'pro',
      payment_gateway: 'stripe',
      currency: 'usd',
      origin_url: 'http://localhost:3000',
      billing_period: 'yearly',
    });
    expect(checkoutRequest({ tier: 'business', method: 'upi', billingPeriod: 'monthly' }, 'https://app.example')).toMatchObject({
      package_id: 'business',
      payment_gateway: 'razorpay',
      currency: 'inr',
    });
  });

  it('starts the upgrade form on the way the current subscription is paid, Card without one', () => {
    expect(paymentMethodOf('razorpay')).toBe('upi');
    expect(paymentMethodOf('stripe')).toBe('card');
    expect(paymentMethodOf(null)).toBe('card');
    expect(paymentMethodOf(undefined)).toBe('card');
  });

  it('returns a UPI payment to Settings with subscription_id, success and gateway (docs/product-rules.md "Checkout")', () => {
    expect(upiReturnPath('sub_ABC')).toBe('/app/settings?section=subscription&subscription_id=sub_ABC&success=true&gateway=razorpay');
  });
});

describe('downgrade and cancel wording (docs/product-rules.md "Downgrades and cancellation")', () => {
  it('counts the monitors beyond the new cap', () => {
    expect(monitorsOverCap(12, 'pro')).toBe(2);
    expect(monitorsOverCap(3, 'pro')).toBe(0);
    expect(monitorsOverCap(3, 'free')).toBe(2);
  });

  it('says an immediate downgrade happened now, with the monitors disabled', () => {
    expect(downgradeMessage('free', { immediate: true, effective_date: null, impact: { monitors_disabled: 2 } })).toBe(
      'Your plan has been downgraded to Free. 2 monitors were disabled.',
    );
    expect(downgradeMessage('pro', { immediate: true, effective_date: null, impact: { monitors_disabled: 1 } })).toBe(
      'Your plan has been downgraded to Pro. 1 monitor was disabled.',
    );
    expect(downgradeMessage('pro', { immediate: true, effective_date: null, impact: { monitors_disabled: 0 } })).toBe(
      'Your plan has been downgraded to Pro. No monitors were disabled.',
    );
  });

  it('says a scheduled downgrade keeps the current plan until its date', () => {
    expect(downgradeMessage('pro', { immediate: false, effective_date: '2031-03-05T12:00:00Z', impact: { monitors_disabled: 0 } }, 'UTC')).toBe(
      'Your downgrade to Pro is scheduled for Mar 5, 2031. Your current plan stays active until then.',
    );
    expect(downgradeMessage('free', { immediate: false, effective_date: '2031-03-05T12:00:00Z', impact: { monitors_disabled: 2 } }, 'UTC')).toBe(
      'Your downgrade to Free is scheduled for Mar 5, 2031. Your current plan stays active until then. On that date 2 monitors will be disabled.',
    );
  });

  it('says until when a cancelled plan stays active', () => {
    expect(cancellationMessage('business', '2031-03-05T12:00:00Z', 'UTC')).toBe(
      'Your subscription has been cancelled. Business stays active until Mar 5, 2031; then your account moves to Free.',
    );
    expect(cancellationMessage('pro', null)).toContain('until the end of your billing period');
  });
});

describe('payment history rows', () => {
  it('names plan, method and status', () => {
    expect(paymentPlanName('Business', 'yearly')).toBe('Business (yearly)');
    expect(paymentPlanName('Pro', 'monthly')).toBe('Pro');
    expect(paidWithName('razorpay')).toBe('UPI (Razorpay)');
    expect(paidWithName('stripe')).toBe('Card (Stripe)');
    expect(paymentStatusView('completed')).toEqual({ label: 'Completed', tone: 'emerald' });
    expect(paymentStatusView('failed').tone).toBe('red');
  });
});

describe('the plan a visitor chose before signing up (lib/checkout-intent)', () => {
  beforeEach(() => {
    const store = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is kept through registration and taken once', () => {
    rememberCheckoutIntent({ tier: 'business', method: 'upi', billingPeriod: 'yearly' }, 1_000);
    expect(peekCheckoutIntent(2_000)).toEqual({ tier: 'business', method: 'upi', billingPeriod: 'yearly' });
    expect(takeCheckoutIntent(2_000)).toEqual({ tier: 'business', method: 'upi', billingPeriod: 'yearly' });
    expect(takeCheckoutIntent(2_000)).toBeNull();
  });

  it('is dropped after a day, and when damaged', () => {
    rememberCheckoutIntent({ tier: 'pro', method: 'card', billingPeriod: 'monthly' }, 0);
    expect(peekCheckoutIntent(24 * 60 * 60 * 1000 + 1)).toBeNull();
    localStorage.setItem('upwatch.checkout-intent', '{"tier":"free","method":"card","billingPeriod":"monthly","savedAt":0}');
    expect(peekCheckoutIntent(1)).toBeNull();
    localStorage.setItem('upwatch.checkout-intent', 'not json');
    expect(peekCheckoutIntent(1)).toBeNull();
  });
});
