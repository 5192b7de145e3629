import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { displayState, type Monitor } from '@shared/monitors/schemas.js';
import { MonitorStatusBadge } from '@/components/ui/monitor-status-badge';
import { SiteLink } from '@/components/ui/site-link';
import { formatSeconds, timeoutLabel } from '@/utils/monitor-format';
import { RelativeTime } from '@/components/ui/relative-time';
import { formatInterval, formatMs } from '../utils/format';
import { paths } from '@/config/paths';
import { spaMonitorType } from '@/components/monitor-types';
import { MonitorAlertChannels } from './monitor-alert-channels';
import { MonitorAlertRules } from './monitor-alert-rules';

export function BackToMonitors() {
  return (
    <Link
      to={paths.app.monitors}
      className="inline-flex items-center gap-1 rounded text-sm font-medium text-slate-600 hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <span aria-hidden="true">←</span> Back to monitors
    </Link>
  );
}

/** Name, address and state of the monitor, its actions, when and how often it is checked, and where its alerts go. */
export function MonitorHeader({ monitor, actions }: { monitor: Monitor; actions?: ReactNode }) {
  const state = displayState(monitor);
  return (
    <header className="space-y-4">
      <BackToMonitors />
      <div className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <h1 className="min-w-0 text-2xl font-semibold tracking-tight break-words text-slate-900">{monitor.name}</h1>
          <MonitorStatusBadge state={state} />
        </div>
        <SiteLink url={monitor.url} className="mt-1 inline-block max-w-full truncate text-sm text-slate-500 hover:text-indigo-600" />
        {actions && <div className="mt-4">{actions}</div>}
        <dl className="mt-5 grid grid-cols-2 gap-x-4 gap-y-3 border-t border-slate-100 pt-4 text-sm sm:grid-cols-3 lg:grid-cols-5">
          <div>
            <dt className="text-xs text-slate-500">Check interval</dt>
            <dd className="mt-0.5 font-medium text-slate-900">{formatInterval(monitor.check_interval)}</dd>
          </div>
          {/* A heartbeat is not timed (docs/checks.md "Heartbeat monitors"): no timeout, threshold or response time. */}
          {spaMonitorType(monitor.monitor_type).timed && (
          <>
          <div>
            <dt className="text-xs text-slate-500">Timeout</dt>
            <dd className="mt-0.5 font-medium text-slate-900">{timeoutLabel(monitor.timeout)}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Slow threshold</dt>
            <dd className="mt-0.5 font-medium text-slate-900" data-testid="slow-threshold">
              {formatSeconds(monitor.slow_threshold)}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Response time</dt>
            <dd className={`mt-0.5 font-medium tabular-nums ${state === 'degraded' ? 'text-amber-700' : 'text-slate-900'}`}>
              {monitor.response_time === null ? '—' : formatMs(monitor.response_time * 1000)}
              {state === 'degraded' && <span className="block text-xs font-normal">Slower than {formatSeconds(monitor.slow_threshold)}</span>}
            </dd>
          </div>
          </>
          )}
          <div>
            <dt className="text-xs text-slate-500">Last checked</dt>
            <dd className="mt-0.5 font-medium text-slate-900">
              {monitor.last_checked ? (
                <RelativeTime iso={monitor.last_checked} />
              ) : (
                'Never'
              )}
            </dd>
          </div>
        </dl>
        <MonitorAlertChannels monitor={monitor} />
        <MonitorAlertRules monitor={monitor} />
      </div>
    </header>
  );
}
