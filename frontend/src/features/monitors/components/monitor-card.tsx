import { useState } from 'react';
import { Link } from 'react-router-dom';
import { sslSummary, type SslTone } from '@shared/monitors/monitor-ssl.js';
import { displayState, type Monitor, type MonitorDisplayState } from '@shared/monitors/schemas.js';
import { PauseIcon, PencilIcon, PlayIcon, TrashIcon } from '@/components/ui/icons';
import { MaintenanceNotice } from '@/components/ui/maintenance-notice';
import { MonitorStatusBadge } from '@/components/ui/monitor-status-badge';
import { SiteLink } from '@/components/ui/site-link';
import { Spinner } from '@/components/ui/spinner';
import { useMayCall } from '@/lib/workspace';
import { useAuth } from '@/lib/session';
import { formatInterval, formatResponseTime, formatSeconds } from '@/utils/monitor-format';
import { RelativeTime } from '@/components/ui/relative-time';
import { formatTimestamp } from '@/utils/time';
import { CurrentIssue } from './current-issue';
import { DisabledBadge, DisabledNotice, isDisabledMonitor, OperatorHoldNotice } from './disabled-notice';
import { PlanIntervalNotice } from './plan-interval-notice';
import { MonitorTypeFacts } from './monitor-type-facts';
import { paths } from '@/config/paths';

const SSL_TONE: Record<SslTone, string> = { ok: 'text-emerald-700', warning: 'text-amber-700', bad: 'text-red-700' };

const ACCENT: Record<MonitorDisplayState, string> = {
  online: 'bg-emerald-500',
  degraded: 'bg-amber-400',
  offline: 'bg-red-500',
  paused: 'bg-slate-300',
  pending: 'bg-indigo-300',
};

const action =
  'inline-flex flex-1 items-center justify-center gap-1.5 px-3 py-2.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-60';

interface MonitorCardProps {
  monitor: Monitor;
  /** Pause or resume; resolves when done (failures are reported by the page). */
  onToggleStatus: (monitor: Monitor) => Promise<void>;
  onEdit: (monitor: Monitor) => void;
  onDelete: (monitor: Monitor) => void;
}

/**
 * One monitor (docs/product-rules.md "Monitors and their states"). The name is a link to the monitor's page whose hit area covers the whole
 * card; the site link and the action buttons sit above it, so they keep their own behaviour.
 */
