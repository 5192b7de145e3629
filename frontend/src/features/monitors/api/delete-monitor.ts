import { api } from '@/lib/api-client';
import { useRevalidateLiveData } from '@/lib/live';
import { MONITORS_PATH } from './get-monitors';

/** DELETE /api/monitors/{id}; frees its place under the plan's cap. */
export const deleteMonitor = (id: string): Promise<void> => api.delete<void>(`${MONITORS_PATH}/${encodeURIComponent(id)}`);

/** Deletes a monitor, then revalidates every live screen (lists, dashboard, plan usage). */
export const useDeleteMonitor = () => {
  const revalidate = useRevalidateLiveData();
  return async (id: string): Promise<void> => {
    await deleteMonitor(id);
    await revalidate();
  };
};
