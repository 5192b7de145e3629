import useSWR, { useSWRConfig } from 'swr';
import type { TierId } from '@shared/tiers.js';
import type { AdminUser, AdminUserDetail, AdminUserList, UpdateUserInput } from '../types';
import { ADMIN_PATHS, adminApi, isAdminKey } from './admin-client';
import { useAdminList } from './lists';

/** GET /api/admin/users: search (name or e-mail) and tier filter. */
export const useAdminUsers = (page: number, search: string, tier: TierId | 'all') =>
  useAdminList<AdminUserList>(ADMIN_PATHS.users, page, { search: search || undefined, tier: tier === 'all' ? undefined : tier });

/** GET /api/admin/users/{id}: the user, their monitors and recent incidents (and the audit log). */
export const useAdminUserDetail = (id: string | null) =>
  useSWR<AdminUserDetail, Error>(id ? ADMIN_PATHS.user(id) : null, (path: string) => adminApi.get<AdminUserDetail>(path));

export const updateUser = (id: string, input: UpdateUserInput): Promise<{ user: AdminUser }> =>
  adminApi.put<{ user: AdminUser }>(ADMIN_PATHS.user(id), input);

/** Spec §2: the quick upgrade of a free user; the body names the tier. */
export const upgradeUser = (id: string, tier: TierId = 'pro'): Promise<{ user: AdminUser; message?: string }> =>
  adminApi.post<{ user: AdminUser; message?: string }>(ADMIN_PATHS.upgradeUser(id), { tier });

export const deleteUser = (id: string): Promise<{ message?: string }> => adminApi.delete<{ message?: string }>(ADMIN_PATHS.user(id));

/**
 * After a change to users or their monitors: every admin list and the dashboard may show it, so
 * every admin key is revalidated.
 */
export const useReloadAdmin = () => {
  const { mutate } = useSWRConfig();
  return (): Promise<unknown> => mutate(isAdminKey);
};
