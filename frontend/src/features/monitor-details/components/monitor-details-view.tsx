import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Incident } from '@shared/incidents/schemas.js';
import { displayState, operatorHoldText, type Monitor } from '@shared/monitors/schemas.js';
import { TEXT } from '@shared/texts.js';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useMonitorDetails } from '../api/get-monitor-details';
import { AnalyticsPanel } from './analytics/analytics-panel';
import { ChecksAndCertificate } from './checks-and-certificate';
import { MonitorBadges } from './monitor-badges';
import { MonitorTarget } from './monitor-target';
import { BackToMonitors, MonitorHeader } from './monitor-header';
import { MonitorNotFound } from './monitor-not-found';
import { RecentChecks } from './recent-checks';
import { ResponseTimeChart } from './response-time-chart';
import { SlaMonthSoFar } from './sla-month-so-far';
import { UptimeSummary } from './uptime-summary';
import { paths } from '@/config/paths';
import { spaMonitorType } from '@/components/monitor-types';
import { MaintenanceNotice } from '@/components/ui/maintenance-notice';
import { useAuth } from '@/lib/session';

interface MonitorDetailsViewProps {
  id: string;
  /** How an incident is drawn: the app passes the incidents feature's card (features do not import each other). */
  renderIncident: (incident: Incident) => ReactNode;
  /** The monitor's actions (pause or resume, edit, delete): the app passes the monitors feature's. */
  renderActions?: (monitor: Monitor) => ReactNode;
}

/** The monitor detail view (beyond the first description): state, uptime, response times, checks and incidents. */
export function MonitorDetailsView({ id, renderIncident, renderActions }: MonitorDetailsViewProps) {
  const { data, error, isLoading, mutate } = useMonitorDetails(id);
  const timeZone = useAuth().user?.timezone ?? null;

  if (error instanceof ApiError && error.status === 404) return <MonitorNotFound />;
  if (error && !data) {
    return (
      <div className="space-y-4">
        <title>Monitor · Upwatch</title>
        <BackToMonitors />
        <Alert>{errorMessage(error, 'Failed to load monitor details')}</Alert>
        <Button variant="secondary" size="sm" onClick={() => void mutate()}>
          Try again
        </Button>
      </div>
    );
  }
  if (isLoading || !data) {
    return (
      <div className="flex min-h-[40vh] items-center justify-center text-indigo-600" role="status">
        <title>Monitor · Upwatch</title>
        <Spinner className="size-8" />
        <span className="sr-only">Loading monitor…</span>
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <title>{`${data.monitor.name} · Upwatch`}</title>
      <MonitorHeader monitor={data.monitor} actions={renderActions?.(data.monitor)} />
      {/* docs/admin.md "Monitor holds": why an operator paused or disabled it. */}
      {data.monitor.operator_hold && <Alert tone="info">{operatorHoldText(data.monitor.operator_hold)}</Alert>}
      {data.monitor.maintenance && <MaintenanceNotice maintenance={data.monitor.maintenance} timeZone={timeZone} />}
      <UptimeSummary uptime={data.uptime} />
      <SlaMonthSoFar monitorId={data.monitor.id} />
      {/* A heartbeat is not timed: its rounds are judged from the last ping. */}
      {spaMonitorType(data.monitor.monitor_type).timed && <ResponseTimeChart hourly={data.hourly} />}
      <AnalyticsPanel monitor={data.monitor} />
      {spaMonitorType(data.monitor.monitor_type).TargetFacts ? (
        <MonitorTarget monitor={data.monitor} checks={data.recent_checks} />
      ) : (
        <ChecksAndCertificate monitor={data.monitor} checks={data.recent_checks} />
      )}
      <RecentChecks checks={data.recent_checks} />
      <section className="space-y-4" aria-labelledby="monitor-incidents-title">
        <div className="flex items-center justify-between gap-3">
          <h2 id="monitor-incidents-title" className="font-semibold text-slate-900">
            Incidents
          </h2>
          {data.incidents.length > 0 && (
            <Link
              to={paths.app.incidents}
              className="rounded text-sm font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              All incidents
            </Link>
          )}
        </div>
        {data.incidents.length === 0 ? (
          <p className="rounded-xl bg-white px-6 py-10 text-center text-sm text-slate-600 ring-1 ring-slate-200">{TEXT.noIncidentsReported}</p>
        ) : (
          <ul className="space-y-4">
            {data.incidents.map((incident) => (
              <li key={incident.id}>{renderIncident(incident)}</li>
            ))}
          </ul>
        )}
      </section>
      <MonitorBadges
        monitorId={data.monitor.id}
        monitorName={data.monitor.name}
        shownAs={`${displayState(data.monitor)} ${data.uptime.last_30d ?? ''}`}
      />
    </div>
  );
}
