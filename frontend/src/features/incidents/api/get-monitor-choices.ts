import useSWR from 'swr';
import { callApi } from '@/lib/api-client';

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

// Not the monitor list's own key: live pushes and actions revalidate that one (lib/live.ts), and
// reading every page again for each push during an outage would be waste for a list of names.
const CHOICES_KEY = 'incident-update-monitor-choices';

/** The monitors the impact picker offers; read once per visit of the incident page (names change rarely). */
export const useMonitorChoices = () => useSWR<MonitorChoice[], Error, typeof CHOICES_KEY>(CHOICES_KEY, getMonitorChoices, { revalidateOnFocus: false });
