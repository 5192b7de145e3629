import { useState } from 'react';
import { FileIcon, MonitorIcon, UserIcon } from '@/components/ui/icons';
import { useApplicationErrors, type ResolvedFilter } from '../../api/get-application-errors';
import { resolveApplicationError } from '../../api/resolve-application-error';
import { ADMIN_TEXT } from '../../texts';
import { APPLICATION_ERROR_TYPES, type ApplicationError, type ApplicationErrorType } from '../../types';
import { adminErrorMessage } from '../../utils/errors';
import { formatShortTimestamp } from '../../utils/format';
import { AdminListPanel } from '../admin-list-panel';
import { OpenResolvedBadge } from '../badges';
import { ErrorBanner } from '../error-banner';
import { FilterBar, FilterSelect } from '../filters';
import { Cell, EmptyRow, ListTable, ScreenHeader } from '../list-card';
import { ErrorDetailModal } from './error-detail-modal';
import { countOf } from '@shared/texts.js';

const TYPE_OPTIONS = [
  { value: 'all', label: 'All types' },
  ...APPLICATION_ERROR_TYPES.map((type) => ({ value: type, label: type })),
] as const satisfies readonly { value: ApplicationErrorType | 'all'; label: string }[];

const RESOLVED_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
] as const satisfies readonly { value: ResolvedFilter; label: string }[];

const COLUMNS = ['Error Type', 'Message', 'Status', 'Timestamp', 'Context', 'Actions'] as const;

/** Context icons (docs/product-rules.md "Application error log"): the error names a user, a monitor, or carries a stack trace. */
function ContextIcons({ error }: { error: ApplicationError }) {
  const icons = [
    error.user_id && { Icon: UserIcon, label: `User ${error.user_id}` },
    error.monitor_id && { Icon: MonitorIcon, label: `Monitor ${error.monitor_id}` },
    error.stack_trace && { Icon: FileIcon, label: 'Stack trace' },
  ].filter((icon): icon is { Icon: typeof UserIcon; label: string } => Boolean(icon));
  if (icons.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <span className="flex items-center gap-1.5 text-slate-500">
      {icons.map(({ Icon, label }) => (
        <span key={label} title={label} role="img" aria-label={label}>
          <Icon className="size-4" />
        </span>
      ))}
    </span>
  );
}

/** docs/product-rules.md "Application error log": filters by type and resolved state, count, table, details, resolve. */
export function AdminErrorLogsView() {
  const [page, setPage] = useState(1);
  const [type, setType] = useState<ApplicationErrorType | 'all'>('all');
  const [resolved, setResolved] = useState<ResolvedFilter>('all');
  const { data, error, isLoading, mutate } = useApplicationErrors(page, type, resolved);
  const [open, setOpen] = useState<ApplicationError | null>(null);
  const [actionError, setActionError] = useState<{ message: string } | null>(null);
  const [resolving, setResolving] = useState<string | null>(null);

  /** Resolve, then (docs/product-rules.md "Application error log") reload the list and close the modal; a failure keeps both as they are. */
  const resolve = async (target: ApplicationError): Promise<void> => {
    try {
      await resolveApplicationError(target.id);
    } catch (failure) {
      throw new Error(adminErrorMessage(failure, ADMIN_TEXT.failedToResolveError));
    }
    await mutate();
    setOpen(null);
  };

  const resolveFromRow = async (target: ApplicationError) => {
    setActionError(null);
    setResolving(target.id);
    try {
      await resolve(target);
    } catch (failure) {
      setActionError({ message: failure instanceof Error ? failure.message : ADMIN_TEXT.failedToResolveError });
    } finally {
      setResolving(null);
    }
  };

  return (
    <div className="space-y-5">
      <ScreenHeader title="Error Logs" description="Application errors of the API, the check pipeline, mail, payments and sign-in." />
      <FilterBar>
        <FilterSelect
          label="Error type"
          value={type}
          options={TYPE_OPTIONS}
          onChange={(value) => {
            setType(value);
            setPage(1);
          }}
        />
        <FilterSelect
          label="Resolved"
          value={resolved}
          options={RESOLVED_OPTIONS}
          onChange={(value) => {
            setResolved(value);
            setPage(1);
          }}
        />
        {data && (
          <p className="pb-2 text-sm text-slate-600" data-testid="error-count">
            {countOf(data.total, 'error')}
          </p>
        )}
      </FilterBar>
      <AdminListPanel
        data={data}
        error={error}
        isLoading={isLoading}
        failedText={ADMIN_TEXT.failedToFetchErrors}
        page={page}
        onPageChange={setPage}
        skeletonColumns={COLUMNS.length}
        loadingLabel="Loading application errors…"
        notices={
          <>
            {actionError && <ErrorBanner message={actionError.message} error={actionError} />}
          </>
        }
      >
        {(list) => (
          <ListTable label="Application errors" head={COLUMNS}>
            {list.errors.length === 0 ? (
              <EmptyRow columns={COLUMNS.length}>No application errors match.</EmptyRow>
            ) : (
              list.errors.map((entry) => (
                <tr key={entry.id} data-testid="error-row">
                  <Cell label="Error Type">
                    <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium whitespace-nowrap text-slate-800">{entry.error_type}</code>
                  </Cell>
                  <Cell label="Message">
                    <p className="line-clamp-2 max-w-xs sm:min-w-48 break-words" title={entry.error_message}>
                      {entry.error_message}
                    </p>
                  </Cell>
                  <Cell label="Status">
                    <OpenResolvedBadge open={!entry.resolved} />
                  </Cell>
                  <Cell label="Timestamp" className="sm:min-w-28">{formatShortTimestamp(entry.timestamp)}</Cell>
                  <Cell label="Context">
                    <ContextIcons error={entry} />
                  </Cell>
                  <Cell label="Actions">
                    <div className="flex flex-col items-start gap-0.5 whitespace-nowrap">
                      <button type="button" onClick={() => setOpen(entry)} className="rounded-md px-2 py-1 text-sm font-medium text-indigo-600 hover:bg-indigo-50">
                        View Details
                      </button>
                      {!entry.resolved && (
                        <button
                          type="button"
                          onClick={() => void resolveFromRow(entry)}
                          disabled={resolving === entry.id}
                          className="rounded-md px-2 py-1 text-sm font-medium text-emerald-700 hover:bg-emerald-50 disabled:opacity-60"
                        >
                          {ADMIN_TEXT.markAsResolved}
                        </button>
                      )}
                    </div>
                  </Cell>
                </tr>
              ))
            )}
          </ListTable>
        )}
      </AdminListPanel>
      {open && <ErrorDetailModal error={open} onClose={() => setOpen(null)} onResolve={resolve} />}
    </div>
  );
}
