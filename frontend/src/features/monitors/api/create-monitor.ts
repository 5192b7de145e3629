import type { CreateMonitorInput, Monitor } from '@shared/monitors/schemas.js';
import { callApi } from '@/lib/api-client';
import { useRevalidateLiveData } from '@/lib/live';

/** POST /api/monitors. The server enforces the plan's cap and interval floor, and checks the new monitor at once. */
export const createMonitor = (input: CreateMonitorInput): Promise<Monitor> => callApi('createMonitor', { body: input });

/** Creates a monitor, then revalidates every live screen (lists, dashboard, plan usage). */
export const useCreateMonitor = () => {
  const revalidate = useRevalidateLiveData();
  return async (input: CreateMonitorInput): Promise<Monitor> => {
    const monitor = await createMonitor(input);
    await revalidate();
    return monitor;
  };
};
