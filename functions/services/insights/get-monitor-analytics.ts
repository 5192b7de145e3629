import { AppError, notFound } from '../../../shared/errors.js';
import {
  PERIOD_SPECS,
  periodNotOfferedDetail,
  periodsOfHigherPlans,
  periodsOffered,
  previousNotKeptNote,
  previousPeriodKept,
  type MonitorAnalytics,
  type MonitorAnalyticsQuery,
} from '../../../shared/insights/analytics.js';
import { tierOf } from '../../../shared/tiers.js';
import { unclosedList } from '../../../shared/checks/rollups.js';
import { listDaySteps, listHourSteps } from '../../repositories/analytics-repository.js';
import { listUserIncidentsRecordedBetween } from '../../repositories/incident-repository.js';
import { hoursLatencyFromRounds } from '../../repositories/latency-items.js';
import { getMonitorForChecks } from '../../repositories/monitor-check-state-repository.js';
import { getUserMonitor } from '../../repositories/monitor-read-repository.js';
import type { CallerContext } from '../context.js';
import { openHourStep, periodFigures, periodSteps, seriesOf, stepsByKey, stepStartIso } from './analytics-figures.js';

/**
 * One monitor's analytics over a period (docs/analytics.md): 404 when the monitor is not the
 * workspace's; 403 `PLAN_HAS_NO_ADVANCED_ANALYTICS` for a period the workspace's plan does not
 * offer (the plan is the owner's; `periodsOffered` is the one rule). Reads the period and the one
 * before from the rollups (hours for 24 hours and 7 days, days for 30 and 90), the hour still open
 * from the state item and its rounds, and the incidents recorded in the period.
 */
export const getMonitorAnalytics = async ({
  ctx,
  monitorId,
  query,
  now = new Date(),
}: {
  ctx: CallerContext;
  monitorId: string;
  query: MonitorAnalyticsQuery;
  now?: Date;
}): Promise<MonitorAnalytics> => {
  const monitor = await getUserMonitor(ctx.workspaceId, monitorId);
  if (!monitor) throw notFound('Monitor');
  const tier = tierOf(ctx.account.subscription_tier);
  const { period } = query;
  if (!periodsOffered(tier).includes(period)) throw new AppError('PLAN_HAS_NO_ADVANCED_ANALYTICS', periodNotOfferedDetail(tier, period));

  const spec = PERIOD_SPECS[period];
  const comparable = previousPeriodKept(tier, period);
  const { previous, current } = periodSteps(spec, now);
  const firstRead = comparable ? previous[0]! : current[0]!;
  const lastKey = current.at(-1)!;
  const readSteps = spec.unit === 'hour' ? listHourSteps : listDaySteps;
  const [stored, state, incidents] = await Promise.all([
    readSteps(monitorId, firstRead, lastKey, now),
    getMonitorForChecks(ctx.workspaceId, monitorId),
    listUserIncidentsRecordedBetween(ctx.workspaceId, new Date(stepStartIso(spec.unit, current[0]!)), now),
  ]);
  // The hours not closed yet (the one being counted, and the one before while it waits to close:
  // rollups.ts `advanceHours`) have no latency stored yet: it is read from their rounds, as their
  // close will (latency-items.ts). An hour with maintenance rounds has none (docs/analytics.md "What is measured").
  const timed = monitor.monitor_type !== 'heartbeat';
  // Both hours' rounds come from one read, from the older hour up to now.
  const unclosed = state ? unclosedList(state.hours) : [];
  const measured = unclosed.filter((open) => timed && open.checks > 0 && !open.maintenance).map((open) => open.hour);
  const latencies = await hoursLatencyFromRounds(monitorId, measured, state?.recent ?? null, now.toISOString());
  const byKey = stepsByKey(
    stored,
    unclosed.map((open) => openHourStep(spec.unit, open, latencies.get(open.hour) ?? null)),
  );

  return {
    monitor_id: monitorId,
    period,
    unit: spec.unit,
    offered_periods: periodsOffered(tier),
    upgrade_periods: periodsOfHigherPlans(tier),
    current: periodFigures(spec.unit, current, byKey, now),
    previous: comparable ? periodFigures(spec.unit, previous, byKey, new Date(stepStartIso(spec.unit, current[0]!))) : null,
    previous_note: comparable ? null : previousNotKeptNote(tier, period),
    steps: seriesOf(
      spec.unit,
      current,
      byKey,
      incidents.filter((incident) => incident.monitor_id === monitorId),
    ),
  };
};
