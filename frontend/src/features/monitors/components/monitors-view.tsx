import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { MONITORS_PAGE_SIZE, type Monitor } from '@shared/monitors/schemas.js';
import { TEXT } from '@shared/texts.js';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CloseIcon, MonitorIcon, PlusIcon, RefreshIcon, SearchIcon, UploadIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useSubscriptionLimits } from '@/lib/subscription';
import { useMonitors, type MonitorFilter } from '../api/get-monitors';
import { useUpdateMonitor } from '../api/update-monitor';
import { useMonitorSearch } from '../hooks/use-monitor-search';
import { useRefreshStatus } from '../hooks/use-refresh-status';
import { MONITOR_TEXT } from '../texts';
import { searchSummary } from '../utils/format';
import { limitReachedReason } from '../utils/plan';
import { BulkUploadModal } from './bulk-upload-modal';
import { DeleteMonitorDialog } from './delete-monitor-dialog';
import { LimitBanner } from './limit-banner';
import { MonitorCard } from './monitor-card';
import { MonitorFilters } from './monitor-filters';
import { MonitorModal } from './monitor-modal';
import { MonitorSearch } from './monitor-search';
import { useMayCall } from '@/lib/workspace';

// `upgradeFirst`: the limit reason when the dialog was opened at the monitor limit, kept for the
// dialog's life (an upload that reaches the cap must not swap its result for the upgrade view).
type Dialog =
  | { kind: 'add'; upgradeFirst: string | null }
  | { kind: 'edit'; monitor: Monitor }
  | { kind: 'delete'; monitor: Monitor }
  | { kind: 'bulk'; upgradeFirst: string | null }
  | null;

const pageFrom = (value: string | null): number => {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
};

/**
 * The Monitors screen (docs/product-rules.md "Monitors and their states"): Refresh Status, Bulk Upload and Add Monitor; the limit banner;
 * search and the All/Online/Offline filters; the card grid (12 a page) with its pager and
 * empty states; and the card actions (pause/resume, edit, delete).
 */
