import { wantsNotificationMail } from '../../../shared/account/notifications.js';
import { config } from '../../config.js';
import { logger } from '../../observability/logger.js';
import { sendEmailWithId } from '../../repositories/mail-repository.js';
import { recordApplicationError } from '../operations/record-application-error.js';
import { getNotificationPreferences } from '../../repositories/notification-preferences-repository.js';
import {
  claimReportDelivery,
  markReportSent,
  releaseReportDelivery,
  type ReportDelivery,
} from '../../repositories/report-delivery-repository.js';
import { userProfilePages, type UserProfile } from '../../repositories/user-repository.js';
import { mapWithConcurrency } from '../checks/run-check-jobs.js';
import { reportEmail } from './report-email.js';
import { reportPeriod, type ReportKind, type ReportPeriod } from './report-figures.js';
import { buildUserReport } from './user-report.js';

/**
 * The daily and weekly report jobs (scheduled at 9 AM UTC; weekly on Mondays): every user, a page
 * of profiles at a time, a few users at once. A user gets the report when the account is active,
 * `email_notifications` and the report's own preference are on (`daily_reports` is opt-in,
 * `weekly_reports` on by default) and they have monitors. Each report is claimed before it is sent
 * (report-delivery-repository.ts), so a run that is retried or repeated mails nobody twice for the
 * same period (except a crash between SES accepting a mail and the claim saying so, as for alerts).
 *
 * One user's failure does not stop the others; the run then fails at the end, naming how many, so
 * the function's errors alarm fires and Lambda retries the scheduler's asynchronous invocation (twice
 * by default), in which the users already mailed are skipped.
 * One function walks every user: at about 10 ms of reads per user and USERS_AT_ONCE lanes that is
 * tens of thousands of users within Lambda's 15 minutes; beyond that, fan pages out to a queue.
 */
export const USERS_AT_ONCE = 8;

/** Longer than one user's report takes, so a concurrent run never overtakes a live claim. */
const CLAIM_LEASE_SECONDS = 300;

export type UserReportOutcome = 'sent' | 'already_sent' | 'not_wanted' | 'no_monitors' | 'failed';

export interface ReportRunSummary {
  kind: ReportKind;
  periodStart: string;
  users: number;
  sent: number;
  failed: number;
}

const reportMail = (kind: ReportKind) => (kind === 'daily' ? 'daily_report' : 'weekly_report');

/** One user's report for the period; never throws (a failure is logged and counted). */
export const sendUserReport = async (profile: UserProfile, period: ReportPeriod, now: Date): Promise<UserReportOutcome> => {
  const delivery: ReportDelivery = { userId: profile.id, kind: period.kind, periodStart: period.from.toISOString() };
  try {
    if (!profile.is_active) return 'not_wanted';
    if (!wantsNotificationMail(await getNotificationPreferences(profile.id), reportMail(period.kind))) return 'not_wanted';
    const figures = await buildUserReport(profile.id, period);
    // Nothing to report on (yet): no mail, and no write either.
    if (!figures.monitors.length) return 'no_monitors';
    if (!(await claimReportDelivery(delivery, now, CLAIM_LEASE_SECONDS))) return 'already_sent';
    let messageId: string;
    try {
      messageId = await sendEmailWithId(reportEmail({ to: profile.email, timezone: profile.timezone, appUrl: config().appUrl, figures }));
    } catch (error) {
      await releaseReportDelivery(delivery);
      throw error;
    }
    await markReportSent(delivery, { messageId, now: new Date() });
    return 'sent';
  } catch (error) {
    logger.error('Could not send a report', { userId: profile.id, kind: period.kind, periodStart: delivery.periodStart, error });
    return 'failed';
  }
};

export const sendReports = async (opts: { kind: ReportKind; scheduledAt: Date; now: Date }): Promise<ReportRunSummary> => {
  const period = reportPeriod(opts.kind, opts.scheduledAt);
  const summary: ReportRunSummary = { kind: opts.kind, periodStart: period.from.toISOString(), users: 0, sent: 0, failed: 0 };
  for await (const profiles of userProfilePages()) {
    const outcomes = await mapWithConcurrency(profiles, USERS_AT_ONCE, (profile) => sendUserReport(profile, period, opts.now));
    summary.users += outcomes.length;
    summary.sent += outcomes.filter((outcome) => outcome === 'sent').length;
    summary.failed += outcomes.filter((outcome) => outcome === 'failed').length;
  }
  if (summary.failed) {
    // One entry per failed run, not per user: the retry mails only the failed ones, and a run that
    // fails again adds its own entry.
    await recordApplicationError({
      type: 'email_error',
      message: `${summary.failed} of ${summary.users} ${opts.kind} reports could not be sent`,
      context: { mail: `${opts.kind}_report`, period_start: summary.periodStart, failed: summary.failed, users: summary.users },
    });
    throw new Error(
      `${summary.failed} of ${summary.users} ${opts.kind} reports for ${summary.periodStart} could not be sent; a retry sends only those`,
    );
  }
  return summary;
};
