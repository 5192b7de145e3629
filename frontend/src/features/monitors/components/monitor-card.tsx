import { displayState, type Monitor } from '../../../../../shared/monitors/schemas.js';
import { useAuth } from '../../../lib/session';
import { formatTimestamp, relativeTime } from '../../../utils/time';
import { formatInterval, formatResponseTime } from '../utils/format';
import { CurrentIssue } from './current-issue';
import { StatusBadge } from './status-badge';

const ACCENT = {
  online: 'bg-emerald-500',
  offline: 'bg-red-500',
  paused: 'bg-amber-400',
  pending: 'bg-slate-300',
} as const;

export function MonitorCard({ monitor }: { monitor: Monitor }) {
  const timeZone = useAuth().user?.timezone ?? null;
  const state = displayState(monitor);
  return (
    <article
      className="relative overflow-hidden rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md"
      aria-label={monitor.name}
      data-testid="monitor-card"
    >
      <span className={`absolute inset-y-0 left-0 w-1 ${ACCENT[state]}`} aria-hidden="true" />
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 truncate font-semibold text-slate-900">{monitor.name}</h3>
        <StatusBadge state={state} />
      </div>
      <a
        href={monitor.url}
        target="_blank"
        rel="noreferrer noopener"
        className="mt-0.5 block truncate text-sm text-slate-500 hover:text-indigo-600"
        title={monitor.url}
      >
        {monitor.url}
      </a>
      <dl className="mt-5 grid grid-cols-2 gap-x-4 gap-y-3 border-t border-slate-100 pt-4 text-sm">
        <div>
          <dt className="text-xs text-slate-500">Response time</dt>
          <dd className="mt-0.5 font-medium text-slate-900 tabular-nums">{formatResponseTime(monitor.response_time)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Interval</dt>
          <dd className="mt-0.5 font-medium text-slate-900">{formatInterval(monitor.check_interval)}</dd>
        </div>
        <div className="col-span-2">
          <dt className="text-xs text-slate-500">Last checked</dt>
          <dd className="mt-0.5 flex flex-wrap items-baseline gap-x-2 font-medium text-slate-900">
            {monitor.last_checked ? (
              <>
                <time dateTime={monitor.last_checked}>{relativeTime(monitor.last_checked, Date.now(), timeZone)}</time>
                <span className="text-xs font-normal text-slate-400">{formatTimestamp(monitor.last_checked, timeZone)}</span>
              </>
            ) : (
              'Never'
            )}
          </dd>
        </div>
      </dl>
      {state === 'offline' && monitor.latest_incident && <CurrentIssue incident={monitor.latest_incident} />}
    </article>
  );
}
