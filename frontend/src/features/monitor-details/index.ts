// The monitor detail feature's public surface, for src/app to compose.
export { MonitorDetailsView } from './components/monitor-details-view';
