import type { AdminMonitorStatus } from '../types';
import { useAdminList } from './admin-list';

/** GET /api/admin/monitors: search (name or URL) and status filter (active, paused, disabled). */
export const useAdminMonitors = (page: number, search: string, status: AdminMonitorStatus | 'all') =>
  useAdminList('adminListMonitors', page, {
    search: search || undefined,
    status: status === 'all' ? undefined : status,
  });
