import { previousMonth, monthBounds, monthOf } from '../../../shared/sla/months.js';
import { tierHasSlaReports } from '../../../shared/sla/plans.js';
import { slaMailKind } from '../../../shared/table/keys.js';
import { config } from '../../config.js';
import { logger } from '../../observability/logger.js';
import { sendEmailWithId } from '../../repositories/mail-repository.js';
import { claimReportDelivery, markReportSent, releaseReportDelivery, type ReportDelivery } from '../../repositories/report-delivery-repository.js';
import { userProfilePages, type UserProfile } from '../../repositories/user-repository.js';
import { listWorkspaceMembers } from '../../repositories/workspace-repository.js';
import { mapWithConcurrency } from '../checks/run-check-jobs.js';
import { recordApplicationError } from '../operations/record-application-error.js';
import { buildSlaReport } from './build-sla-report.js';
import { slaReportEmail } from './sla-report-email.js';

/**
 * The mail on the 1st (docs/sla-reports.md "The mail on the 1st"): last month's SLA report to each
 * owner of each workspace whose plan has SLA reports and that has monitors. A workspace's id is its
 * founder's user id and its plan is the founder's profile's (docs/teams.md "Storage"), so the job
 * walks the profiles as the weekly reports do. Each owner's mail is claimed first (keys.ts 85: the
 * report-delivery item of 21 with kind `sla#<workspace id>`), so a retried run mails nobody twice.
 */
const WORKSPACES_AT_ONCE = 4;
const CLAIM_LEASE_SECONDS = 300;

export interface SlaRunSummary {
  month: string;
  workspaces: number;
  sent: number;
  failed: number;
}

/** One workspace's mails; answers how many were sent and failed, never throws. */
export const sendWorkspaceSlaReport = async (account: UserProfile, month: string, now: Date): Promise<{ sent: number; failed: number }> => {
  const outcome = { sent: 0, failed: 0 };
  try {
    if (!account.is_active || !tierHasSlaReports(account.subscription_tier)) return outcome;
    const report = await buildSlaReport({ workspaceId: account.id, month, now });
    if (!report.monitors.length) return outcome;
    const owners = (await listWorkspaceMembers(account.id)).filter((member) => member.role === 'owner');
    for (const owner of owners) {
      const delivery: ReportDelivery = { userId: owner.user_id, kind: slaMailKind(account.id), periodStart: monthBounds(month).from.toISOString() };
      try {
        if (!(await claimReportDelivery(delivery, now, CLAIM_LEASE_SECONDS))) continue;
        let messageId: string;
        try {
          messageId = await sendEmailWithId(slaReportEmail({ to: owner.email, appUrl: config().appUrl, report }));
        } catch (error) {
          await releaseReportDelivery(delivery);
          throw error;
        }
        await markReportSent(delivery, { messageId, now: new Date() });
        outcome.sent += 1;
      } catch (error) {
        logger.error('Could not send an SLA report', { workspaceId: account.id, ownerId: owner.user_id, month, error });
        outcome.failed += 1;
      }
    }
  } catch (error) {
    logger.error('Could not build an SLA report', { workspaceId: account.id, month, error });
    outcome.failed += 1;
  }
  return outcome;
};

/** The run: the month before `scheduledAt`'s month (the 1st's run reports the month that just ended). */
export const sendSlaReports = async (opts: { scheduledAt: Date; now: Date }): Promise<SlaRunSummary> => {
  const month = previousMonth(monthOf(opts.scheduledAt));
  const summary: SlaRunSummary = { month, workspaces: 0, sent: 0, failed: 0 };
  for await (const profiles of userProfilePages()) {
    const accounts = profiles.filter((profile) => tierHasSlaReports(profile.subscription_tier));
    const outcomes = await mapWithConcurrency(accounts, WORKSPACES_AT_ONCE, (account) => sendWorkspaceSlaReport(account, month, opts.now));
    summary.workspaces += accounts.length;
    summary.sent += outcomes.reduce((total, outcome) => total + outcome.sent, 0);
    summary.failed += outcomes.reduce((total, outcome) => total + outcome.failed, 0);
  }
  if (summary.failed) {
    await recordApplicationError({
      type: 'email_error',
      message: `${summary.failed} SLA report mails for ${month} could not be sent`,
      context: { mail: 'sla_report', month, failed: summary.failed, workspaces: summary.workspaces },
    });
    throw new Error(`${summary.failed} SLA report mails for ${month} could not be sent; a retry sends only those`);
  }
  return summary;
};
