import useSWR from 'swr';
import type { PaymentHistoryResponse as PaymentHistory } from '@shared/billing/schemas.js';
import { api } from '@/lib/api-client';

export const PAYMENT_HISTORY_PATH = '/api/payments/history';

/** GET /api/payments/history: the signed-in user's own payments, newest first. */
export const getPaymentHistory = (): Promise<PaymentHistory> => api.get<PaymentHistory>(PAYMENT_HISTORY_PATH);

export const usePaymentHistory = () => useSWR<PaymentHistory, Error>(PAYMENT_HISTORY_PATH, getPaymentHistory);
