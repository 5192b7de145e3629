import useSWR from 'swr';
import type { PaymentHistoryResponse as PaymentHistory } from '@shared/billing/schemas.js';
import { apiPath, callApi } from '@/lib/api-client';

export const PAYMENT_HISTORY_PATH = apiPath('listPaymentHistory');

/** GET /api/payments/history: the signed-in user's own payments, newest first. */
export const getPaymentHistory = (): Promise<PaymentHistory> => callApi('listPaymentHistory');

export const usePaymentHistory = () => useSWR<PaymentHistory, Error>(PAYMENT_HISTORY_PATH, getPaymentHistory);
