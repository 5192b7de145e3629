import useSWR from 'swr';
import { api } from '../../../lib/api-client';

export const PAYMENT_HISTORY_PATH = '/api/payments/history';

/** One of the user's payments (docs/billing.md "Payment record"). Amount in minor units. */
export interface PaymentHistoryEntry {
  id: string;
  package_id: string;
  billing_period?: string | null;
  amount: number;
  currency: string;
  payment_gateway: string;
  payment_status: string;
  created_at: string;
  receipt_url?: string | null;
}

export interface PaymentHistory {
  payments: PaymentHistoryEntry[];
}

/** GET /api/payments/history: the signed-in user's own payments, newest first. */
export const getPaymentHistory = (): Promise<PaymentHistory> => api.get<PaymentHistory>(PAYMENT_HISTORY_PATH);

export const usePaymentHistory = () => useSWR<PaymentHistory, Error>(PAYMENT_HISTORY_PATH, getPaymentHistory);
