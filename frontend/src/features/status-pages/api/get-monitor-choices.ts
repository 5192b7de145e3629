import useSWR from 'swr';
import type { Monitor } from '@shared/monitors/schemas.js';
import { callApi } from '@/lib/api-client';

/** The largest page GET /api/monitors answers (shared/monitors/schemas.ts ListMonitorsQuery). */
const PAGE_SIZE = 100;

/** What the component picker shows of a monitor. */
export type MonitorChoice = Pick<Monitor, 'id' | 'name' | 'url'>;

/**
 * Every monitor of the account, by name: the list the form's components are picked from. GET
 * /api/monitors answers 100 at most per call, so an account with more (Enterprise has 500) is read
 * page by page, the pages after the first at once.
 */
export const getMonitorChoices = async (): Promise<MonitorChoice[]> => {
  const first = await callApi('listMonitors', { query: { page: 1, limit: PAGE_SIZE } });
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, first.pages - 1) }, (_, index) => callApi('listMonitors', { query: { page: index + 2, limit: PAGE_SIZE } })),
  );
  return [first, ...rest]
    .flatMap((list) => list.monitors)
    .map(({ id, name, url }) => ({ id, name, url }))
    .sort((a, b) => a.name.localeCompare(b.name));
};

/**
 * The picker's monitors, read again on focus (a monitor added in another tab shows). Its own
 * cache key, not the monitors list's path, so the pushes that refresh the monitor screens after
 * every check do not re-read every page while a form is open.
 */
export const useMonitorChoices = () => useSWR<MonitorChoice[], Error>('status-page-monitor-choices', getMonitorChoices);
