/**
 * A cold start of a signed-in page, in parallel (docs/performance-web.md): once /config.json is
 * in, the session check, the page's own data, the page's code and Amplify are all requested at
 * once, instead of config -> me -> (render) -> page code -> page data one after another.
 */
import { preload } from 'swr';
import { DASHBOARD_STATS_PATH, getDashboardStats } from '../features/dashboard/api/get-dashboard-stats';
import { hasSession, preloadAuth } from '../lib/auth';
import { preloadMe } from '../lib/session';
import { APP_CHUNKS } from './routes/app-pages';
import { paths } from '@/config/paths';

const chunkFor = (pathname: string): (() => Promise<unknown>) | null => {
  if (pathname === paths.app.root || pathname.startsWith(paths.app.dashboard)) return APP_CHUNKS.loadDashboard;
  if (/^\/app\/monitors\/(online|offline)?\/?$/.test(pathname) || pathname === paths.app.monitors) return APP_CHUNKS.loadMonitors;
  if (pathname.startsWith(`${paths.app.monitors}/`)) return APP_CHUNKS.loadMonitorDetails;
  if (pathname.startsWith(paths.app.incidents)) return APP_CHUNKS.loadIncidents;
  if (pathname.startsWith(paths.app.settings)) return APP_CHUNKS.loadSettings;
  if (pathname.startsWith(paths.app.maintenance)) return APP_CHUNKS.loadMaintenance;
  return null;
};

/** Starts what the page at `pathname` will need; call once the runtime configuration is loaded. */
export const preloadForPage = (pathname: string): void => {
  if (!pathname.startsWith(paths.app.root) || !hasSession()) return;
  preloadAuth();
  preloadMe();
  void chunkFor(pathname)?.();
  if (pathname === paths.app.root || pathname === `${paths.app.root}/` || pathname.startsWith(paths.app.dashboard)) {
    void preload(DASHBOARD_STATS_PATH, getDashboardStats).catch(() => undefined);
  }
};
