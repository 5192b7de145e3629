import type { CheckResult } from '../../../shared/checks/check-result.js';
import { applyRound, type MonitorEffect } from '../../../shared/checks/monitor-state.js';
import { decideRound } from '../../../shared/checks/quorum.js';
import { expiresAt } from '../../../shared/checks/retention.js';
import { hourBucket, rollupIncrement } from '../../../shared/checks/rollups.js';
import type { TierId } from '../../../shared/tiers.js';
import { adjustCounters, type CounterDeltas, type CounterTally } from '../../repositories/admin-counters-repository.js';
import { sendAlerts, type AlertMessage } from '../../repositories/alert-queue-repository.js';
import { commitRound, getMonitorForChecks, type MonitorForChecks } from '../../repositories/monitor-check-state-repository.js';
import type { RoundHistory } from '../../repositories/round-history-repository.js';
import type { UpdateBatches } from '../../repositories/update-batches.js';
import { appendRecentRound } from '../../../shared/checks/round-history.js';
import { METRIC } from '../../../shared/metrics.js';
import { typeOfTarget } from '../../../shared/monitors/monitor-types.js';
import { logger } from '../../observability/logger.js';
import { addCountWith } from '../../observability/metrics.js';
import { liveMessagesOfRound } from '../../../shared/live/round-messages.js';
import type { BatchPushes } from '../live/batch-pushes.js';
import { LIVE_PUBLISH_BUDGET_IN_ROUND_MS, publishLive } from '../live/publish-live.js';
import { applySslOfRound } from './apply-ssl.js';
import type { KeptStates } from './kept-states.js';
import { monitorMapKey } from '../../repositories/monitor-items.js';

/** A compare-and-swap that keeps losing means something else is wrong; don't spin. */
const MAX_ATTEMPTS = 5;

export type RoundOutcome = 'waiting' | 'applied' | 'already_applied' | 'monitor_gone' | 'not_checked';

export interface RoundToDecide {
  userId: string;
  monitorId: string;
  round: string;
  expectedRegions: readonly string[];
  deadlinePassed: boolean;
  tier: TierId;
  alertsQueueUrl: string;
  /**
   * The batch's live pushes (batch-pushes.ts): the round's publish joins them and the batch waits
   * for them at its end. Absent, the round publishes on its own, bounded by `LIVE_PUBLISH_BUDGET_IN_ROUND_MS`.
   */
  livePushes?: BatchPushes;
  /** The batch's steady state writes (update-batches.ts), sent together; absent: each round writes its own. */
  stateWrites?: UpdateBatches;
  /** The batch's operator counters, written once at its end; absent: each round writes its own change. */
  counters?: CounterTally;
  /** The states this process committed (kept-states.ts): a committed round keeps its own, a lost one forgets it. */
  keptStates?: KeptStates;
}

/** The operator counters' share of a committed round: incidents recorded, opened and resolved. */
export const incidentCounterDeltas = (effects: readonly MonitorEffect[]): CounterDeltas => {
  const deltas = { incidents_total: 0, incidents_open: 0 };
  for (const effect of effects) {
    if (effect.kind === 'incident_opened') {
      deltas.incidents_total += 1;
      deltas.incidents_open += 1;
    } else if (effect.kind === 'up_recorded') deltas.incidents_total += 1;
    else if (effect.kind === 'incident_resolved') deltas.incidents_open -= 1;
  }
  return deltas;
};

/**
 * The history item the round's commit would write first (round-history.ts: the answers held in
 * the state item move out every few rounds), judged from the monitor as the caller read it; null
 * when it writes none, or the round is already applied there. The result processor writes a whole
 * pack's in one batch and passes each to applyDecidedRound, which then does not write it again.
 */
export const historyToStore = (opts: RoundToDecide, results: readonly CheckResult[], monitor: MonitorForChecks | null | undefined): RoundHistory | null => {
  // A paused or disabled monitor's round is not applied (applyDecidedRound), so it flushes nothing.
  if (!monitor || !results.length || monitor.status !== 'active') return null;
  const applied = applyRound(monitor.state, {
    monitorId: opts.monitorId,
    round: opts.round,
    decision: decideRound(results),
    slowThresholdMs: monitor.slowThresholdMs,
    monitorType: typeOfTarget(monitor.target),
    confirmRounds: monitor.confirmRounds,
  });
  if (!applied.applied) return null;
  const { flushed } = appendRecentRound(monitor.recent, { round: opts.round, results: [...results] });
  return flushed ? { monitorId: opts.monitorId, rounds: flushed, expiresAt: expiresAt(new Date(opts.round), opts.tier) } : null;
};

/**
 * Applies a decidable round: state, the round's answers, incidents, outbox and the hour's counters
 * with a compare-and-swap on the round (monitor-check-state-repository.ts), re-read and re-applied
 * when another processor got there first. Then the round's alerts go to the alerts queue. Returns
 * the monitor as last read, so that the caller can see what an already applied round holds.
 */
