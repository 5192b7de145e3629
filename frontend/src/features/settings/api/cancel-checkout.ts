import { CHECKOUT_CANCEL_PATH } from '@/lib/checkout';
import { api } from '@/lib/api-client';
import type { CheckoutStatus } from '../utils/payment-verification';

/** POST /api/payments/checkout/cancel {payment_id}: ends a checkout the user gave up on (docs/billing.md). */
export const cancelCheckout = (paymentId: string): Promise<CheckoutStatus> => api.post<CheckoutStatus>(CHECKOUT_CANCEL_PATH, { payment_id: paymentId });
