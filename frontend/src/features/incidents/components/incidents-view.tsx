import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { INCIDENTS_PAGE_SIZE } from '@shared/incidents/schemas.js';
import { TEXT } from '@shared/texts.js';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CheckCircleIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useIncidents, useRefreshIncidents, type IncidentsQuery } from '../api/get-incidents';
import { incidentsParams, incidentsQueryFrom } from '../utils/filters';
import { IncidentCard } from './incident-card';
import { IncidentFilters } from './incident-filters';
import { countOf } from '@shared/texts.js';

/** The Incidents screen (docs/product-rules.md "Incidents and their texts", "Pagination"): filters, Refresh, the cards (10 a page), the pager and the empty state. */
export function IncidentsView() {
  const [params, setParams] = useSearchParams();
  const query = incidentsQueryFrom(params);
  const { data, error, isLoading, isValidating, mutate } = useIncidents(query);
  const refresh = useRefreshIncidents();
  const filtered = query.status !== null || query.type !== null;

  const show = (next: IncidentsQuery) => setParams(incidentsParams(next));

  // A page past the end (the list shrank since the link was made) shows the last page instead.
  const lastPage = data?.pages ?? 0;
  const { page, status, type } = query;
  useEffect(() => {
    if (lastPage > 0 && page > lastPage) setParams(incidentsParams({ page: lastPage, status, type }), { replace: true });
  }, [lastPage, page, status, type, setParams]);

  return (
    <section className="space-y-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Incidents</h1>
          <p className="mt-1 text-sm text-slate-600">When your sites went down, recovered or slowed, what it meant for visitors and what to do.</p>
        </div>
        <Button
          variant="secondary"
          className="self-start sm:self-auto"
          loading={isValidating && !isLoading}
          disabled={isValidating}
          onClick={() => void refresh()}
        >
          Refresh
        </Button>
      </header>

      <IncidentFilters query={query} onChange={show} />

      <p className="sr-only" role="status">
        {data ? countOf(data.total, 'incident') : ''}
      </p>

      {error && !data ? (
        <LoadError error={error} fallback={TEXT.failedToLoadIncidents} onRetry={() => void mutate()} />
      ) : isLoading || !data ? (
        <div className="flex justify-center py-16 text-indigo-600" role="status">
          <Spinner className="size-8" />
          <span className="sr-only">Loading incidents…</span>
        </div>
      ) : data.incidents.length === 0 ? (
        <div className="rounded-xl border-2 border-dashed border-slate-300 bg-white px-6 py-14 text-center">
          <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
            <CheckCircleIcon className="size-6" />
          </div>
          <p className="mt-4 font-medium text-slate-900">{TEXT.noIncidentsReported}</p>
          {filtered && (
            <Button variant="secondary" size="sm" className="mt-4" onClick={() => show({ page: 1, status: null, type: null })}>
              Show all incidents
            </Button>
          )}
        </div>
      ) : (
        <>
          {error && <Alert>{errorMessage(error, TEXT.failedToLoadIncidents)}</Alert>}
          <ul className="space-y-4" aria-busy={isValidating}>
            {data.incidents.map((incident) => (
              <li key={incident.id}>
                <IncidentCard incident={incident} headingLevel="h2" />
              </li>
            ))}
          </ul>
          <Pagination
            page={query.page}
            pages={data.pages}
            total={data.total}
            pageSize={INCIDENTS_PAGE_SIZE}
            onPageChange={(page) => show({ ...query, page })}
          />
        </>
      )}
    </section>
  );
}
