import type { CreateMonitorInput, Monitor } from '@shared/monitors/schemas.js';
import { api } from '@/lib/api-client';
import { useRevalidateLiveData } from '@/lib/live';
import { MONITORS_PATH } from './get-monitors';

/** POST /api/monitors. The server enforces the plan's cap and interval floor, and checks the new monitor at once. */
export const createMonitor = (input: CreateMonitorInput): Promise<Monitor> => api.post<Monitor>(MONITORS_PATH, input);

/** Creates a monitor, then revalidates every live screen (lists, dashboard, plan usage). */
export const useCreateMonitor = () => {
  const revalidate = useRevalidateLiveData();
  return async (input: CreateMonitorInput): Promise<Monitor> => {
    const monitor = await createMonitor(input);
    await revalidate();
    return monitor;
  };
};
