import { formatMinutes, formatPercent, monthTitle, verdictText, type SlaReport } from '../../../shared/sla/report.js';
import type { OutgoingEmail } from '../../repositories/mail-repository.js';
import { brandedEmail } from '../email-layout.js';

/** Where a month's reports are downloaded: Settings -> SLA reports with the month chosen (sign-in needed). */
export const slaReportsLink = (appUrl: string, month: string): string => `${appUrl}/app/settings?section=sla&month=${month}`;

/**
 * The monthly SLA mail (docs/sla-reports.md "The mail on the 1st"): the workspace's line and a row
 * per monitor, and a link to the PDF and CSV behind sign-in (no attachment: the report stays with
 * the people who may open the workspace).
 */
export const slaReportEmail = (input: { to: string; appUrl: string; report: SlaReport }): OutgoingEmail => {
  const { report } = input;
  const title = monthTitle(report.month);
  const workspace = report.workspace;
  return brandedEmail({
    to: input.to,
    subject: `Your Upwatch SLA report for ${title}: ${report.workspace_name}`,
    heading: `SLA report: ${title}`,
    tone: workspace.met === false ? 'warning' : 'ok',
    paragraphs: [
      `${report.workspace_name} in ${title}: uptime ${formatPercent(workspace.uptime_percent)} against a target of ${workspace.target_percent} % (${verdictText(workspace).toLowerCase()}). Maintenance windows are left out.`,
      `Error budget left: ${formatMinutes(workspace.budget_left_minutes)}. Incidents: ${workspace.incidents.length}.`,
    ],
    table: {
      columns: ['Monitor', 'Target', 'Uptime', 'Budget left', 'Incidents'],
      rows: report.monitors.map(({ name, figures }) => [
        name,
        `${figures.target_percent} %`,
        formatPercent(figures.uptime_percent),
        formatMinutes(figures.budget_left_minutes),
        String(figures.incidents.length),
      ]),
    },
    action: { label: 'Download the PDF and CSV', url: slaReportsLink(input.appUrl, report.month) },
    footer: `You get this mail because you are an owner of the ${report.workspace_name} workspace, whose plan includes SLA reports.`,
  });
};
