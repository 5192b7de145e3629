import { Suspense } from 'react';
import { useParams } from 'react-router-dom';
import type { MonitorFilter } from '../../features/monitors';
import { lazyView } from './lazy-view';

// Each app screen is its own chunk, loaded when first opened; app/preload.ts starts the chunk and
// the screen's data together on a cold start.
const loadDashboard = () => import('../../features/dashboard');
const loadMonitors = () => import('../../features/monitors');
const loadIncidents = () => import('../../features/incidents');
const loadMonitorDetails = () => import('../../features/monitor-details');
const loadSettings = () => import('../../features/settings');
const loadMaintenance = () => import('../../features/maintenance');
export const APP_CHUNKS = { loadDashboard, loadMonitors, loadIncidents, loadMonitorDetails, loadSettings, loadMaintenance };

const DashboardView = lazyView(() => loadDashboard().then((module) => module.DashboardView));
const MonitorsView = lazyView(() => loadMonitors().then((module) => module.MonitorsView));
const IncidentsView = lazyView(() => loadIncidents().then((module) => module.IncidentsView));
const IncidentView = lazyView(() => loadIncidents().then((module) => module.IncidentView));
const IncidentCard = lazyView(() => loadIncidents().then((module) => module.IncidentCard));
const MonitorDetailsView = lazyView(() => loadMonitorDetails().then((module) => module.MonitorDetailsView));
const MonitorActions = lazyView(() => loadMonitors().then((module) => module.MonitorActions));
const SettingsView = lazyView(() => loadSettings().then((module) => module.SettingsView));
const MaintenanceView = lazyView(() => loadMaintenance().then((module) => module.MaintenanceView));

export const DashboardPage = () => (
  <>
    <title>Dashboard · Upwatch</title>
    <DashboardView />
  </>
);

export const MonitorsPage = ({ filter }: { filter: MonitorFilter }) => (
  <>
    <title>Monitors · Upwatch</title>
    <MonitorsView filter={filter} />
  </>
);

/** /app/monitors/:id: the detail view draws its incidents with the incidents feature's card, and its actions with the monitors feature's. */
export function MonitorDetailsPage() {
  const { id = '' } = useParams();
  return (
    <MonitorDetailsView
      key={id}
      id={id}
      renderIncident={(incident) => (
        <Suspense fallback={null}>
          <IncidentCard incident={incident} />
        </Suspense>
      )}
      renderActions={(monitor) => (
        <Suspense fallback={null}>
          <MonitorActions monitor={monitor} />
        </Suspense>
      )}
    />
  );
}

export const IncidentsPage = () => (
  <>
    <title>Incidents · Upwatch</title>
    <IncidentsView />
  </>
);

/** /app/incidents/:id: one incident (where an alert e-mail's "View incident" leads). */
export function IncidentPage() {
  const { id = '' } = useParams();
  return <IncidentView key={id} id={id} />;
}

export const SettingsPage = () => (
  <>
    <title>Settings · Upwatch</title>
    <SettingsView />
  </>
);

/** /app/maintenance: the account's maintenance windows (docs/maintenance.md "Screens"). */
export const MaintenancePage = () => (
  <>
    <title>Maintenance · Upwatch</title>
    <MaintenanceView />
  </>
);
