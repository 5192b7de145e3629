import useSWR from 'swr';
import { apiPath, callApi } from '@/lib/api-client';

/** A status page the form can set a window on (docs/maintenance.md "Screens"). */
export interface StatusPageChoice {
  id: string;
  name: string;
}

/** GET /api/status-pages: the account's pages (a few, the plan's cap), by name. */
export const getStatusPageChoices = async (): Promise<StatusPageChoice[]> =>
  (await callApi('listStatusPages')).status_pages.map((page) => ({ id: page.id, name: page.name })).sort((a, b) => a.name.localeCompare(b.name));

export const useStatusPageChoices = () =>
  useSWR<StatusPageChoice[], Error>([apiPath('listStatusPages'), 'maintenance-choices'], getStatusPageChoices, { revalidateOnFocus: false });
