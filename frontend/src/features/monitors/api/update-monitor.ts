import type { Monitor, UpdateMonitorInput } from '@shared/monitors/schemas.js';
import { callApi } from '@/lib/api-client';
import { useRevalidateLiveData } from '@/lib/live';

/** PUT /api/monitors/{id}: the edit form's fields, or `status` alone (pause/resume). */
export const updateMonitor = (id: string, input: UpdateMonitorInput): Promise<Monitor> =>
  callApi('updateMonitor', { params: { id }, body: input });

/** Updates a monitor, then revalidates every live screen (lists, detail, dashboard). */
export const useUpdateMonitor = () => {
  const revalidate = useRevalidateLiveData();
  return async (id: string, input: UpdateMonitorInput): Promise<Monitor> => {
    const monitor = await updateMonitor(id, input);
    await revalidate();
    return monitor;
  };
};
