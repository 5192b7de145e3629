import { Link } from 'react-router-dom';
import { titleOfIncident } from '@shared/checks/incident-details.js';
import type { Incident } from '@shared/incidents/schemas.js';
import { paths } from '@/config/paths';

/**
 * An incident's title as a link to its page, wherever incidents are listed (dashboard, incident
 * list, monitor page): one look, and a 24 px tall target (docs/accessibility.md).
 */
export function IncidentTitleLink({ incident }: { incident: Incident }) {
  return (
    <Link
      to={paths.app.incident(incident.id)}
      className="inline-block rounded py-1 underline decoration-slate-300 underline-offset-4 hover:text-indigo-600 hover:decoration-indigo-400 focus-visible:outline-2 focus-visible:outline-indigo-600"
      data-testid="incident-link"
    >
      {titleOfIncident(incident)}
    </Link>
  );
}
