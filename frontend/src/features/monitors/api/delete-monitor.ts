import { callApi } from '@/lib/api-client';
import { useRevalidateLiveData } from '@/lib/live';

/** DELETE /api/monitors/{id}; frees its place under the plan's cap. */
export const deleteMonitor = async (id: string): Promise<void> => {
  await callApi('deleteMonitor', { params: { id } });
};

/** Deletes a monitor, then revalidates every live screen (lists, dashboard, plan usage). */
export const useDeleteMonitor = () => {
  const revalidate = useRevalidateLiveData();
  return async (id: string): Promise<void> => {
    await deleteMonitor(id);
    await revalidate();
  };
};
