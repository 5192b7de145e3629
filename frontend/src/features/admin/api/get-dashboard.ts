import useSWR from 'swr';
import type { AdminDashboard } from '../types';
import { ADMIN_PATHS, adminApi } from './admin-client';

export const getAdminDashboard = (): Promise<AdminDashboard> => adminApi.get<AdminDashboard>(ADMIN_PATHS.dashboard);

/**
 * GET /api/admin/dashboard: the dashboard's figures, and (docs/product-rules.md "Operator dashboard") the call that validates a stored
 * admin session; `enabled` is false while there is none.
 */
export const useAdminDashboard = (enabled = true) =>
  useSWR<AdminDashboard, Error>(enabled ? ADMIN_PATHS.dashboard : null, getAdminDashboard);
