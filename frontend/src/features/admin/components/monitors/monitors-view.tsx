import { useState } from 'react';
import { formatResponseTime, formatInterval } from '@/utils/monitor-format';
import { formatTimestamp, relativeTime } from '@/utils/time';
import { useAdminMonitors } from '../../api/get-monitors';
import { ADMIN_TEXT } from '../../texts';
import type { AdminMonitor, AdminMonitorStatus } from '../../types';
import { AdminListPanel } from '../admin-list-panel';
import { MonitorStatus } from '../badges';
import { FilterBar, FilterSelect, SearchBox } from '../filters';
import { Cell, DetailList, EmptyRow, ListTable, ScreenHeader } from '../list-card';
import { Modal } from '@/components/ui/modal';
import { OwnerCell } from '../owner-cell';
import { Alert } from '@/components/ui/alert';
import { useReloadAdmin } from '../../api/revalidate-admin';
import { MonitorHoldForm } from './monitor-hold-form';
import { countOf } from '@shared/texts.js';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  { value: 'active', label: 'Active' },
  { value: 'paused', label: 'Paused' },
  { value: 'disabled', label: 'Disabled' },
] as const satisfies readonly { value: AdminMonitorStatus | 'all'; label: string }[];

const COLUMNS = ['Monitor', 'User', 'Status', 'Response Time', 'Last Checked'] as const;

function MonitorDetailModal({ monitor, onClose, onChanged }: { monitor: AdminMonitor; onClose: () => void; onChanged: (monitor: AdminMonitor, message: string) => void }) {
  return (
    <Modal open title="Monitor Details" onClose={onClose}>
      <DetailList
        items={[
          ['Name', monitor.name],
          ['URL', <a key="url" href={monitor.url} target="_blank" rel="noreferrer noopener" className="text-indigo-600 hover:underline">{monitor.url}</a>],
          ['Status', <MonitorStatus key="status" monitor={monitor} />],
          ['Check interval', formatInterval(monitor.check_interval)],
          ['Timeout', `${monitor.timeout} s`],
          ['Response time', formatResponseTime(monitor.response_time)],
          ['Last checked', monitor.last_checked ? formatTimestamp(monitor.last_checked) : 'Never'],
          ['Created', formatTimestamp(monitor.created_at)],
          ['User', monitor.user_name ? `${monitor.user_name} (${monitor.user_email ?? ''})` : 'Deleted user'],
          ['Monitor ID', <code key="id" className="text-xs">{monitor.id}</code>],
        ]}
      />
      <MonitorHoldForm monitor={monitor} onDone={onChanged} />
    </Modal>
  );
}

/** Monitor management (docs/product-rules.md "Operator lists"): search, status filter, table, detail modal. */
export function AdminMonitorsView() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<AdminMonitorStatus | 'all'>('all');
  const { data, error, isLoading } = useAdminMonitors(page, search, status);
  const [open, setOpen] = useState<AdminMonitor | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const reload = useReloadAdmin();

  return (
    <div className="space-y-5">
      <ScreenHeader title="Monitors" description={data ? countOf(data.total, 'monitor') : undefined} />
      <FilterBar>
        <SearchBox
          label="Search"
          placeholder="Name or URL"
          onSearch={(text) => {
            setSearch(text);
            setPage(1);
          }}
        />
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
        failedText={ADMIN_TEXT.failedToFetchMonitors}
        page={page}
        onPageChange={setPage}
        skeletonColumns={COLUMNS.length}
        loadingLabel="Loading monitors…"
        notices={notice && <Alert tone="success">{notice}</Alert>}
      >
        {(list) => (
          <ListTable label="Monitors" head={COLUMNS}>
            {list.monitors.length === 0 ? (
              <EmptyRow columns={COLUMNS.length}>No monitors match.</EmptyRow>
            ) : (
              list.monitors.map((monitor) => (
                <tr
                  key={monitor.id}
                  className="cursor-pointer hover:bg-slate-50"
                  onClick={() => setOpen(monitor)}
                  data-testid="monitor-row"
                >
                  <Cell label="Monitor">
                    <button type="button" className="text-left font-medium text-slate-900 hover:text-indigo-600" onClick={() => setOpen(monitor)}>
                      {monitor.name}
                    </button>
                    <p className="max-w-xs truncate text-xs text-slate-500" title={monitor.url}>
                      {monitor.url}
                    </p>
                  </Cell>
                  <Cell label="User">
                    <OwnerCell name={monitor.user_name} email={monitor.user_email} tier={monitor.user_tier} />
                  </Cell>
                  <Cell label="Status">
                    <MonitorStatus monitor={monitor} />
                  </Cell>
                  <Cell label="Response Time" className="whitespace-nowrap tabular-nums">{formatResponseTime(monitor.response_time)}</Cell>
                  <Cell label="Last Checked" className="whitespace-nowrap">{monitor.last_checked ? relativeTime(monitor.last_checked) : 'Never'}</Cell>
                </tr>
              ))
            )}
          </ListTable>
        )}
      </AdminListPanel>
      {open && (
        <MonitorDetailModal
          monitor={open}
          onClose={() => setOpen(null)}
          onChanged={(monitor, message) => {
            setOpen(monitor);
            setNotice(`${monitor.name}: ${message}`);
            void reload();
          }}
        />
      )}
    </div>
  );
}
