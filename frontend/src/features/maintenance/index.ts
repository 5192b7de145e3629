/** The Maintenance screen (docs/maintenance.md "Screens"): the app page's one entry into this feature. */
export { MaintenanceView } from './components/maintenance-view';
