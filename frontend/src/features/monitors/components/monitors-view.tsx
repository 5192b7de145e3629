import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { MONITORS_PAGE_SIZE } from '../../../../../shared/monitors/schemas.js';
import { TEXT } from '../../../../../shared/texts.js';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { MonitorIcon, PlusIcon } from '../../../components/ui/icons';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { useMonitors, type MonitorFilter } from '../api/get-monitors';
import { useRefreshStatus } from '../hooks/use-refresh-status';
import { CreateMonitorModal } from './create-monitor-modal';
import { MonitorCard } from './monitor-card';
import { MonitorFilters } from './monitor-filters';

const pageFrom = (value: string | null): number => {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
};

/** The Monitors screen: Refresh Status, filters, the card grid (12 a page), the empty state and Add Monitor. */
export function MonitorsView({ filter }: { filter: MonitorFilter }) {
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const { data, error, isLoading, mutate } = useMonitors({ page, filter });
  const [adding, setAdding] = useState(false);
  const { running, outcome, refresh } = useRefreshStatus(data?.total ?? 0);

  const goToPage = (next: number) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next > 1) updated.set('page', String(next));
      else updated.delete('page');
      return updated;
    });

  return (
    <section className="space-y-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Monitors</h1>
          <p className="mt-1 text-sm text-slate-600">Every website Upwatch checks for you, and how it answered last.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" loading={running} disabled={running} onClick={() => void refresh()}>
            {TEXT.refreshStatus}
          </Button>
          <Button onClick={() => setAdding(true)}>
            <PlusIcon className="size-4" />
            Add Monitor
          </Button>
        </div>
      </header>

      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}

      <MonitorFilters />

      {error && !data ? (
        <div className="space-y-3">
          <Alert>{TEXT.failedToLoadMonitors}</Alert>
          <Button variant="secondary" size="sm" onClick={() => void mutate()}>
            Try again
          </Button>
        </div>
      ) : isLoading || !data ? (
        <div className="flex justify-center py-16 text-indigo-600" role="status">
          <Spinner className="size-8" />
          <span className="sr-only">Loading monitors…</span>
        </div>
      ) : data.total === 0 ? (
        filter === 'all' ? (
          <EmptyState onAdd={() => setAdding(true)} />
        ) : (
          <p className="rounded-xl bg-white px-6 py-12 text-center text-sm text-slate-600 ring-1 ring-slate-200">
            No {filter} monitors right now.
          </p>
        )
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {data.monitors.map((monitor) => (
              <MonitorCard key={monitor.id} monitor={monitor} />
            ))}
          </div>
          <Pagination page={page} pages={data.pages} total={data.total} pageSize={MONITORS_PAGE_SIZE} onPageChange={goToPage} />
        </>
      )}

      <CreateMonitorModal open={adding} onClose={() => setAdding(false)} />
    </section>
  );
}

function EmptyState({ onAdd }: { onAdd: () => void }) {
  return (
    <div className="rounded-xl border-2 border-dashed border-slate-300 bg-white px-6 py-16 text-center">
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
        <MonitorIcon className="size-6" />
      </div>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">{TEXT.noMonitorsYet}</h2>
      <p className="mt-1 text-sm text-slate-600">Add a website and Upwatch will check it at the interval you choose.</p>
      <Button className="mt-6" onClick={onAdd}>
        <PlusIcon className="size-4" />
        {TEXT.addFirstMonitor}
      </Button>
    </div>
  );
}
