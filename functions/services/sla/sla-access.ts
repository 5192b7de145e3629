import { AppError } from '../../../shared/errors.js';
import { ReportMonth, monthOf, monthWithinRetention } from '../../../shared/sla/months.js';
import { monthNotStartedDetail, monthOutsideRetentionDetail, slaReportsNeedPlanDetail, tierHasSlaReports } from '../../../shared/sla/plans.js';
import { TIERS } from '../../../shared/tiers.js';
import type { CallerContext } from '../context.js';

/**
 * The gates of every SLA route (docs/sla-reports.md "Plans" and "Months"): the workspace's plan must
 * have the `slaReports` flag, and a month must have started and still be inside the plan's retention.
 */
export const requireSlaReports = (ctx: CallerContext): void => {
  const tier = ctx.account.subscription_tier;
  if (!tierHasSlaReports(tier)) throw new AppError('PLAN_HAS_NO_SLA_REPORTS', slaReportsNeedPlanDetail(tier));
};

/** A month the workspace may have a report of; throws a 400 naming why not. */
export const requireReportMonth = (ctx: CallerContext, month: string, now: Date): string => {
  const parsed = ReportMonth.safeParse(month);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', parsed.error.issues[0]?.message ?? 'The month must look like 2026-10.');
  const tier = ctx.account.subscription_tier;
  if (month > monthOf(now)) throw new AppError('REPORT_MONTH_UNAVAILABLE', monthNotStartedDetail(month));
  if (month !== monthOf(now) && !monthWithinRetention(month, TIERS[tier].retentionDays, now)) {
    throw new AppError('REPORT_MONTH_UNAVAILABLE', monthOutsideRetentionDetail(month, tier));
  }
  return month;
};
