import { countOf } from '../../../shared/texts.js';
import type { OutgoingEmail } from '../../repositories/mail-repository.js';
import { incidentsLink, notificationSettingsLink } from '../alerts/alert-email.js';
import { brandedEmail, formatEmailDate, formatEmailTime, formatResponseTime } from '../email-layout.js';
import { formatUptime, type ReportFigures, type ReportKind } from './report-figures.js';

/**
 * The daily and weekly report e-mails: a summary line, then one row per monitor (uptime from the
 * hourly rollups, mean response time, incidents). Times and dates are in the owner's timezone.
 */
const TITLES: Readonly<Record<ReportKind, string>> = { daily: 'Daily report', weekly: 'Weekly report' };


export const reportSubject = (figures: ReportFigures, timezone: string | null): string => {
  const { kind, from, to } = figures.period;
  const last = new Date(to.getTime() - 1);
  return kind === 'daily'
    ? `Your daily Upwatch report: ${formatEmailDate(last, timezone)}`
    : `Your weekly Upwatch report: ${formatEmailDate(from, timezone)} to ${formatEmailDate(last, timezone)}`;
};

const incidentSummary = (figures: ReportFigures): string => {
  if (!figures.outages && !figures.slowSpells) return 'No incidents: no outages and no slow spells.';
  const parts = [countOf(figures.outages, 'outage', 'outages'), countOf(figures.slowSpells, 'slow spell', 'slow spells')];
  return `${countOf(figures.outages + figures.slowSpells, 'incident', 'incidents')}: ${parts.join(' and ')}.`;
};

export const reportEmail = (input: {
  to: string;
  timezone: string | null;
  appUrl: string;
  figures: ReportFigures;
  /** Set for the Settings page's test: the mail says it is a sample and who asked for it. */
  test?: { requestedBy: string };
}): OutgoingEmail => {
  const { figures, timezone } = input;
  const { kind, from, to } = figures.period;
  const count = figures.monitors.length;
  const paragraphs = [
    `How your ${countOf(count, 'monitor', 'monitors')} did from ${formatEmailTime(from, timezone)} to ${formatEmailTime(to, timezone)}.`,
    `Uptime ${formatUptime(figures.uptimePercentage)} across them. ${incidentSummary(figures)}`,
  ];
  if (input.test) paragraphs.unshift(`This is a test ${kind} report with sample figures. A real report looks like this.`);
  const preference = kind === 'daily' ? 'daily reports' : 'weekly reports';
  return brandedEmail({
    to: input.to,
    subject: `${input.test ? '[Test] ' : ''}${reportSubject(figures, timezone)}`,
    heading: TITLES[kind],
    // A summary, not news: amber when there was trouble in the period, red is for a site down now.
    tone: figures.outages || figures.slowSpells ? 'warning' : 'ok',
    paragraphs,
    table: {
      columns: ['Monitor', 'Uptime', 'Avg response', 'Outages', 'Slow spells'],
      rows: figures.monitors.map((row) => [
        row.name,
        formatUptime(row.uptimePercentage),
        formatResponseTime(row.averageResponseMs),
        String(row.outages),
        String(row.slowSpells),
      ]),
    },
    action: { label: 'View incidents', url: incidentsLink(input.appUrl) },
    footer: input.test
      ? `Sent because the Upwatch account ${input.test.requestedBy} asked for a test ${kind} report to this address. If you did not expect it, you can ignore it. Notification settings: ${notificationSettingsLink(input.appUrl)}`
      : `You get this report because ${preference} are on for your Upwatch account. Turn them off in your notification settings: ${notificationSettingsLink(input.appUrl)}`,
  });
};
