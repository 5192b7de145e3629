import type { ReactNode } from 'react';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { formatResponseTime, formatInterval } from '@/utils/monitor-format';
import { formatTimestamp, relativeTime } from '@/utils/time';
import { useAdminUserDetail } from '../../api/get-user';
import { ADMIN_TEXT } from '../../texts';
import type { AdminAuditEntry, AdminUserDetail } from '../../types';
import { adminErrorMessage } from '../../utils/errors';
import { billingLine, formatShortTimestamp, incidentDuration, scheduledPlanChange } from '../../utils/format';
import { ActiveBadge, MonitorStatus, OpenResolvedBadge, TierBadge } from '../badges';
import { ErrorBanner } from '../error-banner';
import { DetailList } from '../list-card';
import { AccountManagerForm } from './account-manager-form';

function Section({ title, count, children }: { title: string; count?: number; children: ReactNode }) {
  return (
    <section className="space-y-3" aria-label={title}>
      <h3 className="text-sm font-semibold text-slate-900">
        {title}
        {count !== undefined && <span className="ml-1.5 font-normal text-slate-500">({count})</span>}
      </h3>
      {children}
    </section>
  );
}

const empty = (text: string) => <p className="rounded-lg bg-slate-50 px-3 py-4 text-center text-sm text-slate-500">{text}</p>;

/** "name: Ada -> Grace" for each field an audit entry changed. */
const changes = (entry: AdminAuditEntry): string[] => {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].map((key) => {
    const from = key in before ? JSON.stringify(before[key]) : null;
    const to = key in after ? JSON.stringify(after[key]) : null;
    return from !== null && to !== null ? `${key}: ${from} → ${to}` : `${key}: ${to ?? from}`;
  });
};

function Details({ detail }: { detail: AdminUserDetail }) {
  const { user, monitors, recent_incidents: incidents, audit_log: audit } = detail;
  const scheduled = scheduledPlanChange(detail.subscription);
  return (
    <div className="space-y-6">
      <Section title="User Information">
        <DetailList
          items={[
            ['Name', user.name],
            ['Email', user.email],
            ['Subscription', <TierBadge key="tier" tier={user.subscription_tier} />],
            ['Status', <ActiveBadge key="active" active={user.is_active} />],
            ['Email verified', user.email_verified ? 'Yes' : 'No'],
            ['Joined', formatTimestamp(user.created_at)],
            ['Monitors', String(user.monitor_count ?? monitors.length)],
            ['Timezone', user.timezone ?? '—'],
            ...(user.subscription_ends_at ? ([['Paid until', formatShortTimestamp(user.subscription_ends_at)]] as const) : []),
            ...(detail.subscription ? ([['Billing', billingLine(detail.subscription)]] as const) : []),
            ...(scheduled
              ? ([['Scheduled change', <span key="scheduled" className="font-medium text-amber-700" data-testid="scheduled-change">{scheduled}</span>]] as const)
              : []),
            ['User ID', <code key="id" className="text-xs">{user.id}</code>],
          ]}
        />
      </Section>

      <Section title="Account Manager">
        <AccountManagerForm detail={detail} />
      </Section>

      <Section title="Monitors" count={monitors.length}>
        {monitors.length === 0 ? (
          empty('No monitors.')
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
            {monitors.map((monitor) => (
              <li key={monitor.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2.5 text-sm">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-slate-900">{monitor.name}</p>
                  <p className="truncate text-xs text-slate-500" title={monitor.url}>
                    {monitor.url}
                  </p>
                </div>
                <MonitorStatus monitor={monitor} />
                <span className="text-xs text-slate-500">
                  every {formatInterval(monitor.check_interval)} · {formatResponseTime(monitor.response_time)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Recent Incidents" count={incidents.length}>
        {incidents.length === 0 ? (
          empty('No incidents.')
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
            {incidents.map((incident) => (
              <li key={incident.id} className="space-y-1 px-3 py-2.5 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium text-slate-900 capitalize">{incident.alert_type}</span>
                  <OpenResolvedBadge open={incident.status === 'open'} />
                  <span className="text-xs text-slate-500">
                    {incident.monitor_name} · {relativeTime(incident.started_at)} · {incidentDuration(incident)}
                  </span>
                </div>
                <p className="text-slate-600">{incident.message}</p>
              </li>
            ))}
          </ul>
        )}
      </Section>

      {audit && (
        <Section title="Audit Log" count={audit.length}>
          {audit.length === 0 ? (
            empty('No admin actions on this user yet.')
          ) : (
            <ul className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200" data-testid="audit-log">
              {audit.map((entry) => (
                <li key={entry.id} className="space-y-1 px-3 py-2.5 text-sm">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <code className="text-xs font-semibold text-slate-900">{entry.action}</code>
                    <span className="text-xs text-slate-500">{formatTimestamp(entry.at)}</span>
                  </div>
                  <p className="text-xs text-slate-500">by {entry.admin_email ?? entry.admin_id}</p>
                  {changes(entry).length > 0 && (
                    <ul className="space-y-0.5 text-xs break-all text-slate-700">
                      {changes(entry).map((line) => (
                        <li key={line}>{line}</li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Section>
      )}
    </div>
  );
}

/** The user detail modal (docs/product-rules.md "Operator user actions"): user information, their monitors, recent incidents (and the audit log). */
export function UserDetailModal({ userId, onClose }: { userId: string; onClose: () => void }) {
  const { data, error } = useAdminUserDetail(userId);
  return (
    <Modal open title="User Details" onClose={onClose} size="lg">
      {error && <ErrorBanner message={adminErrorMessage(error, ADMIN_TEXT.failedToFetchUserDetails)} error={error} />}
      {data ? (
        <Details detail={data} />
      ) : (
        !error && (
          <p className="flex items-center gap-2 py-8 text-sm text-slate-500" role="status">
            <Spinner className="size-5 text-indigo-600" /> Loading user details…
          </p>
        )
      )}
    </Modal>
  );
}