export const applyDecidedRound = async (
  opts: RoundToDecide,
  results: readonly CheckResult[],
  /**
   * The monitor as the caller already read it, for the first attempt (a stale read fails the
   * compare-and-swap and is read again). Null or absent: read it here, consistently, so a monitor
   * created a moment ago is never taken for deleted.
   */
  firstRead?: MonitorForChecks | null,
  /** What the caller already stored as this round's history item (historyToStore), if anything. */
  storedHistory?: string | null,
): Promise<{ outcome: RoundOutcome; monitor: MonitorForChecks | null }> => {
  const decision = decideRound(results);
  const keptKey = monitorMapKey(opts.userId, opts.monitorId);
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const monitor = attempt === 1 && firstRead ? firstRead : await getMonitorForChecks(opts.userId, opts.monitorId);
    if (!monitor) {
      opts.keptStates?.forget(keptKey);
      return { outcome: 'monitor_gone', monitor: null };
    }
    // A round still in flight when the monitor was paused or disabled: its open incident was
    // resolved and its state reset then (docs/checks.md "Pausing, deleting, disabling"); applying
    // the round would open a new one, and alert, on a monitor nobody watches.
    if (monitor.status !== 'active') {
      opts.keptStates?.forget(keptKey);
      return { outcome: 'not_checked', monitor };
    }
    const monitorType = typeOfTarget(monitor.target);
    // In a maintenance window the round moves the state but alerts nothing (but the recovery of an
    // outage alerted before the window), and its hour counts it as maintenance, out of uptime
    // (docs/maintenance.md "What a window does").
    const muted = Boolean(monitor.maintenance);
    const applied = applyRound(monitor.state, {
      monitorId: opts.monitorId,
      round: opts.round,
      decision,
      slowThresholdMs: monitor.slowThresholdMs,
      monitorType,
      confirmRounds: monitor.confirmRounds,
      muted,
      alertedBeforeMute: monitor.maintenance?.down_incident_at_start ?? null,
      maintenanceWindow: monitor.maintenance ?? null,
    });
    if (!applied.applied) return { outcome: 'already_applied', monitor };

    const commit = await commitRound({
      monitor,
      round: opts.round,
      applied,
      // The hour of the round's slot, not of its last answer: round ids only move forward.
      rollup: { hour: hourBucket(new Date(opts.round)), increment: rollupIncrement(decision, muted) },
      rollupExpiresAt: (hourStart) => expiresAt(hourStart, opts.tier),
      decided: { round: opts.round, results: [...results] },
      storedHistory,
      batch: opts.stateWrites,
    });
    if (commit.outcome !== 'committed') opts.keptStates?.forget(keptKey);
    if (commit.outcome === 'stale') continue;
    if (commit.outcome === 'owner_gone') return { outcome: 'monitor_gone', monitor: null };
    opts.keptStates?.keep(keptKey, commit.state);
    // Open screens change now rather than at their next poll (docs/live-status.md "Pushes"),
    // side by side with the counters and the alerts: best-effort and bounded (it never throws),
    // so a screen never holds the round or its alerts up. In a batch, the batch waits for it.
    const messages = liveMessagesOfRound({
      monitorId: opts.monitorId,
      before: { isUp: monitor.state.isUp, responseTimeSeconds: monitor.responseTimeSeconds },
      after: applied.monitor,
      slowThresholdMs: monitor.slowThresholdMs,
      effects: applied.effects,
    });
    let pushed: Promise<unknown> = Promise.resolve();
    if (opts.livePushes) opts.livePushes.publish(opts.userId, messages);
    else pushed = publishLive(opts.userId, messages, { budgetMs: LIVE_PUBLISH_BUDGET_IN_ROUND_MS });
    if (opts.counters) opts.counters.add(incidentCounterDeltas(applied.effects));
    else await adjustCounters(incidentCounterDeltas(applied.effects));

    const alerts: AlertMessage[] = applied.effects.flatMap((effect) =>
      effect.kind === 'alert'
        ? [
            {
              kind: 'alert' as const,
              userId: opts.userId,
              monitorName: monitor.name,
              monitorUrl: monitor.url,
              monitorType,
              alert: effect.alert,
            },
          ]
        : [],
    );
    for (const { alert } of alerts) {
      logger.info('Monitor state changed', { monitorId: opts.monitorId, round: opts.round, event: alert.event, transitionId: alert.transitionId });
      addCountWith(METRIC.transitions, { kind: alert.event }, 1);
    }
    if (alerts.length) {
      // The outbox entries are committed; if this send fails they stay `pending` for the alerts
      // pipeline to pick up, so the round itself is done either way.
      await sendAlerts(opts.alertsQueueUrl, alerts).catch((error: unknown) =>
        logger.error('Could not queue alerts; they wait in the outbox', { monitorId: opts.monitorId, round: opts.round, error }),
      );
    }
    // A certificate's alert waits for the window's end: its marker stays as it was, so the first
    // round after the window finds the step still to take.
    // A step of the marker is written after the round, under its own condition: the kept state no
    // longer knows the marker then, so the next round reads it.
    if (!muted && (await applySslOfRound({ monitor, round: opts.round, results, alertsQueueUrl: opts.alertsQueueUrl }))) {
      opts.keptStates?.forget(keptKey);
    }
    await pushed;
    return { outcome: 'applied', monitor };
  }
  throw new Error(`Round ${opts.round} of monitor ${opts.monitorId} lost the compare-and-swap ${MAX_ATTEMPTS} times`);
};
