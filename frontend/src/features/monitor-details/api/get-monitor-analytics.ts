import useSWR from 'swr';
import type { AnalyticsPeriod, MonitorAnalytics } from '@shared/insights/analytics.js';
import { apiPath, callApi } from '@/lib/api-client';

/** GET /api/monitors/{id}/analytics?period= (docs/analytics.md): the analytics panel's figures for one period. */
export const getMonitorAnalytics = (id: string, period: AnalyticsPeriod): Promise<MonitorAnalytics> =>
  callApi('getMonitorAnalytics', { params: { id }, query: { period } });

/** Kept per period, so switching back shows the figures at once while they refresh. */
export const useMonitorAnalytics = (id: string, period: AnalyticsPeriod) =>
  useSWR<MonitorAnalytics, Error, string>(`${apiPath('getMonitorAnalytics', { id })}?period=${period}`, () => getMonitorAnalytics(id, period), {
    refreshInterval: 60_000,
  });
