import { z } from 'zod';
import type { IncidentAlertType } from '../checks/incident-details.js';
import { TIER_IDS, TIERS, type Tier } from '../tiers.js';

/**
 * GET /api/monitors/{id}/analytics?period=: the analytics panel of a monitor's page (docs/analytics.md):
 * response-time percentiles per region, phase timings and uptime over a period, each compared with
 * the period before. The periods a plan offers are decided here, once, for the server and the SPA.
 */
export const ANALYTICS_PERIODS = ['24h', '7d', '30d', '90d'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

export interface PeriodSpec {
  /** The series' step: an hour (read from hourly rollups) or a UTC day (daily rollups). */
  unit: 'hour' | 'day';
  /** How many steps the period has, the current one included. */
  steps: number;
  /** Its length in days, against the plan's retention. */
  days: number;
  /** "24 hours": what the toggle and the texts call it. */
  label: string;
  /** "the 24 hours before": what it is compared with. */
  before: string;
}

export const PERIOD_SPECS: Readonly<Record<AnalyticsPeriod, PeriodSpec>> = {
  '24h': { unit: 'hour', steps: 24, days: 1, label: '24 hours', before: 'the 24 hours before' },
  '7d': { unit: 'hour', steps: 7 * 24, days: 7, label: '7 days', before: 'the 7 days before' },
  '30d': { unit: 'day', steps: 30, days: 30, label: '30 days', before: 'the 30 days before' },
  '90d': { unit: 'day', steps: 90, days: 90, label: '90 days', before: 'the 90 days before' },
};

/** The period every plan has: the "Basic dashboard" of the Free plan. */
export const BASIC_PERIOD: AnalyticsPeriod = '24h';

/**
 * The periods a plan offers (docs/analytics.md "Plans"): the last 24 hours on every plan; with
 * advanced analytics, every longer period that fits in the plan's retention (a period whose data
 * the plan does not keep is not offered).
 */
export const periodsOffered = (tier: Pick<Tier, 'advancedAnalytics' | 'retentionDays'>): AnalyticsPeriod[] =>
  ANALYTICS_PERIODS.filter((period) => period === BASIC_PERIOD || (tier.advancedAnalytics && PERIOD_SPECS[period].days <= tier.retentionDays));

/** Periods a higher plan would add to this one's: what the invitation to upgrade speaks of. */
export const periodsOfHigherPlans = (tier: Tier): AnalyticsPeriod[] => {
  const mine = new Set(periodsOffered(tier));
  const higher = TIER_IDS.slice(TIER_IDS.indexOf(tier.id) + 1).flatMap((id) => periodsOffered(TIERS[id]));
  return ANALYTICS_PERIODS.filter((period) => !mine.has(period) && higher.includes(period));
};

/** The cheapest plan that offers a period (the 403's detail names it). */
export const lowestTierOffering = (period: AnalyticsPeriod): Tier | null =>
  TIER_IDS.map((id) => TIERS[id]).find((tier) => periodsOffered(tier).includes(period)) ?? null;

/** Whether the period before the chosen one is still inside the plan's retention, so it can be compared. */
export const previousPeriodKept = (tier: Pick<Tier, 'retentionDays'>, period: AnalyticsPeriod): boolean =>
  2 * PERIOD_SPECS[period].days <= tier.retentionDays;

/** The 403 of a period the plan does not offer: what the plan shows, and which plan does. */
export const periodNotOfferedDetail = (tier: Tier, period: AnalyticsPeriod): string => {
  const spec = PERIOD_SPECS[period];
  if (tier.advancedAnalytics) {
    return `Your ${tier.name} plan keeps data for ${tier.retentionDays} days, so analytics over ${spec.label} are not available.`;
  }
  const offering = lowestTierOffering(period);
  return `Your ${tier.name} plan shows analytics for the last 24 hours. Analytics over ${spec.label} come with the ${offering?.name ?? 'Pro'} plan and higher.`;
};

/** Why there is no comparison when the period before is past the plan's retention. */
export const previousNotKeptNote = (tier: Pick<Tier, 'name' | 'retentionDays'>, period: AnalyticsPeriod): string =>
  `No comparison: ${PERIOD_SPECS[period].before} are older than the ${tier.retentionDays} days your ${tier.name} plan keeps.`;

const emptyAsMissing = (value: unknown): unknown => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export const MonitorAnalyticsQuery = z.object({
  period: z.preprocess(
    emptyAsMissing,
    z.enum(ANALYTICS_PERIODS, { error: 'period must be one of 24h, 7d, 30d or 90d' }).default(BASIC_PERIOD),
  ),
});
export type MonitorAnalyticsQuery = z.infer<typeof MonitorAnalyticsQuery>;

/** p50, p95 and p99 of the measured answers (ms; estimated, docs/analytics.md), and how many answers. */
export interface Percentiles {
  p50_ms: number | null;
  p95_ms: number | null;
  p99_ms: number | null;
  answers: number;
}

export interface RegionPercentiles extends Percentiles {
  region: string;
}

/** Every answer together (`all`) and each checker region on its own, by region name. */
export interface PercentileFigures {
  all: Percentiles;
  regions: RegionPercentiles[];
}

/** Mean phase timings (ms) of the answers that had the phase; null where none did. */
export interface PhaseMeans {
  dns_ms: number | null;
  connect_ms: number | null;
  tls_ms: number | null;
  ttfb_ms: number | null;
}

/** An incident marked on the uptime series: one that started in the step. */
export interface IncidentMark {
  id: string;
  alert_type: Exclude<IncidentAlertType, 'up'>;
  title: string;
  started_at: string;
  status: 'open' | 'resolved';
}

/** One step of the series (an hour or a UTC day); `checks` 0 is a gap, and its figures are null. */
export interface AnalyticsStep {
  /** ISO time the step starts. */
  start: string;
  checks: number;
  uptime: number | null;
  p95_ms: number | null;
  phases: PhaseMeans;
  incidents: IncidentMark[];
}

/** The figures of one period. */
export interface PeriodFigures {
  from: string;
  to: string;
  /** Percent, two decimals; null without data. */
  uptime: number | null;
  percentiles: PercentileFigures;
  phases: PhaseMeans;
}

export interface MonitorAnalytics {
  monitor_id: string;
  period: AnalyticsPeriod;
  unit: PeriodSpec['unit'];
  /** The periods the workspace's plan offers, in order. */
  offered_periods: AnalyticsPeriod[];
  /** The periods a higher plan would add (the invitation to upgrade); empty on the top plans. */
  upgrade_periods: AnalyticsPeriod[];
  current: PeriodFigures;
  /** The period just before, same length; null when the plan no longer keeps it (`previous_note` says so). */
  previous: PeriodFigures | null;
  previous_note: string | null;
  /** Oldest first, every step present. */
  steps: AnalyticsStep[];
}

/** A time in ms as the panel shows it: one decimal under 10 ms, whole milliseconds below a second, else seconds. */
export const formatDuration = (ms: number): string => {
  if (ms < 10) return `${Math.round(ms * 10) / 10} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${Number((ms / 1000).toFixed(2))} s`;
};

/**
 * How a figure moved against the period before, in short: "8% faster", "8% slower" or "the same"
 * (docs/analytics.md "Comparison"). Whole percent; under 1% (figures from the same bucket among
 * them) is the same. Null when either side has no figure.
 */
export const changeWords = (current: number | null, previous: number | null): string | null => {
  if (current === null || previous === null || previous <= 0) return null;
  const change = Math.round(((current - previous) / previous) * 100);
  if (change === 0) return 'the same';
  return `${Math.abs(change)}% ${change < 0 ? 'faster' : 'slower'}`;
};

/** The same in a sentence: "8% faster than the 7 days before", "the same as the 7 days before". */
export const changeText = (current: number | null, previous: number | null, before: string): string | null => {
  const words = changeWords(current, previous);
  if (words === null) return null;
  return words === 'the same' ? `the same as ${before}` : `${words} than ${before}`;
};

/** "p95 312 ms, 8% faster than the 7 days before"; without a comparison, "p95 312 ms"; null without a figure. */
export const percentileSentence = (label: 'p50' | 'p95' | 'p99', current: number | null, previous: number | null, before: string): string | null => {
  if (current === null) return null;
  const change = changeText(current, previous, before);
  return `${label} ${formatDuration(current)}${change ? `, ${change}` : ''}`;
};

/** Uptime against the period before, in points: "0.42 points lower than the 7 days before". */
export const uptimeChangeText = (current: number | null, previous: number | null, before: string): string | null => {
  if (current === null || previous === null) return null;
  const points = Math.round((current - previous) * 100) / 100;
  if (points === 0) return `the same as ${before}`;
  return `${Math.abs(points)} ${Math.abs(points) === 1 ? 'point' : 'points'} ${points < 0 ? 'lower' : 'higher'} than ${before}`;
};
