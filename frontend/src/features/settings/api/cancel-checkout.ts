import { callApi } from '@/lib/api-client';
import type { CheckoutStatus } from '../utils/payment-verification';

/** POST /api/payments/checkout/cancel {payment_id}: ends a checkout the user gave up on (docs/billing.md). */
export const cancelCheckout = (paymentId: string): Promise<CheckoutStatus> => callApi('cancelCheckout', { body: { payment_id: paymentId } });
