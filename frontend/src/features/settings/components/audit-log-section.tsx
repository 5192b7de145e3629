import { useEffect, useState, type FormEvent } from 'react';
import { WORKSPACE_AUDIT_ACTION_LABELS, WORKSPACE_AUDIT_ACTIONS, type WorkspaceAuditEntry, type WorkspaceAuditPerson } from '@shared/workspaces/audit.js';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/form-field';
import { DownloadIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { errorMessage } from '@/lib/api-client';
import { displayTimeZone, formatTimestamp } from '@/utils/time';
import { exportAuditLog, useAuditLog } from '../api/workspace-audit-log';
import { AUDIT_LOG_TEXT } from '../texts';
import { auditActorText, auditLogQuery, auditTargetText, NO_AUDIT_FILTERS, type AuditLogFilterForm } from '../utils/audit-log';
import { LoadingLines, SectionHeader, SettingsCard } from './settings-card';

const cell = 'px-3 py-3 text-sm align-top';
const ACTION_OPTIONS = [
  { value: '', label: AUDIT_LOG_TEXT.anyAction },
  ...WORKSPACE_AUDIT_ACTIONS.map((action) => ({ value: action, label: WORKSPACE_AUDIT_ACTION_LABELS[action] })),
];

/** Wide screens: a table, one entry a row. */
function AuditTable({ entries }: { entries: WorkspaceAuditEntry[] }) {
  return (
    <table className="hidden min-w-full divide-y divide-slate-200 sm:table" aria-label={AUDIT_LOG_TEXT.title}>
      <thead>
        <tr className="text-left text-xs font-medium tracking-wide whitespace-nowrap text-slate-500 uppercase">
          <th scope="col" className="px-3 py-2">When</th>
          <th scope="col" className="px-3 py-2">Who</th>
          <th scope="col" className="px-3 py-2">What</th>
          <th scope="col" className="px-3 py-2">Target</th>
          <th scope="col" className="px-3 py-2">IP address</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {entries.map((entry) => (
          <tr key={entry.id} data-testid="audit-row">
            <td className={`${cell} w-36 text-slate-700`}>
              <time dateTime={entry.at}>{formatTimestamp(entry.at)}</time>
            </td>
            <td className={`${cell} min-w-44`}>
              <span className="block text-slate-900">{entry.actor_label}</span>
              {entry.actor_email && <span className="block text-xs [overflow-wrap:anywhere] text-slate-500">{entry.actor_email}</span>}
            </td>
            <td className={`${cell} text-slate-900`}>{WORKSPACE_AUDIT_ACTION_LABELS[entry.action] ?? entry.action}</td>
            <td className={`${cell} break-words text-slate-700`}>{auditTargetText(entry)}</td>
            <td className={`${cell} font-mono text-xs whitespace-nowrap text-slate-600`}>{entry.ip}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Phones: one block per entry, nothing to scroll sideways. */
function AuditList({ entries }: { entries: WorkspaceAuditEntry[] }) {
  return (
    <ul className="divide-y divide-slate-100 sm:hidden" aria-label={AUDIT_LOG_TEXT.title}>
      {entries.map((entry) => (
        <li key={entry.id} className="space-y-1 py-3 text-sm">
          <p className="font-medium text-slate-900">
            {WORKSPACE_AUDIT_ACTION_LABELS[entry.action] ?? entry.action}
            <span className="font-normal text-slate-700">: {auditTargetText(entry)}</span>
          </p>
          <p className="[overflow-wrap:anywhere] text-slate-700">{auditActorText(entry)}</p>
          <p className="flex flex-wrap justify-between gap-x-3 text-xs text-slate-500">
            <time dateTime={entry.at}>{formatTimestamp(entry.at)}</time>
            <span className="font-mono">{entry.ip}</span>
          </p>
        </li>
      ))}
    </ul>
  );
}

function FilterForm({ people, applied, onApply }: { people: WorkspaceAuditPerson[]; applied: AuditLogFilterForm; onApply: (form: AuditLogFilterForm) => void }) {
  const [form, setForm] = useState(applied);
  const set = (field: keyof AuditLogFilterForm) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [field]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(form);
  };
  const personOptions = [{ value: '', label: AUDIT_LOG_TEXT.anyone }, ...people.map((person) => ({ value: person.id, label: person.email ? `${person.label} (${person.email})` : person.label }))];
  return (
    <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2" aria-label={AUDIT_LOG_TEXT.filterLabel}>
      <SelectField label="Action" name="action" value={form.action} onChange={set('action')} options={ACTION_OPTIONS} />
      <SelectField label="Person" name="actor" value={form.actor} onChange={set('actor')} options={personOptions} />
      <TextField label="From" name="from" type="date" value={form.fromDay} onChange={set('fromDay')} />
      <TextField label="To" name="to" type="date" value={form.toDay} min={form.fromDay || undefined} onChange={set('toDay')} />
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <Button type="submit" size="sm">
          {AUDIT_LOG_TEXT.apply}
        </Button>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => {
            setForm(NO_AUDIT_FILTERS);
            onApply(NO_AUDIT_FILTERS);
          }}
        >
          {AUDIT_LOG_TEXT.clear}
        </Button>
      </div>
    </form>
  );
}

/**
 * Settings -> Audit log (docs/teams.md "Audit log"): who changed what in this workspace, when (in
 * the viewer's time zone) and from which IP address, newest first with "Load more"; filters by
 * action, person and days; "Export CSV" downloads the entries the filters match. Read only.
 */
export function AuditLogSection() {
  const [applied, setApplied] = useState<AuditLogFilterForm>(NO_AUDIT_FILTERS);
  const query = auditLogQuery(applied, displayTimeZone());
  const { data, error, size, setSize, mutate, isValidating } = useAuditLog(query);
  const [exporting, setExporting] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  // The people the filter offers come with each first page; kept while later filters narrow the list.
  const [people, setPeople] = useState<WorkspaceAuditPerson[]>([]);
  const firstPeople = data?.[0]?.people;
  useEffect(() => {
    if (!firstPeople?.length) return;
    setPeople((known) => [...known, ...firstPeople.filter((person) => !known.some((each) => each.id === person.id))]);
  }, [firstPeople]);

  const entries = data?.flatMap((page) => page.entries) ?? [];
  const last = data?.[data.length - 1];
  const loadingMore = size > (data?.length ?? 0) && isValidating;
  const filtered = Object.keys(query).length > 0;

  const runExport = async () => {
    setExporting(true);
    setOutcome(null);
    try {
      setOutcome({ tone: 'success', text: `Downloaded ${await exportAuditLog(query)}.` });
    } catch (cause) {
      setOutcome({ tone: 'error', text: errorMessage(cause, AUDIT_LOG_TEXT.failedToExport) });
    } finally {
      setExporting(false);
    }
  };

  const content =
    !data && error ? (
      <LoadError error={error} fallback={AUDIT_LOG_TEXT.failedToLoad} onRetry={() => void mutate()} />
    ) : !data ? (
      <LoadingLines label={AUDIT_LOG_TEXT.loading} />
    ) : entries.length === 0 ? (
      <p className="rounded-lg border-2 border-dashed border-slate-300 px-5 py-8 text-center text-sm text-slate-600" data-testid="audit-empty">
        {filtered ? AUDIT_LOG_TEXT.noMatches : AUDIT_LOG_TEXT.empty}
      </p>
    ) : (
      <>
        <AuditTable entries={entries} />
        <AuditList entries={entries} />
        {error && <Alert>{errorMessage(error, AUDIT_LOG_TEXT.failedToLoadMore)}</Alert>}
        {last?.next_cursor && (
          <div className="flex justify-center">
            <Button variant="secondary" size="sm" onClick={() => void setSize(size + 1)} loading={loadingMore} disabled={loadingMore}>
              {AUDIT_LOG_TEXT.loadMore}
            </Button>
          </div>
        )}
      </>
    );

  return (
    <>
      <SectionHeader title={AUDIT_LOG_TEXT.title} description={AUDIT_LOG_TEXT.description} />
      <SettingsCard title={AUDIT_LOG_TEXT.filterLabel}>
        <FilterForm people={people} applied={applied} onApply={(form) => setApplied({ ...form })} />
      </SettingsCard>
      <SettingsCard
        title={AUDIT_LOG_TEXT.entries}
        description={AUDIT_LOG_TEXT.retention}
        actions={
          <Button variant="secondary" size="sm" onClick={() => void runExport()} loading={exporting} disabled={exporting}>
            {!exporting && <DownloadIcon className="size-4" />}
            {AUDIT_LOG_TEXT.exportCsv}
          </Button>
        }
      >
        <div className="space-y-5">
          {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
          {content}
        </div>
      </SettingsCard>
    </>
  );
}
