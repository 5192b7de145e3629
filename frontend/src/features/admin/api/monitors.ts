import type { AdminIncidentList, AdminMonitorList, AdminMonitorStatus } from '../types';
import { ADMIN_PATHS } from './admin-client';
import { useAdminList } from './lists';

/** GET /api/admin/monitors: search (name or URL) and status filter (active, paused, disabled). */
export const useAdminMonitors = (page: number, search: string, status: AdminMonitorStatus | 'all') =>
  useAdminList<AdminMonitorList>(ADMIN_PATHS.monitors, page, {
    search: search || undefined,
    status: status === 'all' ? undefined : status,
  });

/** GET /api/admin/incidents: status filter (open, resolved). */
export const useAdminIncidents = (page: number, status: 'all' | 'open' | 'resolved') =>
  useAdminList<AdminIncidentList>(ADMIN_PATHS.incidents, page, { status: status === 'all' ? undefined : status });
