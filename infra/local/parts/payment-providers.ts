import fs from 'node:fs';
import path from 'node:path';
import { startRazorpayServer, type LocalRazorpay } from '../payment-providers/razorpay/razorpay-server.js';
import { startStripeServer, type LocalStripe } from '../payment-providers/stripe/stripe-server.js';
import type { RunningPart } from '../supervisor.js';

/**
 * The local Stripe and Razorpay (docs/billing.md "The local providers"): state in
 * `<data dir>/payment-providers/`, webhook delivery notes in `<data dir>/logs/<provider>.log`,
 * webhooks to the app's own routes.
 */
interface ProviderPartOptions {
  port: number;
  dataDir: string;
  logDir: string;
  /** The gateway's base URL; webhooks go to `/api/payments/webhooks/<provider>` there. */
  gatewayUrl: string;
}

const logTo = (logDir: string, name: string) => (line: string) =>
  fs.appendFileSync(path.join(logDir, `${name}.log`), `${new Date().toISOString()} ${line}\n`);

export const startLocalStripe = async (opts: ProviderPartOptions): Promise<RunningPart & { provider: LocalStripe }> => {
  const provider = await startStripeServer({
    port: opts.port,
    stateFile: path.join(opts.dataDir, 'payment-providers', 'stripe.json'),
    webhookUrl: `${opts.gatewayUrl}/api/payments/webhooks/stripe`,
    log: logTo(opts.logDir, 'stripe'),
  });
  return {
    name: 'stripe',
    describe: `Stripe (local)     ${provider.url}  (subscriptions: ${provider.url}/_local/subscriptions ; test card 4242 4242 4242 4242)`,
    stop: () => provider.close(),
    provider,
  };
};

export const startLocalRazorpay = async (opts: ProviderPartOptions): Promise<RunningPart & { provider: LocalRazorpay }> => {
  const provider = await startRazorpayServer({
    port: opts.port,
    stateFile: path.join(opts.dataDir, 'payment-providers', 'razorpay.json'),
    webhookUrl: `${opts.gatewayUrl}/api/payments/webhooks/razorpay`,
    log: logTo(opts.logDir, 'razorpay'),
  });
  return {
    name: 'razorpay',
    describe: `Razorpay (local)   ${provider.url}  (checkout.js: ${provider.checkoutUrl} ; subscriptions: ${provider.url}/_local/subscriptions)`,
    stop: () => provider.close(),
    provider,
  };
};

/** A banner line for a provider that is not started because its real keys are set. */
export const realProviderNote = (name: string, keys: string): RunningPart => ({
  name,
  describe: `${name === 'stripe' ? 'Stripe' : 'Razorpay'} (REAL)${' '.repeat(name === 'stripe' ? 6 : 4)}${keys} set: the real provider is used`,
  stop: async () => undefined,
});

/**
 * The functions' environment for the providers that run locally: their keys and API URLs, and
 * the checkout.js the SPA loads (`razorpayCheckoutUrl` in /config.json). A provider whose real
 * keys are set gets nothing here, so those keys stay as they are.
 */
export const localPaymentEnv = (
  payments: { localStripe: boolean; localRazorpay: boolean; razorpayCheckoutUrl: string },
  running: { stripe?: LocalStripe | undefined; razorpay?: LocalRazorpay | undefined },
): Record<string, string> => ({
  ...(payments.localStripe && running.stripe
    ? { STRIPE_SECRET_KEY: running.stripe.secretKey, STRIPE_WEBHOOK_SECRET: running.stripe.webhookSecret, STRIPE_API_URL: running.stripe.url }
    : {}),
  ...(payments.localRazorpay && running.razorpay
    ? {
        RAZORPAY_KEY_ID: running.razorpay.keyId,
        RAZORPAY_KEY_SECRET: running.razorpay.keySecret,
        RAZORPAY_WEBHOOK_SECRET: running.razorpay.webhookSecret,
        RAZORPAY_API_URL: running.razorpay.url,
        RAZORPAY_CHECKOUT_URL: running.razorpay.checkoutUrl,
      }
    : { RAZORPAY_CHECKOUT_URL: payments.razorpayCheckoutUrl }),
});
