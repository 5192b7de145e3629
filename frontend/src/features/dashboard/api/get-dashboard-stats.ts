import useSWR from 'swr';
import type { DashboardStats } from '@shared/insights/schemas.js';
import { apiPath, callApi } from '@/lib/api-client';
import { liveOptions } from '@/lib/live';

export const DASHBOARD_STATS_PATH = apiPath('getDashboardStats');

/** GET /api/dashboard/stats (docs/product-rules.md "Dashboard"). */
export const getDashboardStats = (): Promise<DashboardStats> => callApi('getDashboardStats');

/** Monitors neither up, down nor paused have not had their first check yet: poll fast until they have. */
const awaitsFirstCheck = (stats: DashboardStats): boolean =>
  stats.total_monitors - stats.up_monitors - stats.down_monitors - (stats.paused_monitors ?? 0) > 0;

export const useDashboardStats = () =>
  useSWR<DashboardStats, Error>(DASHBOARD_STATS_PATH, getDashboardStats, liveOptions<DashboardStats>(awaitsFirstCheck));
