import type { ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { lazyView } from './lazy-view';
import { paths } from '@/config/paths';

// The operator panel is its own chunk: users of the app never load it (docs/performance-web.md).
const loadAdmin = () => import('../../features/admin');
const AdminDashboardView = lazyView(() => loadAdmin().then((module) => module.AdminDashboardView));
const AdminErrorLogsView = lazyView(() => loadAdmin().then((module) => module.AdminErrorLogsView));
const AdminGate = lazyView(() => loadAdmin().then((module) => module.AdminGate));
const AdminIncidentsView = lazyView(() => loadAdmin().then((module) => module.AdminIncidentsView));
const AdminMessagesView = lazyView(() => loadAdmin().then((module) => module.AdminMessagesView));
const AdminMonitorsView = lazyView(() => loadAdmin().then((module) => module.AdminMonitorsView));
const AdminPaymentsView = lazyView(() => loadAdmin().then((module) => module.AdminPaymentsView));
const AdminSessionProvider = lazyView(() => loadAdmin().then((module) => module.AdminSessionProvider));
const AdminUsersView = lazyView(() => loadAdmin().then((module) => module.AdminUsersView));

/**
 * /admin/*: the operator panel, with its own sign-in and session (docs/product-rules.md "Operator sign-in and session"). It
 * does not look at the user's session: a signed-in user sees the admin login here.
 */
export function AdminPage() {
  return (
    <AdminSessionProvider>
      <meta name="robots" content="noindex" />
      <AdminGate />
    </AdminSessionProvider>
  );
}

const screen = (title: string, view: ReactNode) => (
  <>
    <title>{`${title} · Upwatch Admin`}</title>
    {view}
  </>
);

export const adminRoutes: RouteObject[] = [
  { index: true, element: <Navigate to={paths.admin.dashboard} replace /> },
  { path: 'dashboard', element: screen('Dashboard', <AdminDashboardView />) },
  { path: 'users', element: screen('Users', <AdminUsersView />) },
  { path: 'monitors', element: screen('Monitors', <AdminMonitorsView />) },
  { path: 'incidents', element: screen('Incidents', <AdminIncidentsView />) },
  { path: 'payments', element: screen('Payments', <AdminPaymentsView />) },
  { path: 'error-logs', element: screen('Error Logs', <AdminErrorLogsView />) },
  { path: 'messages', element: screen('Messages', <AdminMessagesView />) },
  { path: '*', element: <Navigate to={paths.admin.dashboard} replace /> },
];
