import useSWR from 'swr';
import { apiPath, callApi } from '@/lib/api-client';
import type { AdminDashboard } from '../types';

export const getAdminDashboard = (): Promise<AdminDashboard> => callApi('adminDashboard');

/**
 * GET /api/admin/dashboard: the dashboard's figures, and (docs/product-rules.md "Operator dashboard") the call that validates a stored
 * admin session; `enabled` is false while there is none.
 */
export const useAdminDashboard = (enabled = true) =>
  useSWR<AdminDashboard, Error>(enabled ? apiPath('adminDashboard') : null, getAdminDashboard);
