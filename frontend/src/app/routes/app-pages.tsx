import { useParams } from 'react-router-dom';
import { DashboardView } from '../../features/dashboard';
import { IncidentCard, IncidentsView } from '../../features/incidents';
import { MonitorDetailsView } from '../../features/monitor-details';
import { MonitorsView, type MonitorFilter } from '../../features/monitors';
import { SettingsView } from '../../features/settings';

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

/** /app/monitors/:id (issue 6): the detail view draws its incidents with the incidents feature's card. */
export function MonitorDetailsPage() {
  const { id = '' } = useParams();
  return <MonitorDetailsView key={id} id={id} renderIncident={(incident) => <IncidentCard incident={incident} />} />;
}

export const IncidentsPage = () => (
  <>
    <title>Incidents · Upwatch</title>
    <IncidentsView />
  </>
);

export const SettingsPage = () => (
  <>
    <title>Settings · Upwatch</title>
    <SettingsView />
  </>
);
