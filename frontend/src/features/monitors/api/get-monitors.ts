import useSWR from 'swr';
import { MONITORS_PAGE_SIZE, type MonitorList } from '../../../../../shared/monitors/schemas.js';
import { api } from '../../../lib/api-client';

export const MONITORS_PATH = '/api/monitors';

export type MonitorFilter = 'all' | 'online' | 'offline';

export interface MonitorsQuery {
  page: number;
  filter: MonitorFilter;
  /** Name or URL contains this (server side, case-insensitive); empty for no search. */
  search: string;
}

/** GET /api/monitors, one page (12 per page, spec §9), optionally only online or offline ones. */
export const getMonitors = ({ page, filter, search }: MonitorsQuery): Promise<MonitorList> =>
  api.get<MonitorList>(MONITORS_PATH, {
    query: {
      page,
      limit: MONITORS_PAGE_SIZE,
      status_filter: filter === 'all' ? undefined : filter,
      search: search || undefined,
    },
  });

type MonitorsKey = readonly [typeof MONITORS_PATH, number, MonitorFilter, string];

/** Every cached page of the list, so a mutation can revalidate them all. */
export const isMonitorsKey = (key: unknown): boolean => Array.isArray(key) && key[0] === MONITORS_PATH;

export const useMonitors = (query: MonitorsQuery) =>
  useSWR<MonitorList, Error, MonitorsKey>(
    [MONITORS_PATH, query.page, query.filter, query.search],
    ([, page, filter, search]) => getMonitors({ page, filter, search }),
    { keepPreviousData: true },
  );
