import type { HourlyRollup } from '../checks/rollups.js';

/**
 * The numbers of an SLA report (docs/sla-reports.md "How the numbers are computed"), for one monitor
 * over one period (a month, or the month so far). Pure: the service reads the rollups, incidents and
 * answers, this turns them into figures, and the PDF, the CSV, the mail and the monitor page all show
 * these same figures.
 */

const MINUTE_MS = 60_000;

/** An outage of the monitor: a `down` incident (open ones have no end yet). */
export interface SlaIncidentInput {
  id: string;
  monitorId: string;
  monitorName: string;
  startedAt: string;
  resolvedAt: string | null;
}

/** One region's answer with its response time (an up answer of a decided round). */
export interface RegionAnswer {
  region: string;
  responseTimeMs: number;
}

export interface SlaIncidentRow {
  id: string;
  monitor_id: string;
  monitor_name: string;
  started_at: string;
  /** Null while it is still open at the period's end. */
  resolved_at: string | null;
  /** From its start to its end, or to the period's end while open; minutes, one decimal. */
  duration_minutes: number;
}

export interface RegionPercentiles {
  region: string;
  /** Up answers the percentiles are taken over. */
  answers: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
}

export interface SlaFigures {
  from: string;
  to: string;
  target_percent: number;
  /** Up rounds over checked rounds outside maintenance, percent; null without any check. */
  uptime_percent: number | null;
  /** Minutes of the period outside maintenance windows: what the target is measured over. */
  counted_minutes: number;
  maintenance_minutes: number;
  downtime_minutes: number;
  /** Downtime the target allows in the counted minutes. */
  budget_minutes: number;
  /** Budget minus downtime; negative once the target is missed. */
  budget_left_minutes: number;
  /** Whether the uptime reaches the target; null without any check. */
  met: boolean | null;
  incidents: SlaIncidentRow[];
  /** Mean time to recover: mean duration of the resolved incidents; null without one. */
  mttr_minutes: number | null;
  /** Mean time between failures: up minutes over the number of incidents; null without one. */
  mtbf_minutes: number | null;
  response_times: RegionPercentiles[];
}

const oneDecimal = (value: number): number => Math.round(value * 10) / 10;

/** Nearest-rank percentile of sorted values (docs/sla-reports.md "Response times"). */
export const nearestRank = (sorted: readonly number[], percent: number): number =>
  sorted[Math.max(0, Math.ceil((percent / 100) * sorted.length) - 1)] ?? 0;

/** p50/p95/p99 per region, regions by name. */
export const regionPercentiles = (answers: readonly RegionAnswer[]): RegionPercentiles[] => {
  const byRegion = new Map<string, number[]>();
  for (const answer of answers) {
    const times = byRegion.get(answer.region) ?? [];
    times.push(answer.responseTimeMs);
    byRegion.set(answer.region, times);
  }
  return [...byRegion.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([region, times]) => {
      const sorted = [...times].sort((a, b) => a - b);
      return { region, answers: sorted.length, p50_ms: nearestRank(sorted, 50), p95_ms: nearestRank(sorted, 95), p99_ms: nearestRank(sorted, 99) };
    });
};

/** The incidents with their durations, oldest first; an open one runs to `to`. */
export const incidentRows = (incidents: readonly SlaIncidentInput[], to: Date): SlaIncidentRow[] =>
  [...incidents]
    .sort((a, b) => a.startedAt.localeCompare(b.startedAt))
    .map((incident) => {
      const end = incident.resolvedAt ? Date.parse(incident.resolvedAt) : to.getTime();
      return {
        id: incident.id,
        monitor_id: incident.monitorId,
        monitor_name: incident.monitorName,
        started_at: incident.startedAt,
        resolved_at: incident.resolvedAt,
        duration_minutes: oneDecimal(Math.max(0, end - Date.parse(incident.startedAt)) / MINUTE_MS),
      };
    });

const mean = (values: readonly number[]): number | null => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : null);

const HOUR_MS = 60 * MINUTE_MS;

/** When an hourly rollup's hour starts (`hour` is `YYYY-MM-DDTHH`, UTC). */
const hourStart = (hour: HourlyRollup): number => Date.parse(`${hour.hour}:00:00.000Z`);

/** The period's hours (those starting in [from, to)) with at least one decided round. */
const decidedHours = (rollups: readonly HourlyRollup[], from: Date, to: Date): HourlyRollup[] =>
  rollups.filter((hour) => {
    const start = hourStart(hour);
    return start >= from.getTime() && start < to.getTime() && hour.checks + (hour.maintenance ?? 0) > 0;
  });

/** Rounds of the hours: checked, up, and decided inside maintenance. */
const roundTotals = (hours: readonly HourlyRollup[]) => {
  let checks = 0;
  let ups = 0;
  let maintenance = 0;
  for (const hour of hours) {
    checks += hour.checks;
    ups += hour.ups;
    maintenance += hour.maintenance ?? 0;
  }
  return { checks, ups, maintenance };
};

