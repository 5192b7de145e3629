import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { AnalyticsStep, MonitorAnalytics } from '@shared/insights/analytics.js';
import { paths } from '@/config/paths';
import { formatPercentage } from '@/utils/percentage';
import { formatTimestamp } from '@/utils/time';
import { useElementWidth } from '../../hooks/use-element-width';
import { ANALYTICS_TEXT } from '../../texts';
import { stepLabeller, uptimeColour } from '../../utils/analytics';

const BAR_TOP = 14;
const BAR_HEIGHT = 36;
const HEIGHT = BAR_TOP + BAR_HEIGHT + 2;

/**
 * Uptime per step (a bar per hour for 24 hours and 7 days, per UTC day for 30 and 90), a red mark
 * over each step an incident started in, and those incidents listed with links to their pages.
 */
export function UptimeBars({ unit, steps }: { unit: MonitorAnalytics['unit']; steps: readonly AnalyticsStep[] }) {
  const [frameRef, width] = useElementWidth<HTMLDivElement>();
  const titleId = useId();
  const label = stepLabeller(unit);
  const slot = steps.length ? width / steps.length : width;
  const barWidth = Math.max(1, slot - (slot > 4 ? 2 : 0));
  const incidents = steps.flatMap((step) => step.incidents.map((incident) => ({ incident, step })));
  const down = steps.filter((step) => step.uptime !== null && step.uptime < 100).length;

  return (
    <div>
      <div ref={frameRef} style={{ height: HEIGHT }}>
        {width > 0 && (
          <svg width={width} height={HEIGHT} role="img" aria-labelledby={titleId} className="block">
            <title id={titleId}>{`Uptime per ${unit}: ${down} of ${steps.length} with downtime, ${incidents.length} ${incidents.length === 1 ? 'incident' : 'incidents'} started.`}</title>
            {steps.map((step, i) => (
              <g key={step.start}>
                <rect x={i * slot} width={barWidth} y={BAR_TOP} height={BAR_HEIGHT} rx={slot > 6 ? 2 : 0} fill={uptimeColour(step.uptime)}>
                  <title>{`${label(step)}: ${step.checks ? `${formatPercentage(step.uptime)} up` : 'No data'}${step.incidents.length ? `, ${step.incidents.length} ${step.incidents.length === 1 ? 'incident' : 'incidents'}` : ''}`}</title>
                </rect>
                {step.incidents.length > 0 && <circle cx={i * slot + barWidth / 2} cy={6} r={Math.min(4, Math.max(2.5, slot / 2))} fill="#dc2626" data-testid="incident-mark" />}
              </g>
            ))}
          </svg>
        )}
      </div>
      <div className="mt-1 flex justify-between text-[11px] text-slate-500 tabular-nums" aria-hidden="true">
        <span>{steps[0] ? label(steps[0]) : ''}</span>
        <span>{steps.at(-1) ? label(steps.at(-1)!) : ''}</span>
      </div>
      <h4 className="mt-4 text-sm font-medium text-slate-700">{ANALYTICS_TEXT.incidentsInPeriod}</h4>
      {incidents.length === 0 ? (
        <p className="mt-1 text-sm text-slate-500">{ANALYTICS_TEXT.noIncidents}</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm">
          {incidents.map(({ incident }) => (
            <li key={incident.id} className="flex flex-wrap items-center gap-x-2">
              <span className="size-2 rounded-full bg-red-600" aria-hidden="true" />
              <Link to={paths.app.incident(incident.id)} className="rounded font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600">
                {incident.title}
              </Link>
              <span className="text-slate-500">
                {formatTimestamp(incident.started_at)}
                {incident.status === 'open' ? ' · still open' : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
