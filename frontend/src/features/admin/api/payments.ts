import type { AdminPaymentList, PaymentStatus } from '../types';
import { ADMIN_PATHS } from './admin-client';
import { useAdminList } from './lists';

/** GET /api/admin/payments: status filter; the page carries the count and the summary cards. */
export const useAdminPayments = (page: number, status: PaymentStatus | 'all') =>
  useAdminList<AdminPaymentList>(ADMIN_PATHS.payments, page, { status: status === 'all' ? undefined : status });
