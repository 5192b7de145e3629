import { Link } from 'react-router-dom';
import type { IncidentAlertType } from '@shared/checks/incident-details.js';
import type { Incident } from '@shared/incidents/schemas.js';
import { TEXT } from '@shared/texts.js';
import { Badge } from '@/components/ui/badge';
import { IncidentTitleLink } from '@/components/ui/incident-title-link';
import { CheckCircleIcon, ClockIcon, MonitorIcon, XCircleIcon } from '@/components/ui/icons';
import { RelativeTime } from '@/components/ui/relative-time';
import { paths } from '@/config/paths';
import { EMPTY_DASHBOARD_TEXT } from '../texts';

const TYPE_STYLE: Record<IncidentAlertType, { icon: typeof XCircleIcon; chip: string }> = {
  down: { icon: XCircleIcon, chip: 'bg-red-50 text-red-600' },
  up: { icon: CheckCircleIcon, chip: 'bg-emerald-50 text-emerald-600' },
  slow: { icon: ClockIcon, chip: 'bg-amber-50 text-amber-600' },
};

function RecentIncident({ incident }: { incident: Incident }) {
  const { icon: Icon, chip } = TYPE_STYLE[incident.alert_type];
  return (
    <li className="flex items-start gap-3 py-3.5" data-testid="recent-incident">
      <span className={`mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full ${chip}`} aria-hidden="true">
        <Icon className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <h3 className="text-sm font-semibold text-slate-900">
            <IncidentTitleLink incident={incident} />
          </h3>
          <Badge tone={incident.status === 'open' ? 'red' : 'emerald'}>{incident.status === 'open' ? 'Open' : 'Resolved'}</Badge>
        </div>
        <p className="mt-0.5 line-clamp-2 text-sm text-slate-600">
          <Link
            to={paths.app.monitor(incident.monitor_id)}
            className="font-medium text-slate-700 hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            {incident.monitor_name}
          </Link>
          <span aria-hidden="true"> · </span>
          {incident.message}
        </p>
      </div>
      <RelativeTime iso={incident.started_at} className="shrink-0 pt-0.5 text-xs whitespace-nowrap text-slate-500" />
    </li>
  );
}

/**
 * docs/product-rules.md "Dashboard": the newest incidents, each leading to its page; when there
 * are none, the all-clear text, or "nothing to measure yet" for an account without monitors.
 */
export function RecentIncidents({ incidents, hasMonitors = true }: { incidents: readonly Incident[]; hasMonitors?: boolean }) {
  return (
    <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="recent-incidents-title">
      <div className="flex items-center justify-between gap-3">
        <h2 id="recent-incidents-title" className="font-semibold text-slate-900">
          Recent Incidents
        </h2>
        {incidents.length > 0 && (
          <Link
            to={paths.app.incidents}
            className="rounded text-sm font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            View all<span className="sr-only"> incidents</span>
          </Link>
        )}
      </div>
      {incidents.length === 0 && !hasMonitors ? (
        <div className="mt-4 flex flex-col items-center rounded-lg bg-slate-50 px-4 py-10 text-center" data-testid="nothing-to-measure">
          <span className="flex size-10 items-center justify-center rounded-full bg-indigo-50 text-indigo-600" aria-hidden="true">
            <MonitorIcon className="size-5" />
          </span>
          <p className="mt-3 text-sm text-slate-600">{EMPTY_DASHBOARD_TEXT.incidents}</p>
        </div>
      ) : incidents.length === 0 ? (
        <div className="mt-4 flex flex-col items-center rounded-lg bg-slate-50 px-4 py-10 text-center">
          <span className="flex size-10 items-center justify-center rounded-full bg-emerald-50 text-emerald-600" aria-hidden="true">
            <CheckCircleIcon className="size-5" />
          </span>
          <p className="mt-3 text-sm text-slate-600">{TEXT.noRecentIncidents}</p>
        </div>
      ) : (
        <ul className="mt-1 divide-y divide-slate-100">
          {incidents.map((incident) => (
            <RecentIncident key={incident.id} incident={incident} />
          ))}
        </ul>
      )}
    </section>
  );
}
