import useSWR from 'swr';
import { displayState, MONITORS_PAGE_SIZE, type MonitorList } from '@shared/monitors/schemas.js';
import { apiPath, callApi } from '@/lib/api-client';
import { liveOptions } from '@/lib/live';

export const MONITORS_PATH = apiPath('listMonitors');

export type MonitorFilter = 'all' | 'online' | 'offline';

export interface MonitorsQuery {
  page: number;
  filter: MonitorFilter;
  /** Name or URL contains this (server side, case-insensitive); empty for no search. */
  search: string;
}

/** GET /api/monitors, one page (12 per page, docs/product-rules.md "Pagination"), optionally only online or offline ones. */
export const getMonitors = ({ page, filter, search }: MonitorsQuery): Promise<MonitorList> =>
  callApi('listMonitors', {
    query: {
      page,
      limit: MONITORS_PAGE_SIZE,
      status_filter: filter === 'all' ? undefined : filter,
      search: search || undefined,
    },
  });

type MonitorsKey = readonly [string, number, MonitorFilter, string];

/** A monitor on the page has not been checked yet: poll fast until its first check shows. */
const awaitsFirstCheck = (list: MonitorList): boolean => list.monitors.some((monitor) => displayState(monitor) === 'pending');

export const useMonitors = (query: MonitorsQuery) =>
  useSWR<MonitorList, Error, MonitorsKey>(
    [MONITORS_PATH, query.page, query.filter, query.search],
    ([, page, filter, search]) => getMonitors({ page, filter, search }),
    { keepPreviousData: true, ...liveOptions<MonitorList>(awaitsFirstCheck) },
  );
