// The dashboard feature's public surface, for src/app to compose.
export { DashboardView } from './components/dashboard-view';
