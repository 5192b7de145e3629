import useSWR from 'swr';
import { ADMIN_PAGE_SIZE } from '@shared/admin/schemas.js';
import { adminApi } from './admin-client';

export type ListQuery = Record<string, string | number | boolean | undefined>;

/**
 * One page of an admin list (spec §7: `page`, `limit=20` and the list's filters); empty filters are
 * left out of the query. The previous page stays on screen while the next one loads.
 */
export const useAdminList = <T>(path: string, page: number, filters: ListQuery) =>
  useSWR<T, Error, readonly [string, number, ListQuery]>([path, page, filters], ([url, p, query]) =>
    adminApi.get<T>(url, { query: { page: p, limit: ADMIN_PAGE_SIZE, ...query } }),
    { keepPreviousData: true },
  );