export function MonitorCard({ monitor, onToggleStatus, onEdit, onDelete }: MonitorCardProps) {
  // A viewer sees the card without its actions (docs/teams.md "Choosing a workspace").
  const mayEdit = useMayCall('updateMonitor');
  const timeZone = useAuth().user?.timezone ?? null;
  const [toggling, setToggling] = useState(false);
  const state = displayState(monitor);
  const disabled = isDisabledMonitor(monitor);
  // A disabled monitor is resumed like a paused one; the server allows it when the plan has room.
  const paused = monitor.status !== 'active';

  const toggle = async () => {
    setToggling(true);
    try {
      await onToggleStatus(monitor);
    } finally {
      setToggling(false);
    }
  };

  return (
    <article
      className="relative flex flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:shadow-md hover:ring-slate-300 has-[[data-card-link]:focus-visible]:ring-2 has-[[data-card-link]:focus-visible]:ring-indigo-600"
      aria-label={monitor.name}
      data-testid="monitor-card"
    >
      <span className={`absolute inset-y-0 left-0 z-20 w-1 ${ACCENT[disabled ? 'pending' : state]}`} aria-hidden="true" />
      <div className="flex-1 p-5">
        <div className="flex items-start justify-between gap-3">
          <h2 className="min-w-0 truncate font-semibold text-slate-900">
            <Link
              to={paths.app.monitor(monitor.id)}
              data-card-link
              title={monitor.name}
              className="after:absolute after:inset-0 hover:text-indigo-700 focus-visible:outline-none"
            >
              {monitor.name}
            </Link>
          </h2>
          {disabled ? <DisabledBadge /> : <MonitorStatusBadge state={state} />}
        </div>
        <SiteLink
          url={monitor.url}
          className="relative z-10 mt-0.5 block truncate text-sm text-slate-500 hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <span className="sr-only"> (opens in a new tab)</span>
        </SiteLink>
        <dl className="mt-5 grid grid-cols-2 gap-x-4 gap-y-3 border-t border-slate-100 pt-4 text-sm">
          <div>
            <dt className="text-xs text-slate-500">Response time</dt>
            <dd className={`mt-0.5 font-medium tabular-nums ${state === 'degraded' ? 'text-amber-700' : 'text-slate-900'}`}>
              {formatResponseTime(monitor.response_time)}
              {state === 'degraded' && (
                <span className="block text-xs font-normal text-amber-700" data-testid="slow-note">
                  Slower than {formatSeconds(monitor.slow_threshold)}
                </span>
              )}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Interval</dt>
            <dd className="mt-0.5 font-medium text-slate-900">{formatInterval(monitor.check_interval)}</dd>
          </div>
          <MonitorTypeFacts monitor={monitor} timeZone={timeZone} />
          {monitor.ssl && (
            <div className="col-span-2">
              <dt className="text-xs text-slate-500">SSL certificate</dt>
              <dd className={`mt-0.5 font-medium ${SSL_TONE[sslSummary(monitor.ssl).tone]}`} data-testid="ssl-summary">
                {sslSummary(monitor.ssl).text}
              </dd>
            </div>
          )}
          <div className="col-span-2">
            <dt className="text-xs text-slate-500">Last checked</dt>
            <dd className="mt-0.5 flex flex-wrap items-baseline gap-x-2 font-medium text-slate-900">
              {monitor.last_checked ? (
                <>
                  <RelativeTime iso={monitor.last_checked} timeZone={timeZone} withTitle={false} />
                  <span className="text-xs font-normal text-slate-500">{formatTimestamp(monitor.last_checked, timeZone)}</span>
                </>
              ) : (
                'Never'
              )}
            </dd>
          </div>
        </dl>
        {state === 'offline' && monitor.latest_incident && <CurrentIssue incident={monitor.latest_incident} />}
        {monitor.operator_hold ? <OperatorHoldNotice hold={monitor.operator_hold} /> : disabled && <DisabledNotice />}
        {monitor.maintenance && <MaintenanceNotice maintenance={monitor.maintenance} timeZone={timeZone} />}
        {monitor.plan_interval_change && <PlanIntervalNotice change={monitor.plan_interval_change} checkInterval={monitor.check_interval} />}
      </div>
      {mayEdit && (
        <div className="relative z-10 flex divide-x divide-slate-100 border-t border-slate-100 bg-slate-50/60">
          {/* Only an operator lifts their hold (docs/admin.md "Monitor holds"): no Resume that can only fail. */}
          {!monitor.operator_hold && (
            <button
              type="button"
              className={`${action} text-slate-700 hover:bg-slate-100 hover:text-slate-900`}
              onClick={() => void toggle()}
              disabled={toggling}
              aria-busy={toggling || undefined}
              aria-label={`${paused ? 'Resume' : 'Pause'} ${monitor.name}`}
            >
              {toggling ? <Spinner className="size-4" /> : paused ? <PlayIcon className="size-4" /> : <PauseIcon className="size-4" />}
              {paused ? 'Resume' : 'Pause'}
            </button>
          )}
          <button
            type="button"
            className={`${action} text-slate-700 hover:bg-slate-100 hover:text-slate-900`}
            onClick={() => onEdit(monitor)}
            aria-label={`Edit ${monitor.name}`}
          >
            <PencilIcon className="size-4" />
            Edit
          </button>
          <button
            type="button"
            className={`${action} text-red-700 hover:bg-red-50 hover:text-red-800`}
            onClick={() => onDelete(monitor)}
            aria-label={`Delete ${monitor.name}`}
          >
            <TrashIcon className="size-4" />
            Delete
          </button>
        </div>
      )}
    </article>
  );
}
