// The incidents feature's public surface, for src/app to compose.
export { IncidentCard } from './components/incident-card';
export { IncidentsView } from './components/incidents-view';
export { IncidentView } from './components/incident-view';