export function MonitorsView({ filter }: { filter: MonitorFilter }) {
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const search = useMonitorSearch();
  const { data, error, isLoading, mutate } = useMonitors({ page, filter, search: search.term });
  const { data: limits } = useSubscriptionLimits();
  const updateMonitor = useUpdateMonitor();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  // The confirmation counts all the user's monitors, whatever the filter or search shows.
  const { running, outcome, refresh } = useRefreshStatus(limits?.usage.monitors ?? data?.total ?? 0);

  const goToPage = (next: number) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next > 1) updated.set('page', String(next));
      else updated.delete('page');
      return updated;
    });

  // A page past the end (its last monitor was deleted, or an old link): show the last page there is.
  const pastEnd = data !== undefined && !isLoading && page > 1 && data.monitors.length === 0 && data.total > 0;
  const lastPage = data?.pages ?? 1;
  useEffect(() => {
    if (pastEnd) goToPage(lastPage);
    // Only the condition decides when to move; goToPage is rebuilt on every render.
  }, [pastEnd, lastPage]);

  const toggleStatus = async (monitor: Monitor) => {
    setActionError(null);
    try {
      await updateMonitor(monitor.id, { status: monitor.status === 'active' ? 'paused' : 'active' });
    } catch (failure) {
      setActionError(errorMessage(failure, TEXT.failedToUpdateMonitorStatus));
    }
  };

  // At the monitor limit, Add Monitor and Bulk Upload say why and lead to upgrading at once.
  const atLimit = limitReachedReason(limits);
  const openAdd = () => setDialog({ kind: 'add', upgradeFirst: atLimit });
  const closeDialog = () => setDialog(null);
  // A viewer sees the monitors without the buttons that change them (docs/teams.md "Choosing a workspace").
  const mayWrite = useMayCall('createMonitor');

  return (
    <section className="space-y-6">
      <header className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Monitors</h1>
          <p className="mt-1 text-sm text-slate-600">Every website Upwatch checks for you, and how it answered last.</p>
        </div>
        {mayWrite && (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" loading={running} disabled={running} onClick={() => void refresh()}>
              {!running && <RefreshIcon className="size-4" />}
              {TEXT.refreshStatus}
            </Button>
            <Button variant="secondary" onClick={() => setDialog({ kind: 'bulk', upgradeFirst: atLimit })}>
              <UploadIcon className="size-4" />
              {MONITOR_TEXT.bulkUpload}
            </Button>
            <Button onClick={openAdd}>
              <PlusIcon className="size-4" />
              {MONITOR_TEXT.addMonitor}
            </Button>
          </div>
        )}
      </header>

      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}

      {/* The limit and its upgrade are for those who may add monitors. */}
      {mayWrite && <LimitBanner limits={limits} />}

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <MonitorSearch value={search.draft} onChange={search.setDraft} onSubmit={search.applyNow} onClear={search.clear} />
        <MonitorFilters search={search.term} />
      </div>

      <p role="status" className={search.term && data && !isLoading ? 'text-sm text-slate-600' : 'sr-only'}>
        {search.term && data && !isLoading ? searchSummary(data.total, search.term) : ''}
      </p>

      {error && !data ? (
        <LoadError error={error} fallback={TEXT.failedToLoadMonitors} onRetry={() => void mutate()} />
      ) : !data ? (
        <div className="flex justify-center py-16 text-indigo-600" role="status">
          <Spinner className="size-8" />
          <span className="sr-only">Loading monitors…</span>
        </div>
      ) : data.total === 0 && !isLoading ? (
        search.term ? (
          <NoMatches term={search.term} onClear={search.clear} />
        ) : filter === 'all' ? (
          <EmptyState onAdd={mayWrite ? openAdd : null} />
        ) : (
          <p className="rounded-xl bg-white px-6 py-12 text-center text-sm text-slate-600 ring-1 ring-slate-200">
            No {filter} monitors right now.
          </p>
        )
      ) : (
        <div className={`space-y-6 transition-opacity ${isLoading ? 'opacity-60' : ''}`} aria-busy={isLoading || undefined}>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {data.monitors.map((monitor) => (
              <MonitorCard
                key={monitor.id}
                monitor={monitor}
                onToggleStatus={toggleStatus}
                onEdit={(chosen) => setDialog({ kind: 'edit', monitor: chosen })}
                onDelete={(chosen) => setDialog({ kind: 'delete', monitor: chosen })}
              />
            ))}
          </div>
          <Pagination page={page} pages={data.pages} total={data.total} pageSize={MONITORS_PAGE_SIZE} onPageChange={goToPage} />
        </div>
      )}

      {actionError && <ActionError message={actionError} onDismiss={() => setActionError(null)} />}

      {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <MonitorModal
          monitor={dialog.kind === 'edit' ? dialog.monitor : null}
          onClose={closeDialog}
          upgradeFirst={dialog.kind === 'add' ? dialog.upgradeFirst : null}
        />
      )}
      {dialog?.kind === 'delete' && <DeleteMonitorDialog monitor={dialog.monitor} onClose={closeDialog} />}
      {dialog?.kind === 'bulk' && <BulkUploadModal onClose={closeDialog} upgradeFirst={dialog.upgradeFirst} />}
    </section>
  );
}

function EmptyState({ onAdd }: { onAdd: (() => void) | null }) {
  return (
    <div className="rounded-xl border-2 border-dashed border-slate-300 bg-white px-6 py-16 text-center">
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
        <MonitorIcon className="size-6" />
      </div>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">{TEXT.noMonitorsYet}</h2>
      <p className="mt-1 text-sm text-slate-600">Add a website and Upwatch will check it at the interval you choose.</p>
      {onAdd && (
        <Button className="mt-6" onClick={onAdd}>
          <PlusIcon className="size-4" />
          {TEXT.addFirstMonitor}
        </Button>
      )}
    </div>
  );
}

function NoMatches({ term, onClear }: { term: string; onClear: () => void }) {
  return (
    <div className="rounded-xl bg-white px-6 py-12 text-center ring-1 ring-slate-200">
      <div className="mx-auto flex size-10 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <SearchIcon className="size-5" />
      </div>
      <p className="mt-3 text-sm text-slate-600">
        No monitor's name or URL contains <span className="font-medium break-words text-slate-900">“{term}”</span>.
      </p>
      <Button variant="secondary" size="sm" className="mt-4" onClick={onClear}>
        Clear search
      </Button>
    </div>
  );
}

/** Monitor action errors (docs/product-rules.md "Error catalogue"): kept in view wherever the user has scrolled to. */
function ActionError({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  return (
    <div
      role="alert"
      className="fixed inset-x-4 bottom-4 z-40 flex items-start gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 shadow-lg sm:inset-x-auto sm:right-6 sm:max-w-sm"
    >
      <p className="min-w-0 flex-1">{message}</p>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss"
        className="-m-1 rounded-md p-1 text-red-500 hover:bg-red-100 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-red-600"
      >
        <CloseIcon className="size-4" />
      </button>
    </div>
  );
}
