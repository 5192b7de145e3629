import type { PaymentStatus } from '../types';
import { useAdminList } from './admin-list';

/** GET /api/admin/payments: status filter; the page carries the count and the summary cards. */
export const useAdminPayments = (page: number, status: PaymentStatus | 'all') =>
  useAdminList('adminListPayments', page, { status: status === 'all' ? undefined : status });
