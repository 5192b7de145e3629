import useSWR from 'swr';
import { apiPath, callApi } from '@/lib/api-client';

/** A monitor the owner can name in an update's impact. */
export interface MonitorChoice {
  id: string;
  name: string;
}

const PAGE = 100;

/** Every monitor of the account, by name, a page of 100 at a time (GET /api/monitors). */
export const getMonitorChoices = async (): Promise<MonitorChoice[]> => {
  const choices: MonitorChoice[] = [];
  for (let page = 1, pages = 1; page <= pages; page++) {
    const list = await callApi('listMonitors', { query: { page, limit: PAGE } });
    choices.push(...list.monitors.map((monitor) => ({ id: monitor.id, name: monitor.name })));
    pages = list.pages;
  }
  return choices.sort((a, b) => a.name.localeCompare(b.name));
};

/** The monitors the impact picker offers; read once per visit of the form (names change rarely). */
export const useMonitorChoices = () =>
  useSWR<MonitorChoice[], Error, readonly [string, 'update-impact-choices']>([apiPath('listMonitors'), 'update-impact-choices'], getMonitorChoices, {
    revalidateOnFocus: false,
  });
