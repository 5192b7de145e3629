import useSWR from 'swr';
import type { DashboardStats } from '../../../../../shared/insights/schemas.js';
import { api } from '../../../lib/api-client';

export const DASHBOARD_STATS_PATH = '/api/dashboard/stats';

/** GET /api/dashboard/stats (spec §3 Dashboard stats). */
export const getDashboardStats = (): Promise<DashboardStats> => api.get<DashboardStats>(DASHBOARD_STATS_PATH);

export const useDashboardStats = () => useSWR<DashboardStats, Error>(DASHBOARD_STATS_PATH, getDashboardStats);
