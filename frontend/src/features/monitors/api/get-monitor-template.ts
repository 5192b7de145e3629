import useSWR from 'swr';
import type { MonitorTemplate } from '@shared/monitors/bulk-upload.js';
import type { TierId } from '@shared/tiers.js';
import { apiPath, callApi } from '@/lib/api-client';

export const MONITOR_TEMPLATE_PATH = apiPath('getMonitorTemplate');

/**
 * GET /api/monitor-template?tier= (public): the CSV template for the user's plan (sample intervals
 * within its floor, at most its monitor cap of rows), its file name and the format in words.
 */
export const getMonitorTemplate = (tier: TierId): Promise<MonitorTemplate> =>
  callApi('getMonitorTemplate', { query: { tier } });

export const useMonitorTemplate = (tier: TierId) =>
  useSWR<MonitorTemplate, Error, readonly [string, TierId]>([MONITOR_TEMPLATE_PATH, tier], ([, plan]) => getMonitorTemplate(plan), {
    revalidateOnFocus: false,
  });
