import { hourBucket, withOpenHours } from '../../../shared/checks/rollups.js';
import { AppError } from '../../../shared/errors.js';
import { monitorSlaFigures, workspaceSlaFigures, type SlaIncidentInput } from '../../../shared/sla/figures.js';
import { monthBounds } from '../../../shared/sla/months.js';
import type { SlaReport } from '../../../shared/sla/report.js';
import { effectiveTarget } from '../../../shared/sla/targets.js';
import { listUserIncidentsRecordedBetween } from '../../repositories/incident-repository.js';
import { listUserMonitorsWithOpenHours } from '../../repositories/monitor-read-repository.js';
import { listHourlyRollups } from '../../repositories/rollup-repository.js';
import { listTimedAnswers, readSlaTargets, readWorkspaceName } from '../../repositories/sla-repository.js';
import { mapWithConcurrency } from '../checks/run-check-jobs.js';

/**
 * Builds one SLA report (docs/sla-reports.md "How the numbers are computed"): the workspace's
 * monitors of today, each with its month's hourly rollups plus the hours its state item has not
 * closed yet that fall in the month (the open hour of a month so far; the month's last hour, in the
 * first minutes of the next: rollups.ts `advanceHours`), its down incidents that began in the month and its timed answers by region. `monitorId`:
 * one monitor's report (404 when the workspace has no such monitor).
 */
const MONITORS_AT_ONCE = 4;

export const buildSlaReport = async (opts: { workspaceId: string; month: string; now: Date; monitorId?: string }): Promise<SlaReport> => {
  const bounds = monthBounds(opts.month);
  const partial = opts.now < bounds.to;
  const from = bounds.from;
  const to = partial ? opts.now : bounds.to;
  // The hours the month's figures count: its rollup items' and its unclosed hours' bounds alike.
  const fromHour = hourBucket(from);
  const toHour = hourBucket(new Date(to.getTime() - 1));
  const [all, targets, incidents, workspaceName] = await Promise.all([
    listUserMonitorsWithOpenHours(opts.workspaceId),
    readSlaTargets(opts.workspaceId),
    listUserIncidentsRecordedBetween(opts.workspaceId, from, to),
    readWorkspaceName(opts.workspaceId),
  ]);
  const monitors = opts.monitorId ? all.filter(({ monitor }) => monitor.id === opts.monitorId) : all;
  if (opts.monitorId && !monitors.length) throw new AppError('NOT_FOUND', 'Monitor not found');
  const outages: SlaIncidentInput[] = incidents
    .filter((incident) => incident.alert_type === 'down')
    .map((incident) => ({
      id: incident.id,
      monitorId: incident.monitor_id,
      monitorName: incident.monitor_name,
      startedAt: incident.started_at,
      resolvedAt: incident.resolved_at,
    }));
  const sections = await mapWithConcurrency(
    [...monitors].sort((a, b) => a.monitor.name.localeCompare(b.monitor.name)),
    MONITORS_AT_ONCE,
    async ({ monitor, openHours }) => {
      const [closed, answers] = await Promise.all([
        listHourlyRollups(monitor.id, fromHour, toHour),
        listTimedAnswers(monitor.id, from, to),
      ]);
      const figures = monitorSlaFigures({
        from,
        to,
        since: new Date(monitor.created_at),
        targetPercent: effectiveTarget(targets.workspace, targets.monitors.get(monitor.id)),
        rollups: withOpenHours(closed, openHours.filter(({ hour }) => hour >= fromHour && hour <= toHour)),
        incidents: outages.filter((incident) => incident.monitorId === monitor.id),
        answers,
      });
      return { monitor_id: monitor.id, name: monitor.name, url: monitor.url, figures };
    },
  );
  return {
    workspace_name: workspaceName ?? 'Workspace',
    month: opts.month,
    partial,
    generated_at: opts.now.toISOString(),
    workspace: workspaceSlaFigures({ from, to, targetPercent: effectiveTarget(targets.workspace, undefined), monitors: sections.map((section) => section.figures) }),
    monitors: sections,
  };
};
