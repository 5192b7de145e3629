/**
 * The UPI provider's browser checkout (Razorpay `checkout.js`, docs/billing.md). The script's address
 * comes from /config.json (`razorpayCheckoutUrl`): the real one on AWS, the local provider's locally.
 * It is loaded on first use only, and once.
 */
import { getConfig } from './config';

/** What the popup hands the `handler` after a successful payment. */
export interface RazorpaySuccess {
  razorpay_payment_id: string;
  razorpay_subscription_id: string;
  razorpay_signature: string;
}

export interface RazorpayFailure {
  error?: { code?: string; description?: string; reason?: string };
}

export interface RazorpayOptions {
  key: string;
  subscription_id: string;
  name?: string;
  description?: string;
  prefill?: { name?: string; email?: string };
  handler: (response: RazorpaySuccess) => void;
  modal?: { ondismiss?: () => void };
}

export interface RazorpayInstance {
  open: () => void;
  on: (event: 'payment.failed', callback: (response: RazorpayFailure) => void) => void;
}

export type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

let loading: Promise<RazorpayConstructor> | undefined;

/** `window.Razorpay`, after loading the configured checkout.js if it is not there yet. */
export const loadRazorpay = (): Promise<RazorpayConstructor> => {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  if (loading) return loading;
  const src = getConfig().razorpayCheckoutUrl;
  if (!src) return Promise.reject(new Error('No UPI checkout script is configured (razorpayCheckoutUrl).'));
  loading = new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => (window.Razorpay ? resolve(window.Razorpay) : reject(new Error('checkout.js defined no Razorpay')));
    script.onerror = () => reject(new Error(`checkout.js could not be loaded from ${src}`));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    // A failed load may be retried by the next click.
    loading = undefined;
    throw error;
  });
  return loading;
};
