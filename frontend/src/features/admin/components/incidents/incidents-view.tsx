import { useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { formatResponseTime } from '@/utils/monitor-format';
import { formatTimestamp } from '@/utils/time';
import { useAdminIncidents } from '../../api/get-incidents';
import { ADMIN_TEXT } from '../../texts';
import type { AdminIncident } from '../../types';
import { formatShortTimestamp, incidentDuration } from '../../utils/format';
import { AdminListPanel } from '../admin-list-panel';
import { OpenResolvedBadge } from '../badges';
import { FilterBar, FilterSelect } from '../filters';
import { Cell, DetailList, EmptyRow, ListTable, ScreenHeader } from '../list-card';
import { OwnerCell } from '../owner-cell';
import { countOf } from '@shared/texts.js';

type StatusFilter = 'all' | 'open' | 'resolved';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
] as const satisfies readonly { value: StatusFilter; label: string }[];

const COLUMNS = ['Alert', 'Monitor', 'User', 'Status', 'Started', 'Duration'] as const;

const ALERT_TONE: Record<string, string> = { down: 'text-red-700', up: 'text-emerald-700', slow: 'text-amber-700', timeout: 'text-red-700' };

function IncidentDetailModal({ incident, onClose }: { incident: AdminIncident; onClose: () => void }) {
  const details = incident.details;
  return (
    <Modal open title="Incident Details" onClose={onClose}>
      <div className="space-y-5">
        <DetailList
          items={[
            ['Alert type', <span key="type" className={`font-medium capitalize ${ALERT_TONE[incident.alert_type] ?? ''}`}>{incident.alert_type}</span>],
            ['Status', <OpenResolvedBadge key="status" open={incident.status === 'open'} />],
            ['Message', incident.message],
            ['Monitor', incident.monitor_name],
            ['URL', incident.monitor_url],
            ['User', incident.user_name ? `${incident.user_name} (${incident.user_email ?? ''})` : 'Deleted user'],
            ['Started', formatTimestamp(incident.started_at)],
            ['Resolved', incident.resolved_at ? formatTimestamp(incident.resolved_at) : '—'],
            ['Duration', incidentDuration(incident)],
            ...(details
              ? ([
                  ['Impact', `${details.user_impact}: ${details.impact_description}`],
                  ['Status code', details.status_code === null ? '—' : String(details.status_code)],
                  ['Response time', formatResponseTime(details.response_time)],
                ] as const)
              : []),
          ]}
        />
        {details && (
          <div className="space-y-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-700 ring-1 ring-slate-200">
            <p>{details.explanation}</p>
            <p className="text-slate-600">
              <span className="font-medium text-slate-900">Recommended action:</span> {details.recommended_action}
            </p>
          </div>
        )}
      </div>
    </Modal>
  );
}

/** Incident management (docs/product-rules.md "Operator lists"): status filter, table, detail modal. */
export function AdminIncidentsView() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<StatusFilter>('all');
  const { data, error, isLoading } = useAdminIncidents(page, status);
  const [open, setOpen] = useState<AdminIncident | null>(null);

  return (
    <div className="space-y-5">
      <ScreenHeader title="Incidents" description={data ? countOf(data.total, 'incident') : undefined} />
      <FilterBar>
        <FilterSelect
          label="Status"
          value={status}
          options={STATUS_OPTIONS}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
        />
      </FilterBar>
      <AdminListPanel
        data={data}
        error={error}
        isLoading={isLoading}
        failedText={ADMIN_TEXT.failedToFetchIncidents}
        page={page}
        onPageChange={setPage}
        skeletonColumns={COLUMNS.length}
        loadingLabel="Loading incidents…"
      >
        {(list) => (
          <ListTable label="Incidents" head={COLUMNS}>
            {list.incidents.length === 0 ? (
              <EmptyRow columns={COLUMNS.length}>No incidents match.</EmptyRow>
            ) : (
              list.incidents.map((incident) => (
                <tr key={incident.id} className="cursor-pointer hover:bg-slate-50" onClick={() => setOpen(incident)} data-testid="incident-row">
                  {/* Column widths keep the table inside 1280 px beside the sidebar (docs/admin-panel.md "Narrow screens"). */}
                  <Cell label="Alert" className="sm:w-48">
                    <button type="button" className={`text-left font-medium capitalize ${ALERT_TONE[incident.alert_type] ?? ''}`} onClick={() => setOpen(incident)}>
                      {incident.alert_type}
                    </button>
                    <p className="line-clamp-3 text-xs text-slate-500 sm:max-w-48" title={incident.message}>
                      {incident.message}
                    </p>
                  </Cell>
                  <Cell label="Monitor">
                    <p className="font-medium text-slate-900 sm:max-w-40 sm:truncate" title={incident.monitor_name}>
                      {incident.monitor_name}
                    </p>
                    <p className="max-w-[14rem] truncate text-xs text-slate-500 sm:max-w-40" title={incident.monitor_url}>
                      {incident.monitor_url}
                    </p>
                  </Cell>
                  <Cell label="User" className="sm:max-w-44 sm:[overflow-wrap:anywhere]">
                    <OwnerCell name={incident.user_name} email={incident.user_email} tier={incident.user_tier} />
                  </Cell>
                  <Cell label="Status">
                    <OpenResolvedBadge open={incident.status === 'open'} />
                  </Cell>
                  <Cell label="Started" className="sm:w-28">{formatShortTimestamp(incident.started_at)}</Cell>
                  <Cell label="Duration" className="whitespace-nowrap">{incidentDuration(incident)}</Cell>
                </tr>
              ))
            )}
          </ListTable>
        )}
      </AdminListPanel>
      {open && <IncidentDetailModal incident={open} onClose={() => setOpen(null)} />}
    </div>
  );
}
