import type { TestNotificationType } from '../../../shared/account/notifications.js';
import { downIncident } from '../../../shared/checks/incident-details.js';
import type { AlertEvent } from '../../../shared/checks/monitor-state.js';
import type { OutgoingEmail } from '../../repositories/mail-repository.js';
import { alertEmail, notificationSettingsLink } from '../alerts/alert-email.js';
import { brandedEmail } from '../email-layout.js';
import { roundPercentage } from '../insights/dashboard-figures.js';
import { reportPeriod, type MonitorReportRow, type ReportFigures, type ReportKind } from '../reports/report-figures.js';
import { reportEmail } from '../reports/report-email.js';

/**
 * The test e-mail of each button on the Settings page: the real alert and report templates
 * (services/alerts/alert-email.ts, services/reports/report-email.ts) filled with realistic sample
 * data, in the asking user's timezone, so the test shows exactly what such a mail looks like.
 * Each says it is a test and who asked for it, since it may go to any address the user typed.
 */

/** The monitor of every sample alert (the test e-mail's, and a channel's test message). */
export const SAMPLE_MONITOR = { name: 'Example Website', url: 'https://www.example.com' };

export const TEST_NOTIFICATION_LABELS: Record<TestNotificationType, string> = {
  email: 'test email',
  incident: 'test incident alert',
  weekly_report: 'test weekly report',
  daily_report: 'test daily report',
};

export interface TestNotificationEmailInput {
  type: TestNotificationType;
  to: string;
  /** The signed-in account that asked for it. */
  requestedBy: string;
  appUrl: string;
  /** The asking user's timezone (null: UTC): the sample's times are shown in it. */
  timezone?: string | null;
  now?: Date;
}

/** A down alert as the mailer would send it: a site that stopped answering 3 minutes ago. */
export const sampleDownAlert = (now: Date): AlertEvent => {
  const at = new Date(now.getTime() - 3 * 60_000).toISOString();
  const text = downIncident({ errorCategory: 'connection_timeout', statusCode: null, responseTimeMs: null });
  return {
    transitionId: 'sample',
    event: 'down',
    monitorId: 'sample',
    round: at,
    incidentId: 'sample',
    title: text.title,
    message: text.message,
    details: text.details,
    occurredAt: at,
    since: at,
  };
};

/** A sample monitor without trouble in the period. */
const quietRow = (name: string, url: string, averageResponseMs: number, week: boolean): MonitorReportRow => ({
  monitorId: `sample-${name}`,
  name,
  url,
  state: 'online',
  uptimePercentage: 100,
  averageResponseMs,
  checks: week ? 2016 : 288,
  outages: 0,
  slowSpells: 0,
});

/** A report of three sample monitors over the period that ended at the last full hour. */
const sampleReport = (kind: ReportKind, now: Date): ReportFigures => {
  const week = kind === 'weekly';
  const monitors: MonitorReportRow[] = [
    {
      monitorId: 'sample-api',
      name: 'Example API',
      url: 'https://api.example.com/health',
      state: 'online',
      uptimePercentage: week ? 99.72 : 98.96,
      averageResponseMs: 412,
      checks: week ? 2016 : 288,
      outages: 1,
      slowSpells: week ? 2 : 0,
    },
    quietRow(SAMPLE_MONITOR.name, SAMPLE_MONITOR.url, 238, week),
    quietRow('Example Shop', 'https://shop.example.com', 655, week),
  ];
  const sum = (figure: (row: MonitorReportRow) => number) => monitors.reduce((total, row) => total + figure(row), 0);
  return {
    period: reportPeriod(kind, now),
    monitors,
    uptimePercentage: roundPercentage(sum((row) => row.uptimePercentage ?? 0) / monitors.length),
    outages: sum((row) => row.outages),
    slowSpells: sum((row) => row.slowSpells),
  };
};

export const testNotificationEmail = (opts: TestNotificationEmailInput): OutgoingEmail => {
  const now = opts.now ?? new Date();
  const timezone = opts.timezone ?? null;
  const test = { requestedBy: opts.requestedBy };
  switch (opts.type) {
    case 'incident':
      return alertEmail({
        to: opts.to,
        timezone,
        appUrl: opts.appUrl,
        monitorName: SAMPLE_MONITOR.name,
        monitorUrl: SAMPLE_MONITOR.url,
        alert: sampleDownAlert(now),
        test,
      });
    case 'daily_report':
    case 'weekly_report': {
      const figures = sampleReport(opts.type === 'daily_report' ? 'daily' : 'weekly', now);
      return reportEmail({ to: opts.to, timezone, appUrl: opts.appUrl, figures, test });
    }
    case 'email':
      return brandedEmail({
        to: opts.to,
        subject: 'Upwatch test email',
        heading: 'Your email notifications work',
        tone: 'ok',
        paragraphs: [
          'This is a test email from Upwatch. If you can read it, Upwatch emails reach this address.',
          'Nothing needs to be done.',
        ],
        action: { label: 'Notification settings', url: notificationSettingsLink(opts.appUrl) },
        footer: `Sent because the Upwatch account ${opts.requestedBy} asked for a ${TEST_NOTIFICATION_LABELS.email} to this address. If you did not expect it, you can ignore it.`,
      });
  }
};
