import { TIER_IDS, TIERS, type TierId } from '../tiers.js';
import { monthTitle } from './report.js';

/** Whether the workspace's plan includes SLA reports (docs/sla-reports.md "Plans"): the tier's flag, nothing else. */
export const tierHasSlaReports = (tier: TierId): boolean => TIERS[tier].slaReports;

const slaPlanNames = (): string => {
  const names = TIER_IDS.filter((id) => TIERS[id].slaReports).map((id) => TIERS[id].name);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
};

/** The 403 detail for a plan without SLA reports; it names the plans that have them and the workspace's. */
export const slaReportsNeedPlanDetail = (tier: TierId): string =>
  `SLA reports are part of the ${slaPlanNames()} plans; this workspace is on the ${TIERS[tier].name} plan.`;

/** The 400 detail for a month whose data the plan no longer keeps. */
export const monthOutsideRetentionDetail = (month: string, tier: TierId): string =>
  `${monthTitle(month)} is outside your plan's ${TIERS[tier].retentionDays}-day data retention, so there is no report for it.`;

/** The 400 detail for a month that has not started. */
export const monthNotStartedDetail = (month: string): string => `${monthTitle(month)} has not started yet.`;
