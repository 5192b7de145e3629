import type { PaymentGateway } from '../../../../shared/billing/payments.js';
import type { PaymentProvider } from './payment-provider.js';
import { razorpayProvider } from './razorpay-provider.js';
import { stripeProvider } from './stripe-provider.js';

const PROVIDERS: Record<PaymentGateway, PaymentProvider> = { stripe: stripeProvider, razorpay: razorpayProvider };

/** The provider behind a gateway name: the one place the services pick a provider. */
export const providerFor = (gateway: PaymentGateway): PaymentProvider => PROVIDERS[gateway];
