import { useAdminList } from './admin-list';

/** GET /api/admin/incidents: status filter (open, resolved). */
export const useAdminIncidents = (page: number, status: 'all' | 'open' | 'resolved') =>
  useAdminList('adminListIncidents', page, { status: status === 'all' ? undefined : status });
