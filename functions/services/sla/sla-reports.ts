import { AppError } from '../../../shared/errors.js';
import { monthOf, pastReportMonths } from '../../../shared/sla/months.js';
import { reportFileName, type SlaReport } from '../../../shared/sla/report.js';
import { slaReportCsv } from '../../../shared/sla/report-csv.js';
import { DEFAULT_SLA_TARGET, SLA_TARGET_CHOICES, type SlaMonitorTargetInput, type SlaWorkspaceTargetInput } from '../../../shared/sla/targets.js';
import type { MonitorSlaMonth, SlaMonthList, SlaTargetsView } from '../../../shared/sla/views.js';
import { TIERS } from '../../../shared/tiers.js';
import { getUserMonitor } from '../../repositories/monitor-read-repository.js';
import { putMonitorSlaTarget, putWorkspaceSlaTarget, readSlaTargets } from '../../repositories/sla-repository.js';
import type { CallerContext } from '../context.js';
import { buildSlaReport } from './build-sla-report.js';
import { slaReportPdf } from './report-pdf.js';
import { requireReportMonth, requireSlaReports } from './sla-access.js';

/** The SLA use cases of the API (docs/sla-reports.md); each checks the plan first. */

/** The targets: the workspace's (or the default) and each monitor's own. */
export const getSlaTargets = async (ctx: CallerContext): Promise<SlaTargetsView> => {
  requireSlaReports(ctx);
  const targets = await readSlaTargets(ctx.workspaceId);
  return {
    target_percent: targets.workspace ?? DEFAULT_SLA_TARGET,
    is_default: targets.workspace === null,
    choices: [...SLA_TARGET_CHOICES],
    monitors: [...targets.monitors.entries()].map(([monitor_id, target_percent]) => ({ monitor_id, target_percent })),
  };
};

export const setWorkspaceSlaTarget = async (ctx: CallerContext, input: SlaWorkspaceTargetInput, now = new Date()): Promise<SlaTargetsView> => {
  requireSlaReports(ctx);
  await putWorkspaceSlaTarget(ctx.workspaceId, input.target_percent, { by: ctx.userId, now });
  return getSlaTargets(ctx);
};

export const setMonitorSlaTarget = async (ctx: CallerContext, monitorId: string, input: SlaMonitorTargetInput, now = new Date()): Promise<SlaTargetsView> => {
  requireSlaReports(ctx);
  if (!(await getUserMonitor(ctx.workspaceId, monitorId))) throw new AppError('NOT_FOUND', 'Monitor not found');
  await putMonitorSlaTarget(ctx.workspaceId, monitorId, input.target_percent, { by: ctx.userId, now });
  return getSlaTargets(ctx);
};

/** The months with a report: the current one (so far) and the finished ones inside retention. */
export const listSlaMonths = (ctx: CallerContext, now = new Date()): SlaMonthList => {
  requireSlaReports(ctx);
  const retentionDays = TIERS[ctx.account.subscription_tier].retentionDays;
  return { current: monthOf(now), months: pastReportMonths(retentionDays, now), retention_days: retentionDays };
};

/** One month's report as JSON. */
export const getSlaReport = async (ctx: CallerContext, month: string, opts: { monitorId?: string; now?: Date } = {}): Promise<SlaReport> => {
  requireSlaReports(ctx);
  const now = opts.now ?? new Date();
  return buildSlaReport({ workspaceId: ctx.workspaceId, month: requireReportMonth(ctx, month, now), now, monitorId: opts.monitorId });
};

/** One month's report as a file to download. */
export const downloadSlaReport = async (
  ctx: CallerContext,
  month: string,
  opts: { format: 'pdf' | 'csv'; monitorId?: string; now?: Date },
): Promise<{ filename: string; contentType: string; body: Buffer }> => {
  const report = await getSlaReport(ctx, month, opts);
  const filename = reportFileName(report.month, opts.format, opts.monitorId);
  if (opts.format === 'csv') return { filename, contentType: 'text/csv; charset=utf-8', body: Buffer.from(slaReportCsv(report), 'utf8') };
  return { filename, contentType: 'application/pdf', body: await slaReportPdf(report) };
};

/** A monitor's month so far (the monitor page): its figures against its target. */
export const getMonitorSlaMonth = async (ctx: CallerContext, monitorId: string, now = new Date()): Promise<MonitorSlaMonth> => {
  const [report, targets] = await Promise.all([getSlaReport(ctx, monthOf(now), { monitorId, now }), readSlaTargets(ctx.workspaceId)]);
  return {
    month: report.month,
    figures: report.monitors[0]!.figures,
    monitor_target_percent: targets.monitors.get(monitorId) ?? null,
    workspace_target_percent: targets.workspace ?? DEFAULT_SLA_TARGET,
    choices: [...SLA_TARGET_CHOICES],
  };
};