/**
 * The minutes the rounds cover: each hour with a decided round, to the earliest of its end and the
 * period's end, from its start or, in the hour the monitor was created (`since`), from then. Hours
 * without a decided round (before the monitor existed, paused, a gap) count neither way.
 */
const coveredMinutes = (hours: readonly HourlyRollup[], to: Date, since: Date | undefined): number => {
  let covered = 0;
  for (const hour of hours) {
    const start = hourStart(hour);
    const end = start + HOUR_MS;
    const created = since?.getTime();
    const first = created !== undefined && created > start && created < end ? created : start;
    covered += Math.max(0, Math.min(end, to.getTime()) - first);
  }
  return covered / MINUTE_MS;
};

/**
 * One monitor's figures over [from, to). Time comes from rounds: the minutes their hours cover
 * (not the whole period: a monitor made on the 29th is measured from the 29th), of which the share
 * of rounds decided in maintenance is left out, and the share of checked rounds that were down is
 * the share of the counted minutes that were downtime.
 */
export const monitorSlaFigures = (input: {
  from: Date;
  to: Date;
  /** When the monitor was created: its first hour counts from then. */
  since?: Date;
  targetPercent: number;
  rollups: readonly HourlyRollup[];
  incidents: readonly SlaIncidentInput[];
  answers: readonly RegionAnswer[];
}): SlaFigures => {
  const { from, to, targetPercent } = input;
  const hours = decidedHours(input.rollups, from, to);
  const measuredMinutes = coveredMinutes(hours, to, input.since);
  const rounds = roundTotals(hours);
  const decided = rounds.checks + rounds.maintenance;
  const maintenanceMinutes = decided ? (measuredMinutes * rounds.maintenance) / decided : 0;
  const countedMinutes = measuredMinutes - maintenanceMinutes;
  const uptime = rounds.checks ? rounds.ups / rounds.checks : null;
  const downtimeMinutes = uptime === null ? 0 : countedMinutes * (1 - uptime);
  const budgetMinutes = countedMinutes * (1 - targetPercent / 100);
  const incidents = incidentRows(input.incidents, to);
  const resolved = incidents.filter((incident) => incident.resolved_at !== null);
  const mttr = mean(resolved.map((incident) => incident.duration_minutes));
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    target_percent: targetPercent,
    uptime_percent: uptime === null ? null : uptime * 100,
    counted_minutes: oneDecimal(countedMinutes),
    maintenance_minutes: oneDecimal(maintenanceMinutes),
    downtime_minutes: oneDecimal(downtimeMinutes),
    budget_minutes: oneDecimal(budgetMinutes),
    budget_left_minutes: oneDecimal(budgetMinutes - downtimeMinutes),
    met: uptime === null ? null : uptime * 100 >= targetPercent,
    incidents,
    mttr_minutes: mttr === null ? null : oneDecimal(mttr),
    mtbf_minutes: incidents.length ? oneDecimal((countedMinutes - downtimeMinutes) / incidents.length) : null,
    response_times: regionPercentiles(input.answers),
  };
};

/**
 * A workspace's figures from its monitors' (docs/sla-reports.md "The workspace's line"): minutes are
 * summed, so each monitor weighs by the time it was counted, not by how often it is checked; the
 * budget is the sum of each monitor's own budget; met compares the uptime with the workspace's target.
 */
export const workspaceSlaFigures = (input: { from: Date; to: Date; targetPercent: number; monitors: readonly SlaFigures[] }): SlaFigures => {
  const measured = input.monitors.filter((figures) => figures.uptime_percent !== null);
  const sum = (pick: (figures: SlaFigures) => number) => measured.reduce((total, figures) => total + pick(figures), 0);
  const counted = sum((figures) => figures.counted_minutes);
  const downtime = sum((figures) => figures.downtime_minutes);
  const budget = sum((figures) => figures.budget_minutes);
  const uptime = measured.length && counted > 0 ? (1 - downtime / counted) * 100 : null;
  const incidents = input.monitors.flatMap((figures) => figures.incidents).sort((a, b) => a.started_at.localeCompare(b.started_at));
  const mttr = mean(incidents.filter((incident) => incident.resolved_at !== null).map((incident) => incident.duration_minutes));
  return {
    from: input.from.toISOString(),
    to: input.to.toISOString(),
    target_percent: input.targetPercent,
    uptime_percent: uptime,
    counted_minutes: oneDecimal(counted),
    maintenance_minutes: oneDecimal(sum((figures) => figures.maintenance_minutes)),
    downtime_minutes: oneDecimal(downtime),
    budget_minutes: oneDecimal(budget),
    budget_left_minutes: oneDecimal(budget - downtime),
    met: uptime === null ? null : uptime >= input.targetPercent,
    incidents,
    mttr_minutes: mttr === null ? null : oneDecimal(mttr),
    mtbf_minutes: incidents.length ? oneDecimal((counted - downtime) / incidents.length) : null,
    response_times: [],
  };
};
