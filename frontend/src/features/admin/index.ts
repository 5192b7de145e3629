// The operator panel's public surface, for src/app to compose under /admin.
export { AdminSessionProvider } from './hooks/use-admin-session';
export { AdminGate } from './components/admin-layout';
export { AdminDashboardView } from './components/dashboard-view';
export { AdminUsersView } from './components/users/users-view';
export { AdminMonitorsView } from './components/monitors/monitors-view';
export { AdminIncidentsView } from './components/incidents/incidents-view';
export { AdminPaymentsView } from './components/payments/payments-view';
export { AdminErrorLogsView } from './components/errors/errors-view';
export { AdminMessagesView } from './components/messages/messages-view';
