import useSWR from 'swr';
import { MONITORS_PAGE_SIZE, type MonitorList } from '../../../../../shared/monitors/schemas.js';
import { api } from '../../../lib/api-client';

export const MONITORS_PATH = '/api/monitors';

export type MonitorFilter = 'all' | 'online' | 'offline';

export interface MonitorsQuery {
  page: number;
  filter: MonitorFilter;
}

/** GET /api/monitors, one page (12 per page, spec §9), optionally only online or offline ones. */
export const getMonitors = ({ page, filter }: MonitorsQuery): Promise<MonitorList> =>
  api.get<MonitorList>(MONITORS_PATH, {
    query: { page, limit: MONITORS_PAGE_SIZE, status_filter: filter === 'all' ? undefined : filter },
  });

type MonitorsKey = readonly [typeof MONITORS_PATH, number, MonitorFilter];

/** Every cached page of the list, so a mutation can revalidate them all. */
export const isMonitorsKey = (key: unknown): boolean => Array.isArray(key) && key[0] === MONITORS_PATH;

export const useMonitors = (query: MonitorsQuery) =>
  useSWR<MonitorList, Error, MonitorsKey>(
    [MONITORS_PATH, query.page, query.filter],
    ([, page, filter]) => getMonitors({ page, filter }),
    { keepPreviousData: true },
  );
