import { useSWRConfig } from 'swr';
import type { Monitor, UpdateMonitorInput } from '../../../../../shared/monitors/schemas.js';
import { api } from '../../../lib/api-client';
import { isMonitorsKey, MONITORS_PATH } from './get-monitors';

/** PUT /api/monitors/{id}: the edit form's four fields, or `status` alone (pause/resume). */
export const updateMonitor = (id: string, input: UpdateMonitorInput): Promise<Monitor> =>
  api.put<Monitor>(`${MONITORS_PATH}/${encodeURIComponent(id)}`, input);

/** Updates a monitor, then revalidates every cached page of the list. */
export const useUpdateMonitor = () => {
  const { mutate } = useSWRConfig();
  return async (id: string, input: UpdateMonitorInput): Promise<Monitor> => {
    const monitor = await updateMonitor(id, input);
    await mutate(isMonitorsKey);
    return monitor;
  };
};
