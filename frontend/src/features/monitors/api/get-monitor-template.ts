import useSWR from 'swr';
import type { MonitorTemplate } from '../../../../../shared/monitors/bulk-upload.js';
import { api } from '../../../lib/api-client';

export const MONITOR_TEMPLATE_PATH = '/api/monitor-template';

/** GET /api/monitor-template (public): the CSV template, its file name and the format in words. */
export const getMonitorTemplate = (): Promise<MonitorTemplate> => api.get<MonitorTemplate>(MONITOR_TEMPLATE_PATH, { auth: false });

export const useMonitorTemplate = () =>
  useSWR<MonitorTemplate, Error>(MONITOR_TEMPLATE_PATH, getMonitorTemplate, { revalidateOnFocus: false });
