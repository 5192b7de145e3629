import useSWR from 'swr';
import { apiPath, callApi } from '@/lib/api-client';

/** A monitor the form can put in a window. */
export interface MonitorChoice {
  id: string;
  name: string;
}

const PAGE = 100;

/** Every monitor of the account, a page of 100 at a time (Enterprise keeps 500), by name. */
export const getMonitorChoices = async (): Promise<MonitorChoice[]> => {
  const choices: MonitorChoice[] = [];
  for (let page = 1; ; page++) {
    const list = await callApi('listMonitors', { query: { page, limit: PAGE } });
    choices.push(...list.monitors.map((monitor) => ({ id: monitor.id, name: monitor.name })));
    if (page >= list.pages) break;
  }
  return choices.sort((a, b) => a.name.localeCompare(b.name));
};

export const useMonitorChoices = () =>
  useSWR<MonitorChoice[], Error>([apiPath('listMonitors'), 'maintenance-choices'], getMonitorChoices, { revalidateOnFocus: false });
