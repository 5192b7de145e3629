import { roundDeadlineDelaySeconds, roundStartedAt, type RoundId } from '../../../shared/checks/check-round.js';
import { effectiveSlowThresholdMs } from '../../../shared/monitors/check-option-rules.js';
import type { CheckOptions } from '../../../shared/monitors/check-options.js';
import type { Monitor } from '../../../shared/monitors/schemas.js';
import { jobTargetOf } from '../../../shared/checks/check-job.js';
import { judgedFromPings, type MonitorTarget } from '../../../shared/monitors/monitor-types.js';
import { startHeartbeatRounds } from '../checks/heartbeat-rounds.js';
import { fanOutJobs } from '../checks/fan-out-jobs.js';

/** What a round needs of a monitor to be started. */
export interface CheckNowTarget {
  id: string;
  url: string;
  timeoutSeconds: number;
  /** The effective threshold (effectiveSlowThresholdMs). */
  slowThresholdMs: number;
  /** Stored request options and assertions, secrets sealed. */
  options: CheckOptions | undefined;
  /** The non-HTTP target; undefined for http. */
  target: MonitorTarget | undefined;
}

/**
 * Starts one round now for each of the user's `targets`, through the same pipeline as scheduled
 * checks (every region, quorum, incidents, alerts). Force check uses it, and so do a new monitor
 * and a resumed one (docs/live-status.md): their first check comes within seconds, not at their
 * first slot a minute or more later. The round id is `at` (check-round.ts), so it is newer than
 * every round started before and older than the monitor's first scheduled slot.
 */
export const checkMonitorsNow = async (userId: string, targets: readonly CheckNowTarget[], at: Date = new Date()): Promise<RoundId> => {
  const round = roundStartedAt(at);
  // A heartbeat is judged from its last ping as of now (heartbeat-rounds.ts); the others go to the regions.
  const heartbeats = targets.filter((target) => judgedFromPings(target.target));
  const checked = targets.filter((target) => !judgedFromPings(target.target));
  await startHeartbeatRounds(heartbeats.map((target) => ({ userId, monitorId: target.id, round })), 0);
  if (!checked.length) return round;
  await fanOutJobs({
    jobs: checked.map((target) => {
      const jobTarget = jobTargetOf(target.target);
      return {
        userId,
        monitorId: target.id,
        url: target.url,
        timeoutSeconds: target.timeoutSeconds,
        slowThresholdMs: target.slowThresholdMs,
        round,
        ...(target.options && Object.keys(target.options).length ? { options: target.options } : {}),
        ...(jobTarget ? { target: jobTarget } : {}),
      };
    }),
    delaySeconds: 0,
    deadlineSeconds: roundDeadlineDelaySeconds(Math.max(...checked.map((target) => target.timeoutSeconds))),
  });
  return round;
};

/** A monitor as the API shows it, with its stored check options, as a target of `checkMonitorsNow`. */
export const monitorCheckTarget = (
  monitor: Pick<Monitor, 'id' | 'url' | 'timeout' | 'slow_threshold'>,
  options: CheckOptions | undefined,
  target: MonitorTarget | undefined,
): CheckNowTarget => ({
  id: monitor.id,
  url: monitor.url,
  timeoutSeconds: monitor.timeout,
  slowThresholdMs: effectiveSlowThresholdMs(Math.round(monitor.slow_threshold * 1000), options),
  options,
  target,
});
