import {
  allRegions,
  EMPTY_LATENCY,
  histogramCount,
  mergeLatency,
  percentile,
  PHASES,
  type Histogram,
  type HourLatency,
  type PhaseSums,
} from '../../../shared/checks/latency-histogram.js';
import { titleOfIncident } from '../../../shared/checks/incident-details.js';
import { hourBucket, hourBucketStart } from '../../../shared/checks/rollups.js';
import type {
  AnalyticsStep,
  IncidentMark,
  PercentileFigures,
  Percentiles,
  PeriodFigures,
  PeriodSpec,
  PhaseMeans,
} from '../../../shared/insights/analytics.js';
import type { Incident } from '../../../shared/incidents/schemas.js';
import { dayStart, utcDay } from '../../../shared/status-pages/day-bars.js';
import type { StoredStep } from '../../repositories/analytics-repository.js';
import { roundPercentage } from './dashboard-figures.js';

/** The analytics panel's figures, kept pure (docs/analytics.md "Reading a period"): the service reads, this shapes. */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The key of the step a time falls in: its UTC hour or day. */
export const stepKeyOf = (unit: PeriodSpec['unit'], at: Date): string => (unit === 'hour' ? hourBucket(at) : utcDay(at));

const stepStart = (unit: PeriodSpec['unit'], key: string): number => (unit === 'hour' ? hourBucketStart(key) : dayStart(key));

/**
 * The step keys of the period ending with `now`'s step and of the period before it, oldest first:
 * `steps` each.
 */
export const periodSteps = (spec: PeriodSpec, now: Date): { previous: string[]; current: string[] } => {
  const size = spec.unit === 'hour' ? HOUR_MS : DAY_MS;
  const last = stepStart(spec.unit, stepKeyOf(spec.unit, now));
  const keys = Array.from({ length: 2 * spec.steps }, (_, i) => stepKeyOf(spec.unit, new Date(last - (2 * spec.steps - 1 - i) * size)));
  return { previous: keys.slice(0, spec.steps), current: keys.slice(spec.steps) };
};

/** When a step starts, as an ISO time. */
export const stepStartIso = (unit: PeriodSpec['unit'], key: string): string => new Date(stepStart(unit, key)).toISOString();

/** A figure as the API gives it: one decimal under 10 ms, whole milliseconds above. */
const roundMs = (ms: number | null): number | null => (ms === null ? null : ms < 10 ? Math.round(ms * 10) / 10 : Math.round(ms));

const percentilesOf = (histogram: Histogram): Percentiles => ({
  p50_ms: roundMs(percentile(histogram, 50)),
  p95_ms: roundMs(percentile(histogram, 95)),
  p99_ms: roundMs(percentile(histogram, 99)),
  answers: histogramCount(histogram),
});

/** Every answer together and each region on its own (by name). */
export const percentileFigures = (latency: HourLatency): PercentileFigures => ({
  all: percentilesOf(allRegions(latency.histograms)),
  regions: [...latency.histograms.entries()]
    .filter(([, histogram]) => histogramCount(histogram) > 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([region, histogram]) => ({ region, ...percentilesOf(histogram) })),
});

export const phaseMeans = (phases: PhaseSums): PhaseMeans => {
  const mean = (phase: (typeof PHASES)[number]) => (phases[phase].count ? roundMs(phases[phase].sumMs / phases[phase].count) : null);
  return { dns_ms: mean('dns'), connect_ms: mean('connect'), tls_ms: mean('tls'), ttfb_ms: mean('ttfb') };
};

const uptimeOf = (checks: number, ups: number): number | null => (checks ? roundPercentage((ups / checks) * 100) : null);

/** A stored step and its share of the hour still open, added up. */
const sumSteps = (a: StoredStep, b: StoredStep): StoredStep => ({
  key: a.key,
  checks: a.checks + b.checks,
  ups: a.ups + b.ups,
  latency: mergeLatency(a.latency, b.latency),
});

/** The open hour (its counters from the state item, its latency from its rounds) as a step of the period's unit. */
export const openHourStep = (unit: PeriodSpec['unit'], open: { hour: string; checks: number; ups: number }, latency: HourLatency | null): StoredStep => ({
  key: unit === 'hour' ? open.hour : open.hour.slice(0, 10),
  checks: open.checks,
  ups: open.ups,
  latency: latency ?? EMPTY_LATENCY,
});

/** The stored steps by key, the unclosed hours' shares added to their steps. */
export const stepsByKey = (stored: readonly StoredStep[], open: readonly StoredStep[]): Map<string, StoredStep> => {
  const byKey = new Map<string, StoredStep>();
  for (const step of [...stored, ...open]) {
    const known = byKey.get(step.key);
    byKey.set(step.key, known ? sumSteps(known, step) : step);
  }
  return byKey;
};

const emptyStep = (key: string): StoredStep => ({ key, checks: 0, ups: 0, latency: EMPTY_LATENCY });

/** One period's figures from its steps. */
export const periodFigures = (unit: PeriodSpec['unit'], keys: readonly string[], byKey: ReadonlyMap<string, StoredStep>, to: Date): PeriodFigures => {
  const total = keys.map((key) => byKey.get(key) ?? emptyStep(key)).reduce(sumSteps, emptyStep(''));
  return {
    from: stepStartIso(unit, keys[0] ?? stepKeyOf(unit, to)),
    to: to.toISOString(),
    uptime: uptimeOf(total.checks, total.ups),
    percentiles: percentileFigures(total.latency),
    phases: phaseMeans(total.latency.phases),
  };
};

/** The monitor's down and slow incidents that started in the period, as marks on their steps. */
const marksByStep = (unit: PeriodSpec['unit'], incidents: readonly Incident[]): Map<string, IncidentMark[]> => {
  const marks = new Map<string, IncidentMark[]>();
  for (const incident of [...incidents].sort((a, b) => a.started_at.localeCompare(b.started_at))) {
    if (incident.alert_type === 'up') continue;
    const key = stepKeyOf(unit, new Date(incident.started_at));
    const mark: IncidentMark = { id: incident.id, alert_type: incident.alert_type, title: titleOfIncident(incident), started_at: incident.started_at, status: incident.status };
    marks.set(key, [...(marks.get(key) ?? []), mark]);
  }
  return marks;
};

/** The series of the period: every step, gaps included, oldest first. */
export const seriesOf = (
  unit: PeriodSpec['unit'],
  keys: readonly string[],
  byKey: ReadonlyMap<string, StoredStep>,
  incidents: readonly Incident[],
): AnalyticsStep[] => {
  const marks = marksByStep(unit, incidents);
  return keys.map((key) => {
    const step = byKey.get(key) ?? emptyStep(key);
    return {
      start: stepStartIso(unit, key),
      checks: step.checks,
      uptime: uptimeOf(step.checks, step.ups),
      p95_ms: roundMs(percentile(allRegions(step.latency.histograms), 95)),
      phases: phaseMeans(step.latency.phases),
      incidents: marks.get(key) ?? [],
    };
  });
};
