import type { CheckResult } from '../../../shared/checks/check-result.js';
import { applyRound } from '../../../shared/checks/monitor-state.js';
import { decideRound, shouldDecide } from '../../../shared/checks/quorum.js';
import { expiresAt } from '../../../shared/checks/retention.js';
import { hourBucket, rollupIncrement } from '../../../shared/checks/rollups.js';
import type { TierId } from '../../../shared/tiers.js';
import { sendAlerts, type AlertMessage } from '../../repositories/alert-queue-repository.js';
import { getRoundResults } from '../../repositories/check-result-repository.js';
import { commitRound, getMonitorForChecks } from '../../repositories/monitor-check-state-repository.js';
import { logError } from '../../log.js';

/** A compare-and-swap that keeps losing means something else is wrong; don't spin. */
const MAX_ATTEMPTS = 5;

export type RoundOutcome = 'waiting' | 'applied' | 'already_applied' | 'monitor_gone';

/**
 * Decides one round of one monitor if it can be decided (every expected region answered, the
 * outcome can no longer change, or the deadline passed), and applies it: state, incidents, outbox,
 * rollup in one conditional transaction, re-read and re-applied when another processor got there
 * first. Then the round's alerts go to the alerts queue.
 */
export const decideAndApplyRound = async (opts: {
  userId: string;
  monitorId: string;
  round: string;
  expectedRegions: readonly string[];
  deadlinePassed: boolean;
  tier: TierId;
  alertsQueueUrl: string;
}): Promise<RoundOutcome> => {
  const results: CheckResult[] = await getRoundResults(opts.monitorId, opts.round);
  if (!shouldDecide(results, opts.expectedRegions, { deadlinePassed: opts.deadlinePassed })) return 'waiting';
  const decision = decideRound(results);

  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const monitor = await getMonitorForChecks(opts.userId, opts.monitorId);
    if (!monitor) return 'monitor_gone';
    const applied = applyRound(monitor.state, {
      monitorId: opts.monitorId,
      round: opts.round,
      decision,
      slowThresholdMs: monitor.slowThresholdMs,
    });
    if (!applied.applied) return 'already_applied';

    const increment = rollupIncrement(decision);
    const checkedAt = new Date(decision.checkedAt ?? opts.round);
    const outcome = await commitRound({
      monitor,
      round: opts.round,
      applied,
      rollup: increment ? { hour: hourBucket(checkedAt), increment, expiresAt: expiresAt(checkedAt, opts.tier) } : null,
    });
    if (outcome === 'stale') continue;

    const alerts: AlertMessage[] = applied.effects.flatMap((effect) =>
      effect.kind === 'alert'
        ? [{ kind: 'alert' as const, userId: opts.userId, monitorName: monitor.name, monitorUrl: monitor.url, alert: effect.alert }]
        : [],
    );
    if (alerts.length) {
      // The outbox entries are committed; if this send fails they stay `pending` for the alerts
      // pipeline to pick up, so the round itself is done either way.
      await sendAlerts(opts.alertsQueueUrl, alerts).catch((error: unknown) =>
        logError('Could not queue alerts; they wait in the outbox', error, { monitorId: opts.monitorId, round: opts.round }),
      );
    }
    return 'applied';
  }
  throw new Error(`Round ${opts.round} of monitor ${opts.monitorId} lost the compare-and-swap ${MAX_ATTEMPTS} times`);
};
