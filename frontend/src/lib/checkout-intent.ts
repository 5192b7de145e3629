/**
 * The plan an anonymous visitor chose on the pricing page, kept until they can pay for it.
 *
 * How it travels: the pricing page stores it here (localStorage, this origin) and sends the visitor
 * to /register. Registration ends with a verification link opened from an e-mail, possibly in
 * another tab or after a while, so a query parameter would be lost on the way; localStorage is not.
 * After the next sign-in, the login page sees the stored plan and goes to Settings > Subscription,
 * which takes (and removes) it and starts that checkout at once. A choice older than a day is dropped.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { PAID_TIER_IDS } from '@shared/billing/plans.js';
import type { BillingPeriod, CheckoutChoice, PaymentMethod, PaidTierId } from './checkout';
import { paths } from '@/config/paths';

const STORAGE_KEY = 'upwatch.checkout-intent';
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

const PAID: readonly PaidTierId[] = PAID_TIER_IDS;
const METHODS: readonly PaymentMethod[] = ['card', 'upi'];
const PERIODS: readonly BillingPeriod[] = ['monthly', 'yearly'];

interface StoredIntent extends CheckoutChoice {
  savedAt: number;
}

const parse = (raw: string | null, now: number): CheckoutChoice | null => {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredIntent>;
    if (
      PAID.includes(value.tier as PaidTierId) &&
      METHODS.includes(value.method as PaymentMethod) &&
      PERIODS.includes(value.billingPeriod as BillingPeriod) &&
      typeof value.savedAt === 'number' &&
      now - value.savedAt <= MAX_AGE_MS
    ) {
      return { tier: value.tier as PaidTierId, method: value.method as PaymentMethod, billingPeriod: value.billingPeriod as BillingPeriod };
    }
  } catch {
    // a damaged entry is no choice
  }
  return null;
};

export const rememberCheckoutIntent = (choice: CheckoutChoice, now = Date.now()): void => {
  const stored: StoredIntent = { ...choice, savedAt: now };
  localStorage.setItem(STORAGE_KEY, JSON.stringify(stored));
};

/** The remembered choice, if any and still fresh (read only). */
export const peekCheckoutIntent = (now = Date.now()): CheckoutChoice | null => parse(localStorage.getItem(STORAGE_KEY), now);

const subscribe = (onChange: () => void): (() => void) => {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
};
const storedText = (): string | null => localStorage.getItem(STORAGE_KEY);
const nothingStored = (): null => null;

/**
 * The remembered choice for a component to show (the registration page's subtitle). The build
 * prerenders that page without any storage, so hydration first renders "no choice", as the HTML
 * does, and then the visitor's own; a client-side visit reads it at once
 * (docs/performance-web.md "Sign-in forms prerendered").
 */
export const useCheckoutIntent = (): CheckoutChoice | null => {
  const raw = useSyncExternalStore(subscribe, storedText, nothingStored);
  return useMemo(() => parse(raw, Date.now()), [raw]);
};

/** The remembered choice, removed from storage so it starts one checkout only. */
export const takeCheckoutIntent = (now = Date.now()): CheckoutChoice | null => {
  const choice = peekCheckoutIntent(now);
  localStorage.removeItem(STORAGE_KEY);
  return choice;
};

/** Where a signed-in user with a remembered plan goes to pay for it. */
export const CHECKOUT_INTENT_PATH = paths.app.subscription;
