import { useId } from 'react';
import { Link } from 'react-router-dom';
import { titleOfIncident, type IncidentAlertType } from '@shared/checks/incident-details.js';
import type { Incident } from '@shared/incidents/schemas.js';
import { monitorTypeDefinition, monitorTypeOfUrl } from '@shared/monitors/types/index.js';
import { Badge } from '@/components/ui/badge';
import { IncidentTitleLink } from '@/components/ui/incident-title-link';
import { CheckCircleIcon, ClockIcon, XCircleIcon } from '@/components/ui/icons';
import { ImpactBadge } from '@/components/ui/impact-badge';
import { SiteLink } from '@/components/ui/site-link';
import { formatResponseTime } from '@/utils/monitor-format';
import { RelativeTime } from '@/components/ui/relative-time';
import { categoryLabel, incidentDuration, whatHappened } from '../utils/format';
import { paths } from '@/config/paths';
import { IncidentAcknowledgement } from './incident-acknowledgement';

const TYPE_STYLE: Record<IncidentAlertType, { icon: typeof XCircleIcon; chip: string }> = {
  down: { icon: XCircleIcon, chip: 'bg-red-50 text-red-600 ring-red-100' },
  up: { icon: CheckCircleIcon, chip: 'bg-emerald-50 text-emerald-600 ring-emerald-100' },
  slow: { icon: ClockIcon, chip: 'bg-amber-50 text-amber-600 ring-amber-100' },
};

/** Whether the monitored thing could be used, in its type's words ("Site accessible", "Port unreachable", "Job checking in"). */
function AccessMarker({ accessible, monitorUrl }: { accessible: boolean; monitorUrl: string }) {
  const { access } = monitorTypeDefinition(monitorTypeOfUrl(monitorUrl)).wording;
  const Icon = accessible ? CheckCircleIcon : XCircleIcon;
  return (
    <span className={`inline-flex items-center gap-1 text-xs font-medium ${accessible ? 'text-emerald-700' : 'text-red-700'}`}>
      <Icon className="size-4" />
      {accessible ? access.yes : access.no}
    </span>
  );
}

function When({ label, iso }: { label: string; iso: string }) {
  return (
    <span>
      {label}{' '}
      <RelativeTime iso={iso} className="font-medium text-slate-700" />
    </span>
  );
}

interface IncidentCardProps {
  incident: Incident;
  /** The title's heading level where the card sits: h2 in the incident list, h3 under a section. */
  headingLevel?: 'h2' | 'h3';
  /** Whether the title links to the incident's own page: everywhere but on that page itself. */
  linkToIncident?: boolean;
}

/**
 * One incident (docs/product-rules.md "Incidents and their texts"): what it is, whom it hurts, what
 * happened, what to do, and who is on it. Its title leads to the incident's own page.
 */
export function IncidentCard({ incident, headingLevel: Heading = 'h3', linkToIncident = true }: IncidentCardProps) {
  const titleId = useId();
  const { details } = incident;
  const { icon: Icon, chip } = TYPE_STYLE[incident.alert_type];
  const duration = incidentDuration(incident);
  const explanation = whatHappened(incident);
  return (
    <article aria-labelledby={titleId} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="incident-card">
      <div className="flex gap-4">
        <span className={`hidden size-10 shrink-0 items-center justify-center rounded-full ring-1 sm:flex ${chip}`} aria-hidden="true">
          <Icon className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
            <div className="min-w-0">
              <Heading id={titleId} className="font-semibold text-slate-900">
                {linkToIncident ? (
                  <IncidentTitleLink incident={incident} />
                ) : (
                  titleOfIncident(incident)
                )}
              </Heading>
              <p className="mt-0.5 flex min-w-0 flex-wrap items-baseline gap-x-2 text-sm">
                <Link
                  to={paths.app.monitor(incident.monitor_id)}
                  className="font-medium text-slate-700 hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
                >
                  {incident.monitor_name}
                </Link>
                <SiteLink url={incident.monitor_url} className="max-w-full truncate text-slate-500 hover:text-indigo-600" />
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={incident.status === 'open' ? 'red' : 'emerald'} dot>
                {incident.status === 'open' ? 'Open' : 'Resolved'}
              </Badge>
              {duration && (
                <span className="text-xs text-slate-500" data-testid="incident-duration">
                  {incident.alert_type === 'up' ? `Outage lasted ${duration}` : `Lasted ${duration}`}
                </span>
              )}
            </div>
          </div>

          {incident.message !== explanation && <p className="mt-3 text-sm font-medium text-slate-800">{incident.message}</p>}

          <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1.5">
            <ImpactBadge impact={details.user_impact} />
            <AccessMarker accessible={details.user_accessible} monitorUrl={incident.monitor_url} />
          </div>
          {details.impact_description && <p className="mt-1.5 text-sm text-slate-600">{details.impact_description}</p>}

          <dl className="mt-4 grid gap-4 text-sm md:grid-cols-2">
            <div>
              <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">What happened</dt>
              <dd className="mt-1 leading-6 text-slate-700">{explanation}</dd>
            </div>
            <div>
              <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Recommended action</dt>
              <dd className="mt-1 leading-6 text-slate-700">{details.recommended_action}</dd>
            </div>
          </dl>

          <div className="mt-4 rounded-lg bg-slate-50 px-4 py-3">
            <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Technical details</p>
            <dl className="mt-2 grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
              <div>
                <dt className="text-xs text-slate-500">Status code</dt>
                <dd className="mt-0.5 font-medium text-slate-900 tabular-nums">{details.status_code ?? '—'}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Response time</dt>
                <dd className="mt-0.5 font-medium text-slate-900 tabular-nums">{formatResponseTime(details.response_time)}</dd>
              </div>
              <div className="col-span-2 sm:col-span-1">
                <dt className="text-xs text-slate-500">Category</dt>
                <dd className="mt-0.5 font-medium text-slate-900">{categoryLabel(details.error_category)}</dd>
              </div>
            </dl>
          </div>

          <p className="mt-4 flex flex-wrap gap-x-6 gap-y-1 text-xs text-slate-500">
            <When label="Started" iso={incident.started_at} />
            {incident.resolved_at && <When label="Resolved" iso={incident.resolved_at} />}
          </p>
          <IncidentAcknowledgement incident={incident} />
        </div>
      </div>
    </article>
  );
}
