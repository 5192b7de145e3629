import { callApi } from '@/lib/api-client';
import type { CheckoutStatus, ReturnGateway } from '../utils/payment-verification';

/** GET /api/payments/checkout/status/{id}?gateway=: the payment's status, refreshed from the provider when not final. */
export const getCheckoutStatus = (id: string, gateway: ReturnGateway, signal?: AbortSignal): Promise<CheckoutStatus> =>
  callApi('getCheckoutStatus', { params: { id }, query: { gateway }, ...(signal ? { signal } : {}) });
