import { useSWRConfig } from 'swr';
import { api } from '../../../lib/api-client';
import { SUBSCRIPTION_LIMITS_PATH } from '../../../lib/subscription';
import { isMonitorsKey, MONITORS_PATH } from './get-monitors';

/** DELETE /api/monitors/{id}; frees its place under the plan's cap. */
export const deleteMonitor = (id: string): Promise<void> => api.delete<void>(`${MONITORS_PATH}/${encodeURIComponent(id)}`);

/** Deletes a monitor, then revalidates every cached page of the list and the plan usage. */
export const useDeleteMonitor = () => {
  const { mutate } = useSWRConfig();
  return async (id: string): Promise<void> => {
    await deleteMonitor(id);
    await Promise.all([mutate(isMonitorsKey), mutate(SUBSCRIPTION_LIMITS_PATH)]);
  };
};
