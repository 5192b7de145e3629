/**
 * Prices and amounts. Plan prices are whole units per month (USD for cards, INR for UPI, docs/product-rules.md "Checkout");
 * payment records carry minor units (cents, paise; docs/billing.md).
 */
export type MoneyCurrency = 'usd' | 'inr';

const LOCALE: Record<MoneyCurrency, string> = { usd: 'en-US', inr: 'en-IN' };

/** "$19", "₹1,599", "$19.99": whole amounts without decimals. */
export const formatPrice = (amount: number, currency: MoneyCurrency): string =>
  new Intl.NumberFormat(LOCALE[currency], {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);

/** "$19/month", "₹1,599/month". */
export const formatMonthlyPrice = (amount: number, currency: MoneyCurrency): string => `${formatPrice(amount, currency)}/month`;

/** A payment's amount in minor units with its currency: 1900 usd -> "$19.00", 159900 inr -> "₹1,599.00". */
export const formatMinorAmount = (minor: number, currency: string): string => {
  const code = currency.toUpperCase();
  const locale = code === 'INR' ? 'en-IN' : 'en-US';
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: code }).format(minor / 100);
  } catch {
    // an unknown currency code: the number and the code as given
    return `${(minor / 100).toFixed(2)} ${code}`;
  }
};
