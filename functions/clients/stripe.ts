import Stripe from 'stripe';
import { billingConfig } from '../billing-config.js';

let client: Promise<Stripe> | undefined;

/**
 * The process-wide Stripe client (the real SDK, its pinned API version). With STRIPE_API_URL set
 * (the local Stripe server) it talks there instead of api.stripe.com.
 */
export const stripe = (): Promise<Stripe> =>
  (client ??= billingConfig().then(({ stripe: settings }) => {
    const url = settings.apiUrl;
    return new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: 10_000,
      ...(url
        ? {
            host: url.hostname,
            port: url.port || (url.protocol === 'https:' ? '443' : '80'),
            protocol: url.protocol === 'https:' ? 'https' : 'http',
          }
        : {}),
    });
  }));
