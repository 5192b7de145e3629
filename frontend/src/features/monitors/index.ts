// The monitors feature's public surface, for src/app to compose.
export { MonitorsView } from './components/monitors-view';
export { MonitorActions } from './components/monitor-actions';
export type { MonitorFilter } from './api/get-monitors';
