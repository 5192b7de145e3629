import type { TierId } from '@shared/tiers.js';
import { useAdminList } from './admin-list';

/** GET /api/admin/users: search (name or e-mail) and tier filter. */
export const useAdminUsers = (page: number, search: string, tier: TierId | 'all') =>
  useAdminList('adminListUsers', page, { search: search || undefined, tier: tier === 'all' ? undefined : tier });
