import { Link } from 'react-router-dom';
import { titleOfIncident } from '@shared/checks/incident-details.js';
import { LoadError } from '@/components/ui/load-error';
import { ButtonLink } from '@/components/ui/button';
import { AlertIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useIncident } from '../api/get-incident';
import { IncidentCard } from './incident-card';
import { IncidentUpdates } from './incident-updates';
import { paths } from '@/config/paths';

function BackToIncidents() {
  return (
    <Link
      to={paths.app.incidents}
      className="inline-flex items-center gap-1 rounded text-sm font-medium text-slate-600 hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <span aria-hidden="true">←</span> All incidents
    </Link>
  );
}

/** /app/incidents/:id: the one incident an alert e-mail's "View incident" button opens. */
export function IncidentView({ id }: { id: string }) {
  const { data, error, mutate } = useIncident(id);

  if (error instanceof ApiError && error.status === 404) {
    return (
      <div className="rounded-xl border-2 border-dashed border-slate-300 bg-white px-6 py-16 text-center">
        <title>Incident not found · Upwatch</title>
        <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
          <AlertIcon className="size-6" />
        </div>
        <h1 className="mt-4 text-lg font-semibold text-slate-900">Incident not found</h1>
        <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">There is no incident at this address in your account. The link may be wrong.</p>
        <ButtonLink to={paths.app.incidents} className="mt-6">
          All incidents
        </ButtonLink>
      </div>
    );
  }
  return (
    <section className="space-y-6">
      <title>{data ? `${titleOfIncident(data)}: ${data.monitor_name} · Upwatch` : 'Incident · Upwatch'}</title>
      <BackToIncidents />
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Incident</h1>
      {error && !data ? (
        <LoadError error={error} fallback="Failed to load the incident" onRetry={() => void mutate()} />
      ) : !data ? (
        <div className="flex justify-center py-16 text-indigo-600" role="status">
          <Spinner className="size-8" />
          <span className="sr-only">Loading incident…</span>
        </div>
      ) : (
        <>
          <IncidentCard incident={data} headingLevel="h2" linkToIncident={false} />
          <IncidentUpdates incident={data} />
        </>
      )}
    </section>
  );
}
