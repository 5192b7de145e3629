import useSWR from 'swr';
import type { RouteQuery, RouteResponse } from '@shared/api/contract.js';
import { ADMIN_PAGE_SIZE } from '@shared/admin/schemas.js';
import { apiPath, callApi } from '@/lib/api-client';

/** The admin API's paged lists (all under /api/admin/). */
export type AdminListRoute =
  | 'adminListUsers'
  | 'adminListMonitors'
  | 'adminListIncidents'
  | 'adminListPayments'
  | 'adminListApplicationErrors'
  | 'adminListContactMessages';

/** A list's filters: its query without the paging; undefined leaves a filter out. */
export type ListFilters<N extends AdminListRoute> = Omit<NonNullable<RouteQuery<N>>, 'page' | 'limit'>;

type ListCall = <N extends AdminListRoute>(name: N, input: { query: Record<string, unknown> }) => Promise<RouteResponse<N>>;

/** One page of the list `name` (`page`, `limit=20` and the list's filters). */
export const getAdminList = <N extends AdminListRoute>(name: N, page: number, filters: ListFilters<N>): Promise<RouteResponse<N>> =>
  (callApi as unknown as ListCall)(name, { query: { page, limit: ADMIN_PAGE_SIZE, ...filters } });

/**
 * One page of an admin list, cached under [path, page, filters]; empty filters are left out of the
 * query. The previous page stays on screen while the next one loads.
 */
export const useAdminList = <N extends AdminListRoute>(name: N, page: number, filters: ListFilters<N>) =>
  useSWR<RouteResponse<N>, Error, readonly [string, number, ListFilters<N>]>(
    [apiPath(name), page, filters],
    ([, p, query]) => getAdminList(name, p, query),
    { keepPreviousData: true },
  );
