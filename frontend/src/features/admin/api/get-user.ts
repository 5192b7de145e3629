import useSWR from 'swr';
import { apiPath, callApi } from '@/lib/api-client';
import type { AdminUserDetail } from '../types';

/** GET /api/admin/users/{id}: the user, their monitors and recent incidents (and the audit log). */
export const getAdminUser = (id: string): Promise<AdminUserDetail> => callApi('adminGetUser', { params: { id } });

export const useAdminUserDetail = (id: string | null) =>
  useSWR<AdminUserDetail, Error>(id ? apiPath('adminGetUser', { id }) : null, () => getAdminUser(id ?? ''));
