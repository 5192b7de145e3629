import { useSWRConfig } from 'swr';
import type { CreateMonitorInput, Monitor } from '../../../../../shared/monitors/schemas.js';
import { api } from '../../../lib/api-client';
import { SUBSCRIPTION_LIMITS_PATH } from '../../../lib/subscription';
import { isMonitorsKey, MONITORS_PATH } from './get-monitors';

/** POST /api/monitors. The server enforces the plan's cap and interval floor. */
export const createMonitor = (input: CreateMonitorInput): Promise<Monitor> => api.post<Monitor>(MONITORS_PATH, input);

/** Creates a monitor, then revalidates every cached page of the list and the plan usage. */
export const useCreateMonitor = () => {
  const { mutate } = useSWRConfig();
  return async (input: CreateMonitorInput): Promise<Monitor> => {
    const monitor = await createMonitor(input);
    await Promise.all([mutate(isMonitorsKey), mutate(SUBSCRIPTION_LIMITS_PATH)]);
    return monitor;
  };
};
