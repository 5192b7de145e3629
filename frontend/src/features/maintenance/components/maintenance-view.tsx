import { useState } from 'react';
import type { MaintenanceWindowView } from '@shared/maintenance/schemas.js';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { useDeleteMaintenanceWindow, useMaintenanceWindows } from '../api/maintenance-windows';
import { useMonitorChoices, type MonitorChoice } from '../api/monitor-choices';
import { useStatusPageChoices, type StatusPageChoice } from '../api/status-page-choices';
import { useTimezoneChoices } from '../api/timezones';
import { MAINTENANCE_TEXT } from '../texts';
import { describeSchedule, formatInZone } from '../utils/schedule';
import { WindowForm } from './window-form';
import { useMayCall } from '@/lib/workspace';

type Editing = { window: MaintenanceWindowView | null } | null;

function WindowCard({
  window,
  monitors,
  statusPages,
  viewerZone,
  onEdit,
  onDelete,
}: {
  window: MaintenanceWindowView;
  monitors: MonitorChoice[];
  statusPages: StatusPageChoice[];
  viewerZone: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const described = describeSchedule(window);
  // A viewer sees the schedule without Edit and Delete (docs/teams.md "Choosing a workspace").
  const mayEdit = useMayCall('updateMaintenanceWindow');
  const pageName = window.status_page_id ? statusPages.find((page) => page.id === window.status_page_id)?.name : undefined;
  const names = window.monitor_ids.map((id) => monitors.find((monitor) => monitor.id === id)?.name).filter((name): name is string => !!name);
  const [next] = window.next_occurrences;
  const running = next && Date.parse(next.starts_at) <= Date.now();
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <h2 className="text-base font-semibold break-words text-slate-900">{window.title}</h2>
          <p className="text-sm text-slate-700">{described ?? MAINTENANCE_TEXT.customRule(window.rrule ?? '', window.timezone)}</p>
          <p className="text-sm text-slate-600">
            {window.status_page_id ? (
              pageName ? MAINTENANCE_TEXT.statusPage(pageName) : MAINTENANCE_TEXT.wholeStatusPage
            ) : (
              <>
                {MAINTENANCE_TEXT.monitorCount(window.monitor_ids.length)}
                {names.length ? `: ${names.join(', ')}` : ''}
              </>
            )}{' '}
            · {MAINTENANCE_TEXT.mode[window.mode]}
          </p>
          <p className="text-sm text-slate-600">
            {next ? (
              <>
                <span className="font-medium text-slate-800">{running ? MAINTENANCE_TEXT.running : MAINTENANCE_TEXT.next}:</span>{' '}
                {formatInZone(running ? next.ends_at : next.starts_at, viewerZone)}
              </>
            ) : (
              MAINTENANCE_TEXT.noNext
            )}
          </p>
          {!described && window.next_occurrences.length > 1 && (
            <details className="text-sm text-slate-600">
              <summary className="cursor-pointer">{MAINTENANCE_TEXT.upcoming}</summary>
              <ul className="mt-1 list-disc pl-5">
                {window.next_occurrences.map((occurrence) => (
                  <li key={occurrence.starts_at}>{formatInZone(occurrence.starts_at, viewerZone)}</li>
                ))}
              </ul>
            </details>
          )}
        </div>
        {mayEdit && (
          <div className="flex shrink-0 gap-2">
            <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`${MAINTENANCE_TEXT.edit} ${window.title}`}>
              {MAINTENANCE_TEXT.edit}
            </Button>
            <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`${MAINTENANCE_TEXT.delete} ${window.title}`}>
              {MAINTENANCE_TEXT.delete}
            </Button>
          </div>
        )}
      </div>
    </li>
  );
}

function DeleteWindowDialog({ window, onClose }: { window: MaintenanceWindowView; onClose: () => void }) {
  const remove = useDeleteMaintenanceWindow();
  return (
    <ConfirmDeleteDialog
      title={MAINTENANCE_TEXT.deleteTitle}
      confirmLabel={MAINTENANCE_TEXT.delete}
      cancelLabel={MAINTENANCE_TEXT.cancel}
      failureText={MAINTENANCE_TEXT.failedToDelete}
      onConfirm={async () => {
        await remove(window.id);
        onClose();
      }}
      onClose={onClose}
    >
      <span className="font-semibold break-words text-slate-900">{MAINTENANCE_TEXT.deleteQuestion(window.title)}</span> {MAINTENANCE_TEXT.deleteConsequence}
    </ConfirmDeleteDialog>
  );
}

/** The Maintenance screen (docs/maintenance.md "Screens"): the account's windows, schedule, edit and delete. */
export function MaintenanceView() {
  const { data, error, isLoading, mutate } = useMaintenanceWindows();
  const monitors = useMonitorChoices().data ?? [];
  const statusPages = useStatusPageChoices().data ?? [];
  const timezones = useTimezoneChoices().data;
  const viewerZone = timezones?.current_timezone ?? 'UTC';
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<MaintenanceWindowView | null>(null);
  const mayWrite = useMayCall('createMaintenanceWindow');

  return (
    <section className="space-y-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{MAINTENANCE_TEXT.title}</h1>
          <p className="mt-1 text-sm text-slate-600">{MAINTENANCE_TEXT.intro}</p>
        </div>
        {mayWrite && (
          <Button className="self-start sm:self-auto" onClick={() => setEditing({ window: null })}>
            {MAINTENANCE_TEXT.add}
          </Button>
        )}
      </header>

      {error && !data ? (
        <LoadError error={error} fallback={MAINTENANCE_TEXT.failedToLoad} onRetry={() => void mutate()} />
      ) : isLoading || !data ? (
        <div className="flex justify-center py-12">
          <Spinner />
        </div>
      ) : data.windows.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">{MAINTENANCE_TEXT.empty}</p>
      ) : (
        <ul className="space-y-3">
          {data.windows.map((window) => (
            <WindowCard
              key={window.id}
              window={window}
              monitors={monitors}
              statusPages={statusPages}
              viewerZone={viewerZone}
              onEdit={() => setEditing({ window })}
              onDelete={() => setDeleting(window)}
            />
          ))}
        </ul>
      )}

      {editing && (
        <Modal open size="lg" title={editing.window ? MAINTENANCE_TEXT.editTitle : MAINTENANCE_TEXT.newTitle} onClose={() => setEditing(null)}>
          <WindowForm
            window={editing.window}
            monitors={monitors}
            statusPages={statusPages}
            timezones={timezones?.common_timezones ?? []}
            defaultTimezone={viewerZone}
            onDone={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        </Modal>
      )}
      {deleting && <DeleteWindowDialog window={deleting} onClose={() => setDeleting(null)} />}
    </section>
  );
}
